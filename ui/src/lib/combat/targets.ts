import type { Unit, View } from '../model';
import { dist, nearestPair } from '../table/geometry';

export interface Target {
  unit: Unit;
  /** Nearest living figure to nearest living figure, in inches: what fire and charges are measured by. */
  distance: number;
}

/** Enemy units still in the game, nearest first: the one a player means is nearly always near the top. */
export function enemiesByDistance(view: View, from: Unit): Target[] {
  return view.units
    .filter((u) => u.side !== from.side && !u.out)
    .map((unit) => {
      const pair = nearestPair(from, unit);
      return { unit, distance: pair ? dist(pair[0], pair[1]) : Infinity };
    })
    .sort((a, b) => a.distance - b.distance);
}

/** A charge stops 1" short of its target, so it needs that much less than the gap. */
export const CHARGE_STOP_SHORT = 1;

/** Slack for inches worked out on the tablet against the engine's own sums. */
export const SLACK = 0.05;
