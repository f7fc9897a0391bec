// Where the things drawn in a zone go inside its box: its name (or the Boxers' entry number) at the top
// left; what it holds as chips in rows from its foot up; the fire's flame and the barricade at the right
// end of the first row with room for them. A row that reaches the name's line starts after the name, so
// no chip is ever drawn over it; and a zone whose contents still do not fit is widened or made taller by
// the map (`leastWidth`, in frame.ts), the map scrolling if it must, rather than any of it drawn smaller
// than the map's least text size (14 px, for reading across the table, larger with Large text) or spilt
// over a neighbour.

import { chipsOf, type Chip } from './chips';
import { textWidth } from './measure';
import type { Holding, Zone } from './view';

/** The least size of the map's words, in pixels, before Large text. */
export const TEXT_PX = 14;
/** The gap between chips, and between a row and the next. */
const GAP = 2;
/** How far the chips and marks keep from the zone's edge. */
const PAD = 2;
/** The label's letter spacing, in em. */
export const LABEL_SPACING = 0.02;
/** The label's glyphs run from its baseline up by this much of its size, and down by the next. */
const ASCENT = 0.93;
const DESCENT = 0.3;

export interface Piece {
  key: string;
  w: number;
  h: number;
}

/** A zone's contents measured, for a text scale `k`: what `lay` places. */
export interface Contents {
  /** The label's size and baseline, or the entry number's circle (its radius). */
  labelPx: number;
  baseline: number;
  radius: number;
  /** The room the name or entry number takes at the top left. */
  corner: { w: number; h: number };
  /** The chips, left to right, and their height. */
  chips: (Chip & Piece)[];
  rowH: number;
  /** The flame and the barricade, kept together at a row's right end. */
  marks: Piece[];
}

export function contentsOf(zone: Zone, holds: Holding, k: number): Contents {
  const labelPx = TEXT_PX * k;
  const radius = 10 * k;
  const corner =
    zone.entry !== null
      ? { w: 2 * radius + 4, h: 2 * radius + 4 }
      : { w: 3 + textWidth(zone.id, labelPx, 750, LABEL_SPACING), h: 2 + (ASCENT + DESCENT) * labelPx };
  const rowH = 19 * k;
  const chips = chipsOf(holds).map((c) => ({ ...c, key: c.kind, w: textWidth(c.text, labelPx, 750) + 7 * k, h: rowH }));
  const marks: Piece[] = [];
  if (zone.fire) marks.push({ key: 'flame', w: 14, h: 19 });
  if (zone.barricade) marks.push({ key: 'barricade', w: 24, h: 16 });
  return { labelPx, baseline: 2 + labelPx, radius, corner, chips, rowH, marks };
}

export interface Laid {
  /** Each chip's and mark's top left corner, from the zone's. */
  at: Map<string, { x: number; y: number }>;
  /** Whether everything is inside the zone and clear of its name. */
  fits: boolean;
}

/** The zone's contents placed in a box `w` by `h` pixels. */
export function lay(w: number, h: number, c: Contents): Laid {
  const rows: { top: number; left: number; right: number; used: number }[] = [];
  for (let top = h - PAD - c.rowH; top >= 1; top -= c.rowH + GAP) {
    const left = top < c.corner.h ? c.corner.w + GAP + 1 : PAD;
    rows.push({ top, left, right: w - PAD, used: left });
  }
  let fits = c.corner.w + PAD <= w && c.corner.h <= h && rows.length > 0;
  if (rows.length === 0) rows.push({ top: Math.max(0, h - PAD - c.rowH), left: c.corner.w + GAP, right: w - PAD, used: c.corner.w + GAP });
  const at = new Map<string, { x: number; y: number }>();
  let r = 0;
  for (const chip of c.chips) {
    while (r < rows.length && rows[r].used + chip.w > rows[r].right) r++;
    // Nowhere left for it: it runs on along the top row, and the map is told it does not fit.
    if (r === rows.length) {
      fits = false;
      r = rows.length - 1;
    }
    at.set(chip.key, { x: rows[r].used, y: rows[r].top });
    rows[r].used += chip.w + GAP;
  }
  if (c.marks.length > 0) {
    const width = c.marks.reduce((a, m) => a + m.w, 0) + GAP * (c.marks.length - 1);
    let row = rows.find((q) => q.used + width <= q.right);
    if (!row) {
      fits = false;
      row = rows[0];
    }
    let x = row.right - width;
    for (const m of c.marks) {
      at.set(m.key, { x, y: row.top + (c.rowH - m.h) / 2 });
      x += m.w + GAP;
    }
  }
  return { at, fits };
}

/** The least width, in pixels, at which a zone `h` pixels tall holds its contents (at least `least`). */
export function leastWidth(c: Contents, h: number, least: number): number {
  for (let w = least; w < least + 600; w += 2) if (lay(w, h, c).fits) return w;
  return least + 600;
}
