import type { Prompt } from '../../model';

// The day's words for a player, where the engine's are its own shorthand: the combat phases by their
// number in the sequence, and the dice Advance throws by what they decide rather than by the action.

/** "3 Soldiers fire: give each zone's fire" → "Phase 3 · Soldiers fire: give each zone's fire". */
export function stepWords(step: string): string {
  const m = /^(\d) (.+)$/.exec(step);
  return m ? `Phase ${m[1]} · ${m[2]}` : step;
}

/**
 * The dice due now, named one by one for what each decides ("event test (2D6), first die"), and what to
 * do with them: thrown at the table and typed in, or left to Sandtable. The engine's count of them is its
 * list; that more may follow as the dice fall it says only in its own sentence.
 */
export function diceWords(prompt: Prompt): string {
  const rolls = prompt.dice.map((d) => d.replace(/^1 D6: /, ''));
  const more = /then more/.test(prompt.text) ? ', then more as the dice fall' : '';
  const count = rolls.length === 1 ? 'a D6' : `${rolls.length} D6`;
  return `The day’s next dice: ${count} for ${rolls.join('; ')}${more}. Throw them at the table and type each face as it is asked for, or let Sandtable roll.`;
}
