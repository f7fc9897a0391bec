// Where a notice laid over a drawing (the table, a board) hides least: at the drawing's foot, or at its top
// when the pieces it should leave in sight (the units its words name, the unit being acted with) lie
// under the foot more than under the top.

export type NoticeEdge = 'foot' | 'top';

/** The area of `a` that `b` covers, in square pixels. */
function overlap(a: DOMRect, b: DOMRect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The edge of `area` that `notice` (as laid out now, at either edge) covers less of `keep` at. `gap` is
 * the notice's distance from the edge it stands at. The foot wins a tie: it is where notices are looked for.
 */
export function leastHidingEdge(area: DOMRect, notice: DOMRect, keep: DOMRect[], gap: number): NoticeEdge {
  if (keep.length === 0) return 'foot';
  const at = (top: number) => new DOMRect(notice.left, top, notice.width, notice.height);
  const foot = at(area.bottom - gap - notice.height);
  const top = at(area.top + gap);
  const hidden = (box: DOMRect) => keep.reduce((sum, r) => sum + overlap(box, r), 0);
  return hidden(top) < hidden(foot) ? 'top' : 'foot';
}
