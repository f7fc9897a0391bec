// Questions the UI asks of the engine's turn sequence (what kind of phase, may this unit act, who charged
// whom), kept in one place so the phase bar, the unit cards and the panels agree on the answers.

import type { Phase } from '../../bindings';
import type { Sequence, Unit, View } from '../model';

export function isMovement(phase: Phase): boolean {
  return phase === 'move_first' || phase === 'move_second';
}

export function isFire(phase: Phase): boolean {
  return phase === 'fire_first' || phase === 'fire_second';
}

export function isInitiative(phase: Phase): boolean {
  return phase === 'move_initiative' || phase === 'fire_initiative';
}

export function isOrder(phase: Phase): boolean {
  return phase === 'move_order' || phase === 'fire_order';
}

export function sideName(view: View, id: string | null | undefined): string {
  return view.sides.find((s) => s.id === id)?.name ?? id ?? '';
}

/**
 * May this unit do something that belongs to the acting side in this kind of phase? The engine checks
 * again; asking first only spares the player a button that can only be refused.
 */
export function actsNow(seq: Sequence | null, unit: Unit, kind: (p: Phase) => boolean): boolean {
  return !seq || (kind(seq.phase) && seq.acting_side === unit.side);
}

/** The charge this unit declared this turn, if any. */
export function chargeBy(seq: Sequence | null, unit: string) {
  return seq?.charges.find((c) => c.attacker === unit) ?? null;
}

/** The charges made at this unit this turn. */
export function chargesAt(seq: Sequence | null, unit: string) {
  return seq?.charges.filter((c) => c.defender === unit) ?? [];
}

/**
 * What the player does next in a phase that owes nothing, in a few words beside the acting side: someone
 * new to the sequence should not have to look up what "C" means.
 */
export function hint(seq: Sequence): string {
  switch (seq.phase) {
    case 'move_initiative':
      return 'Each side rolls 1D6; the higher picks who moves first.';
    case 'fire_initiative':
      return 'Each side rolls 1D6; the higher picks who fires first.';
    case 'move_order':
    case 'fire_order':
      return 'Won the initiative: pick the side that goes first.';
    case 'move_first':
    case 'move_second':
      return 'Roll and move units, or charge, from their cards; then end the phase.';
    case 'fire_first':
    case 'fire_second':
      return 'Select a unit to fire; then end the phase.';
    case 'charge_morale':
    case 'stand_morale':
      return seq.prompts.length ? 'Roll the tests on the right.' : 'All tests taken.';
    case 'melee':
      return seq.prompts.length ? 'Fight the melees on the right.' : 'Melees done: the turn can end.';
  }
}
