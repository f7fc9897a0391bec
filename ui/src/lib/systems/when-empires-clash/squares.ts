// Squares as the engine names them ("C4": column letter from the west, row number from the north) and
// where they lie on the board's drawing, in millimetres (a square is 50 mm).

export const SQUARE = 50;

export interface Cell {
  col: number;
  row: number;
}

export function cellOf(name: string): Cell {
  const m = /^([A-Z]+)(\d+)$/.exec(name.toUpperCase());
  if (!m) return { col: -1, row: -1 };
  const col = [...m[1]].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0) - 1;
  return { col, row: Number(m[2]) - 1 };
}

export function nameOf({ col, row }: Cell): string {
  let letters = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

export function columnLetter(col: number): string {
  return nameOf({ col, row: 0 }).replace(/\d+$/, '');
}

/** The middle of a square, in millimetres from the board's top-left corner. */
export function centre(name: string): { x: number; y: number } {
  const c = cellOf(name);
  return { x: (c.col + 0.5) * SQUARE, y: (c.row + 0.5) * SQUARE };
}

export const FACING_DEGREES = { north: 0, east: 90, south: 180, west: 270 } as const;
export type FacingName = keyof typeof FACING_DEGREES;

/** One square ahead along a facing, as (columns, rows). */
export function ahead(facing: FacingName): { dx: number; dy: number } {
  return { north: { dx: 0, dy: -1 }, east: { dx: 1, dy: 0 }, south: { dx: 0, dy: 1 }, west: { dx: -1, dy: 0 } }[facing];
}

/** The edge between two squares side by side, as a line's two ends. */
export function edgeBetween(a: string, b: string): { x1: number; y1: number; x2: number; y2: number } {
  const [p, q] = [cellOf(a), cellOf(b)];
  if (p.col === q.col) {
    const y = Math.max(p.row, q.row) * SQUARE;
    return { x1: p.col * SQUARE, y1: y, x2: (p.col + 1) * SQUARE, y2: y };
  }
  const x = Math.max(p.col, q.col) * SQUARE;
  return { x1: x, y1: p.row * SQUARE, x2: x, y2: (p.row + 1) * SQUARE };
}
