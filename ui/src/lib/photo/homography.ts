// A photo's view of the table is a 3x3 homography (row-major, from the engine's fit). Shapes the game
// describes in table inches (rings, templates, the grid) are sampled in inches and each sample sent
// through it, so a circle on the table comes out the ellipse the camera saw.

import type { Point } from '../model';

export type Matrix = readonly number[];

/** Where `p` lands through `m`, or null when it is behind the camera (w <= 0) or at infinity. */
export function apply(m: Matrix, p: Point): Point | null {
  const w = m[6] * p.x + m[7] * p.y + m[8];
  if (!(w > 1e-12)) return null;
  return { x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w };
}

/**
 * A table polyline through `m`, cut where it passes behind the camera: each run of points in front
 * is a piece of its own, so no line is drawn across the photo from a point that has no place on it.
 * A closed shape whose first and last pieces meet is joined back into one.
 */
export function project(m: Matrix, points: Point[], closed: boolean): Point[][] {
  const pieces: Point[][] = [];
  let run: Point[] = [];
  const ring = closed && points.length > 0 ? [...points, points[0]] : points;
  for (const p of ring) {
    const q = apply(m, p);
    if (q) run.push(q);
    else if (run.length) {
      pieces.push(run);
      run = [];
    }
  }
  if (run.length) pieces.push(run);
  if (closed && pieces.length > 1 && apply(m, points[0])) {
    const last = pieces.pop()!;
    pieces[0] = [...last.slice(0, -1), ...pieces[0]];
  }
  return pieces.filter((piece) => piece.length > 1);
}

/** Points round a circle of `r` inches about `c`, the first at angle 0 (toward +x), every `step` inches
 * of its edge or closer (at least 24 points). */
export function circlePoints(c: Point, r: number, step = 1): Point[] {
  const n = Math.max(24, Math.ceil((2 * Math.PI * r) / step));
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
  });
}

/** A polygon's edges split into pieces no longer than `step` inches: straight on the table stays straight
 * on the photo, but clipping behind the camera needs points along each edge. */
export function densify(points: Point[], closed: boolean, step = 2): Point[] {
  const out: Point[] = [];
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const [a, b] = [points[i], points[(i + 1) % n]];
    out.push(a);
    if (!closed && i === n - 1) break;
    const parts = Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step);
    for (let k = 1; k < parts; k++) out.push({ x: a.x + ((b.x - a.x) * k) / parts, y: a.y + ((b.y - a.y) * k) / parts });
  }
  return out;
}

/** SVG path data for pieces from `project`; `closed` shuts a shape that came through whole. */
export function pathData(pieces: Point[][], closed: boolean): string {
  const f = (n: number) => n.toFixed(1);
  return pieces
    .map((piece, i) => {
      const d = piece.map((p, k) => `${k ? 'L' : 'M'}${f(p.x)} ${f(p.y)}`).join('');
      return closed && pieces.length === 1 && i === 0 ? `${d}Z` : d;
    })
    .join('');
}

/** A circle on the table drawn on the photo. */
export function circlePath(m: Matrix, c: Point, r: number): string {
  return pathData(project(m, circlePoints(c, r), true), true);
}

/** A table polygon (or polyline) drawn on the photo. */
export function polygonPath(m: Matrix, points: Point[], closed = true): string {
  return pathData(project(m, densify(points, closed), closed), closed);
}
