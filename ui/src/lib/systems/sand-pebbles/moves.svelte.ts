// What a player has picked for a unit's movement roll before rolling it: the dice (a gun's 1D6+6, a gun
// boat's number of D6) and any faces being typed in. The card's Roll move button and its panel below both
// read it, so it lives here, one draft per unit.

import type { Unit } from '../../model';
import { game } from '../../game.svelte';

class MoveDraft {
  choice = $state<string | null>(null);
  typing = $state(false);
}

const drafts = new Map<string, MoveDraft>();

export function draftOf(unit: Unit): MoveDraft {
  let draft = drafts.get(unit.id);
  if (!draft) drafts.set(unit.id, (draft = new MoveDraft()));
  return draft;
}

/** The roll the unit will make: the one picked if it is among its choices, else its normal roll. */
export function rollOf(unit: Unit): string | null {
  const choice = draftOf(unit).choice;
  return choice && unit.move_choices.includes(choice) ? choice : (unit.move_choices[0] ?? null);
}

export async function rollMove(unit: Unit, dice: number[] | null): Promise<boolean> {
  game.select(unit.id);
  const took = await game.act({ type: 'roll_move', unit: unit.id, expr: rollOf(unit), dice });
  if (took) {
    draftOf(unit).typing = false;
    // Rolling is nearly always followed by moving, so have the table ready for it.
    game.tool = 'move';
  }
  return took;
}
