// Where the stands' names go on When Empires Clash!'s grid. A 40 mm stand holds three or four letters at
// the least text size, so a name is not squeezed onto it as initials ("BrRI3", and "C" for both generals
// when the bar above grows): it goes on the stand when it fits there, else beside it, in a square's gap
// or an empty square, shortened by dropping words (labelNames.ts) and on two lines if that fits better.
// Where there is no room near a stand its name is left off (its card and tooltip say it); the picked
// stand's name is always shown, first, on a pill. No name covers another, another stand, or what is kept
// clear (the move costs printed in the squares the active stand may reach).

import { nameLadders } from './labelNames';
import { runWidth, type Box } from './labels';

export interface GridItem {
  id: string;
  name: string;
  /** The stand's base, upright on the board, in the board's units (millimetres). */
  box: Box;
}

export interface GridLabel {
  id: string;
  name: string;
  /** Lines, top first. */
  rows: string[];
  /** Where the text block's middle is, and its room (padding included). */
  x: number;
  y: number;
  box: Box;
  /** On its own stand rather than beside it. */
  inside: boolean;
}

/** One line of stand name, and the room round it, in screen pixels (the text itself is 14 px). */
export const GRID_ROW_PX = 17;
const PAD_PX = 3;
const GAP_PX = 2;

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A name on one line, then on two split where the lines come out most even. */
function layouts(name: string): string[][] {
  const words = name.split(' ');
  const out: string[][] = [[name]];
  let best: string[] | null = null;
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (!best || Math.max(...pair.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = pair;
  }
  if (best) out.push(best);
  return out;
}

/**
 * Every stand's name, placed; `px` is one screen pixel in board units, `bounds` the board. Stands whose
 * name finds no room are not in the list, save `selected`.
 */
export function layoutGridLabels(items: GridItem[], selected: string | null, bounds: Box, px: number, family: string, keepClear: Box[] = []): GridLabel[] {
  if (!(px > 0)) return [];
  const ladders = nameLadders(items.map((i) => i.name));
  const pad = PAD_PX * px;
  const gap = GAP_PX * px;
  const placed: GridLabel[] = [];
  const within = (b: Box) => b.x >= bounds.x && b.y >= bounds.y && b.x + b.w <= bounds.x + bounds.w && b.y + b.h <= bounds.y + bounds.h;

  function place(item: GridItem, ladder: string[], force: boolean): GridLabel | null {
    const s = item.box;
    const cx = s.x + s.w / 2;
    const cy = s.y + s.h / 2;
    let fallback: GridLabel | null = null;
    for (const wording of ladder)
      for (const rows of layouts(wording)) {
        const w = Math.max(...rows.map((r) => runWidth({ text: r, kind: 'flags' }, family))) * px + 2 * pad;
        const h = rows.length * GRID_ROW_PX * px + 2 * pad;
        const spots: { x: number; y: number; inside: boolean }[] = [
          { x: cx, y: cy, inside: true },
          { x: cx, y: s.y - gap - h / 2, inside: false },
          { x: cx, y: s.y + s.h + gap + h / 2, inside: false },
          { x: s.x + s.w + gap + w / 2, y: cy, inside: false },
          { x: s.x - gap - w / 2, y: cy, inside: false },
        ];
        for (const p of spots) {
          const box = { x: p.x - w / 2, y: p.y - h / 2, w, h };
          // On its own stand only if it stays within it across (a name spilling over the square's edge
          // would sit on the next stand's).
          if (p.inside && w > s.w + 2 * pad) continue;
          const label = { id: item.id, name: item.name, rows, x: p.x, y: p.y, box, inside: p.inside };
          fallback ??= within(box) ? label : null;
          if (!within(box)) continue;
          if (placed.some((l) => overlaps(l.box, box))) continue;
          if (items.some((o) => o.id !== item.id && overlaps(o.box, box))) continue;
          if (keepClear.some((k) => overlaps(k, box))) continue;
          return label;
        }
      }
    return force ? fallback : null;
  }

  const first = items.findIndex((i) => i.id === selected);
  if (first >= 0) {
    const got = place(items[first], ladders[first], true);
    if (got) placed.push(got);
  }
  items.forEach((item, i) => {
    if (i === first) return;
    const got = place(item, ladders[i], false);
    if (got) placed.push(got);
  });
  return placed;
}
