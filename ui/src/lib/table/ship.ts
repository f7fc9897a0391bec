// Boats and junks (Sand Pebbles) pay for their turns out of the movement roll and must cover the dice part
// of it; this is the engine's arithmetic (src/systems/sand_pebbles/movement.rs `ship_turns`, sequence.rs
// `ship_still_owes`) done on the tablet so the route being dragged shows its cost before it is sent. The
// engine checks the move again and words any refusal.

import type { Point, Unit, View } from '../model';
import { dist, facingOf, pointAlong } from './geometry';

/** The unit kinds that move as craft: they pay for turns and must move their dice. */
export const CRAFT_KINDS = ['gun_boat', 'little_boat', 'medium_junk', 'big_junk'];

/** "Cost to turn ship 90 degree turn 6 inches 180 12 inches", charged pro rata. */
export const TURN_COST_PER_90 = 6;

/** Legs shorter than this turn nothing (the engine's MOVE_TOLERANCE). */
const TOLERANCE = 0.05;

export function isCraft(unit: Unit): boolean {
  return CRAFT_KINDS.includes(unit.kind);
}

/** The smaller angle between two bearings, 0 to 180 degrees. */
export function angleBetween(a: number, b: number): number {
  const d = (((a - b) % 360) + 360) % 360;
  return Math.min(d, 360 - d);
}

export interface Turn {
  at: Point;
  /** Inches this change of heading costs. */
  cost: number;
}

export interface ShipRoute {
  /** Inches along the route. */
  length: number;
  /** Inches paid for turning, the first leg's turn from the craft's facing included. */
  turning: number;
  turns: Turn[];
  /** The way the craft faces at the end: along its last leg. */
  heading: number;
}

/** What a route costs a craft that starts at `route[0]` facing `facing`. */
export function shipRoute(facing: number, route: Point[]): ShipRoute {
  let heading = facing;
  let length = 0;
  const turns: Turn[] = [];
  for (let i = 1; i < route.length; i++) {
    const [from, to] = [route[i - 1], route[i]];
    const d = dist(from, to);
    length += d;
    if (d <= TOLERANCE) continue;
    const leg = facingOf(from, to);
    const cost = (angleBetween(heading, leg) / 90) * TURN_COST_PER_90;
    if (cost > 0) turns.push({ at: from, cost });
    heading = leg;
  }
  return { length, turning: turns.reduce((s, t) => s + t.cost, 0), turns, heading };
}

/** The constant part of a movement roll: "2D6+6" → 6, "3D6+6-1D6" → 6. */
export function exprConstant(expr: string): number {
  const terms = expr.replace(/\s+/g, '').match(/[+-]?[^+-]+/g) ?? [];
  return terms.filter((t) => /^[+-]?\d+$/.test(t)).reduce((s, t) => s + Number(t), 0);
}

export interface Budget {
  /** Inches of the roll not yet spent. */
  left: number;
  /** Inches the craft must still cover before its side's movement phase may end (the dice part). */
  owed: number;
  /** Whether this craft must move its dice at all (see the `must_move_gun_boat_only` ruling). */
  bound: boolean;
}

/** A craft's path budget once it has rolled; null for other units or before the roll. */
export function shipBudget(view: View, unit: Unit): Budget | null {
  const a = unit.allowance;
  if (!a || !isCraft(unit)) return null;
  const gunBoatOnly = view.options.some((o) => o.name === 'must_move_gun_boat_only' && o.on);
  const bound = !gunBoatOnly || unit.kind === 'gun_boat';
  // What the dice owe, less what has been moved already: (total − constant) − (total − left).
  const owed = bound ? Math.max(0, a.left - exprConstant(a.expr)) : 0;
  return { left: Math.max(0, a.left), owed, bound };
}

/**
 * Everywhere a craft can reach with `budget` inches in one straight leg, turning first: a leg at θ degrees
 * off its facing costs θ/90 × 6" before it starts, so the reach is a teardrop rather than a ring. Turning
 * more than once never reaches further, so this is the whole of what the budget allows.
 */
export function reachOutline(at: Point, facing: number, budget: number, step = 3): Point[] {
  const perDegree = TURN_COST_PER_90 / 90;
  const pts: Point[] = [];
  // Short of 12" a craft cannot turn right round: the shape closes at the craft itself.
  if (budget - 180 * perDegree <= 0) pts.push(at);
  for (let t = -180; t <= 180; t += step) {
    const r = budget - Math.abs(t) * perDegree;
    if (r > 0) pts.push(pointAlong(at, facing + t, r));
  }
  return pts;
}
