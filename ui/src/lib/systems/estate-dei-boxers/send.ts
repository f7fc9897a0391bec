import type { Action } from '../../model';
import { game } from '../../game.svelte';
import { picks } from './picks.svelte';

/**
 * Sends one of the siege's actions. A refusal is kept for the zone panel, which shows it where the
 * player acted, rather than in a banner over the map the player is looking at.
 */
export async function send(action: Action): Promise<boolean> {
  picks.refusal = null;
  return game.act(action, { refused: (e) => picks.refused(e) });
}
