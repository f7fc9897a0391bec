// A unit that pays for its turns out of its movement roll and must cover part of that roll (a boat; the
// engine marks it with `unit.path`, which carries the cost of a 90-degree turn and the inches still owed).
// This is the engine's arithmetic done on the tablet, so the route being dragged shows its cost before it
// is sent; the engine checks the move again and words any refusal.

import type { Point, Unit } from '../model';
import { dist, facingOf, pointAlong } from './geometry';

/** Legs shorter than this turn nothing (the engine's MOVE_TOLERANCE). */
const TOLERANCE = 0.05;

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

export interface TurningRoute {
  /** Inches along the route. */
  length: number;
  /** Inches paid for turning, the first leg's turn from the unit's facing included. */
  turning: number;
  turns: Turn[];
  /** The way the unit faces at the end: along its last leg. */
  heading: number;
}

/** What a route costs a unit that starts at `route[0]` facing `facing` and pays `per90` inches a right angle. */
export function turningRoute(facing: number, route: Point[], per90: number): TurningRoute {
  let heading = facing;
  let length = 0;
  const turns: Turn[] = [];
  for (let i = 1; i < route.length; i++) {
    const [from, to] = [route[i - 1], route[i]];
    const d = dist(from, to);
    length += d;
    if (d <= TOLERANCE) continue;
    const leg = facingOf(from, to);
    const cost = (angleBetween(heading, leg) / 90) * per90;
    if (cost > 0) turns.push({ at: from, cost });
    heading = leg;
  }
  return { length, turning: turns.reduce((s, t) => s + t.cost, 0), turns, heading };
}

export interface Budget {
  /** Inches of the roll not yet spent. */
  left: number;
  /** Inches the unit must still cover before its side's movement phase may end. */
  owed: number;
  /** Whether the unit must cover its dice at all. */
  bound: boolean;
  /** Inches a 90-degree turn costs. */
  per90: number;
}

/** The path budget of a unit that pays for its turns, once it has rolled; null for other units. */
export function turningBudget(unit: Unit): Budget | null {
  const a = unit.allowance;
  const path = unit.path;
  if (!a || !path) return null;
  return { left: Math.max(0, a.left), owed: path.owed, bound: path.bound, per90: path.turn_cost_per_90 };
}

/**
 * Everywhere the unit can reach with `budget` inches in one straight leg, turning first: a leg at θ degrees
 * off its facing costs θ/90 × `per90` before it starts, so the reach is a teardrop rather than a ring.
 * Turning more than once never reaches further, so this is the whole of what the budget allows.
 */
export function reachOutline(at: Point, facing: number, budget: number, per90: number, step = 3): Point[] {
  const perDegree = per90 / 90;
  const pts: Point[] = [];
  // Short of a U-turn's cost the unit cannot turn right round: the shape closes at the unit itself.
  if (budget - 180 * perDegree <= 0) pts.push(at);
  for (let t = -180; t <= 180; t += step) {
    const r = budget - Math.abs(t) * perDegree;
    if (r > 0) pts.push(pointAlong(at, facing + t, r));
  }
  return pts;
}
