// What a tap on a zone means now. Nothing here decides what the rules allow: a tap sends what the player
// asked for, and the engine's refusal, if any, is shown in the panel.

import { game } from '../../game.svelte';
import { picks } from './picks.svelte';
import { send } from './send';
import { stageKey, type Estate } from './view';

/** The stages in which the defenders are placed freely, one counter at a time. */
export const FREE = new Set(['setup', 'redeploy']);

export async function tapZone(estate: Estate, zone: string) {
  const stage = stageKey(estate);
  if (picks.barricades) {
    picks.toggleBarricade(zone);
    return;
  }
  if (stage === 'betsy' && estate.betsy_zones.includes(zone)) {
    await send({ type: 'place_betsy', zone });
    return;
  }
  if (picks.counters.length > 0 && picks.zone !== null) {
    if (stage === 'combat/soldier_move') {
      picks.extendPath(zone);
      return;
    }
    if (FREE.has(stage) && zone !== picks.zone) {
      await reposition(picks.counters, zone);
      return;
    }
  }
  picks.show(picks.zone === zone ? null : zone);
  // The shared screen brings the side panel's first tab forward for what is picked on the table: the
  // zone panel, when the player was looking at the dice.
  game.select(picks.zone);
}

/** Each picked counter to the zone in turn, stopping at the first the engine refuses. */
async function reposition(counters: string[], zone: string) {
  for (const counter of counters) {
    if (!(await send({ type: 'reposition', counter, zone }))) return;
  }
  picks.counters = [];
}

/** The picked counters along the drawn path; they stay picked, to go on from where they stop. */
export async function moveAlong() {
  const [counters, path] = [picks.counters, picks.path];
  if (counters.length === 0 || path.length === 0) return;
  if (await send({ type: 'move_counters', counters, path })) {
    picks.zone = path[path.length - 1];
    picks.path = [];
  }
}
