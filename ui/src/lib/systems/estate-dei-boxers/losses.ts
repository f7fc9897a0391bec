// The player's share-out of the losses owed (6.4), as pure arithmetic on the view: how many points each
// counter may take, what the points tapped so far will do to it, and the list the engine takes. Nothing
// here judges the choice; the engine does, and says why when it refuses.

import type { LossCandidate, Losses } from './view';

/** The points a counter can take: a soldier counter its points; a gun two steps (gun, then crew) or one. */
export function capacity(c: LossCandidate): number {
  if (c.gun) return c.points > 1 ? 2 : 1;
  return c.points;
}

/** How many of the points tapped so far fall on each counter, by id. */
export function tally(taps: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of taps) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/** What `n` points do to the counter, in a player's words; null for none. */
export function outcome(c: LossCandidate, n: number): string | null {
  if (n <= 0) return null;
  if (c.gun) return n === 1 && c.points > 1 ? 'gun destroyed, crew fights on' : 'crew lost';
  return n >= c.points ? 'to the wounded pool' : `flipped to ${c.points - n}`;
}

/**
 * Whether one more point may go on the counter: points left to assign, room on the counter, and for a
 * gun every soldier point already placed (the soldiers take losses before the guns).
 */
export function canTake(losses: Losses, taps: string[], c: LossCandidate): boolean {
  if (taps.length >= losses.points) return false;
  const counts = tally(taps);
  if ((counts.get(c.id) ?? 0) >= capacity(c)) return false;
  if (!c.gun) return true;
  return losses.counters.every((s) => s.gun || (counts.get(s.id) ?? 0) >= s.points);
}

/** Why a counter takes no more now, in a player's words; null when it may. */
export function barred(losses: Losses, taps: string[], c: LossCandidate): string | null {
  if (canTake(losses, taps, c)) return null;
  const n = tally(taps).get(c.id) ?? 0;
  if (n >= capacity(c)) return c.gun ? 'nothing left to lose' : 'all its points';
  if (taps.length >= losses.points) return null;
  return c.gun ? 'after every soldier point' : null;
}

/** The list the engine takes: one id per point, in the view's order (the soldiers before the guns). */
export function order(losses: Losses, taps: string[]): string[] {
  const counts = tally(taps);
  return losses.counters.flatMap((c) => Array.from({ length: counts.get(c.id) ?? 0 }, () => c.id));
}

/** A share-out is the same question again only for the same zone, points, cause and counters. */
export function key(losses: Losses): string {
  return [losses.zone, losses.points, losses.by, ...losses.counters.map((c) => `${c.id}:${c.points}`)].join('|');
}
