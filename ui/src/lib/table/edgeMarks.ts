// The inch marks round the cloth's edge (every 12") and its size at the foot, where TableCloth.svelte draws
// them; a table whose names may stand off the cloth (the editor's) keeps its names clear of them.

import type { TableSize } from '../model';
import type { Box } from './labels';

export interface EdgeMark {
  text: string;
  x: number;
  y: number;
  anchor: 'middle' | 'end';
  /** Along the top edge (a column's inches) or down the left (a row's). */
  edge: 'top' | 'left' | 'foot';
}

/** The marks' text is 14 px; a figure of it about 8.6 px wide. */
const MARK_PX = 14;
const DIGIT_PX = 8.6;

export function edgeMarks(table: TableSize, px: number): EdgeMark[] {
  const every = (n: number) => Array.from({ length: Math.floor((n - 1e-6) / 12) }, (_, i) => (i + 1) * 12);
  return [
    ...every(table.width).map((x): EdgeMark => ({ text: `${x}"`, x, y: -6 * px, anchor: 'middle', edge: 'top' })),
    ...every(table.depth).map((y): EdgeMark => ({ text: `${y}"`, x: -6 * px, y, anchor: 'end', edge: 'left' })),
    { text: `${table.width}" × ${table.depth}"`, x: table.width, y: table.depth + MARK_PX * px, anchor: 'end', edge: 'foot' },
  ];
}

/** The room each mark takes, in inches, with a few pixels to spare. */
export function edgeMarkBoxes(table: TableSize, px: number): Box[] {
  const spare = 3 * px;
  return edgeMarks(table, px).map((m) => {
    const w = m.text.length * DIGIT_PX * px;
    const left = m.anchor === 'end' ? m.x - w : m.x - w / 2;
    // Text sits on its baseline, except the left edge's, centred on its row.
    const top = m.edge === 'left' ? m.y - (MARK_PX / 2) * px : m.y - MARK_PX * 0.85 * px;
    return { x: left - spare, y: top - spare, w: w + 2 * spare, h: MARK_PX * px + 2 * spare };
  });
}
