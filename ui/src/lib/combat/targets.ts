import type { Unit, View } from '../model';
import { shownName } from '../model';
import { dist, nearestPair } from '../table/geometry';

export interface Target {
  unit: Unit;
  /** Nearest living figure to nearest living figure, in inches: what fire and charges are measured by. */
  distance: number;
  /** Still a hidden counter, so its name and strength are not shown. */
  hidden: boolean;
  /** The name a player may read: "Hidden counter" for one. */
  shown: string;
}

/**
 * Enemy units still in the game, nearest first: the one a player means is nearly always near the top.
 * Hidden counters are named only as counters, or left out (`hidden: 'exclude'`) where they cannot be taken
 * on, as for fire: "sight it before firing at it".
 */
export function enemiesByDistance(view: View, from: Unit, { hidden = 'mask' }: { hidden?: 'mask' | 'exclude' } = {}): Target[] {
  return view.units
    .filter((u) => u.side !== from.side && !u.out)
    .filter((u) => hidden === 'mask' || !u.concealed)
    .map((unit) => {
      const pair = nearestPair(from, unit);
      return { unit, distance: pair ? dist(pair[0], pair[1]) : Infinity, hidden: unit.concealed, shown: shownName(unit) };
    })
    .sort((a, b) => a.distance - b.distance);
}

/** Slack for inches worked out on the tablet against the engine's own sums. */
export const SLACK = 0.05;
