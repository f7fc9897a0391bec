import type { Figure, Point, Unit } from '../model';

/** Half a 25 mm base, in inches: how big a figure is drawn and how close a tap must land to pick it. */
export const FIGURE_RADIUS = 0.5;

/** Screen pixels round a dot that still pick it: with the dot, a target over 44 px across at any zoom. */
export const HIT_PX = 22;

/**
 * How far from a figure's centre, in inches, a tap still picks it when one screen pixel is `px` inches: a
 * 44 px target on a zoomed-out table, and no less than most of a base's width when zoomed in.
 */
export function hitReach(px: number): number {
  return Math.max(FIGURE_RADIUS * 1.8, FIGURE_RADIUS + HIT_PX * px);
}

export function dist(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function pathLength(points: Point[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += dist(points[i - 1], points[i]);
  return total;
}

/** Degrees clockwise from up the table (toward smaller y), the engine's facing convention. */
export function facingOf(from: Point, to: Point): number {
  const deg = (Math.atan2(to.x - from.x, -(to.y - from.y)) * 180) / Math.PI;
  return (deg + 360) % 360;
}

export function pointAlong(from: Point, facing: number, length: number): Point {
  const rad = (facing * Math.PI) / 180;
  return { x: from.x + Math.sin(rad) * length, y: from.y - Math.cos(rad) * length };
}

export function aliveFigures(unit: Unit): Figure[] {
  return unit.figures.filter((f) => f.alive);
}

/** Where the unit is measured from and moved by: its leader, or its first figure once he has fallen. */
export function anchorOf(unit: Unit): Point | null {
  const alive = aliveFigures(unit);
  return (alive.find((f) => f.role === 'leader') ?? alive[0])?.pos ?? null;
}

export function centroid(points: Point[]): Point {
  const n = Math.max(points.length, 1);
  return {
    x: points.reduce((s, p) => s + p.x, 0) / n,
    y: points.reduce((s, p) => s + p.y, 0) / n,
  };
}

/** The closest pair of living figures, the distance fire is measured over. */
export function nearestPair(a: Unit, b: Unit): [Point, Point] | null {
  let best: [Point, Point] | null = null;
  let bestD = Infinity;
  for (const f of aliveFigures(a))
    for (const g of aliveFigures(b)) {
      const d = dist(f.pos, g.pos);
      if (d < bestD) [bestD, best] = [d, [f.pos, g.pos]];
    }
  return best;
}

/**
 * The unit whose living figure is nearest `p`, if one lies within `reach` inches; of figures on the same
 * spot (a gun aboard its boat), the one listed first.
 */
export function unitAt(units: Unit[], p: Point, reach: number): Unit | null {
  let best: Unit | null = null;
  let bestD = reach;
  for (const u of units)
    for (const f of aliveFigures(u)) {
      const d = dist(f.pos, p);
      if (d < bestD || (!best && d <= bestD)) [bestD, best] = [d, u];
    }
  return best;
}

export interface UnderTemplate {
  unit: Unit;
  count: number;
}

/** Figures whose base centre lies inside the template circle, unit by unit. */
export function underTemplate(units: Unit[], centre: Point, radius: number): UnderTemplate[] {
  return units
    .map((unit) => ({ unit, count: aliveFigures(unit).filter((f) => dist(f.pos, centre) <= radius + 1e-9).length }))
    .filter((u) => u.count > 0);
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/**
 * Drops the wobble from a route traced by a finger (Ramer–Douglas–Peucker): points closer than
 * `tolerance` inches to the straight line between their neighbours go, so a straight drag costs its
 * straight length while a deliberate bend round a building is kept.
 */
export function simplify(points: Point[], tolerance: number): Point[] {
  if (points.length < 3) return points;
  const [a, b] = [points[0], points[points.length - 1]];
  const len = dist(a, b);
  let worst = -1;
  let worstD = 0;
  for (let i = 1; i < points.length - 1; i++) {
    const p = points[i];
    const d =
      len < 1e-9 ? dist(p, a) : Math.abs((b.x - a.x) * (a.y - p.y) - (a.x - p.x) * (b.y - a.y)) / len;
    if (d > worstD) [worstD, worst] = [d, i];
  }
  if (worstD <= tolerance) return [a, b];
  const left = simplify(points.slice(0, worst + 1), tolerance);
  return [...left.slice(0, -1), ...simplify(points.slice(worst), tolerance)];
}

/** Whether `p` lies inside the polygon (even–odd rule, as SVG fills it). */
export function insidePolygon(p: Point, polygon: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i], polygon[j]];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
