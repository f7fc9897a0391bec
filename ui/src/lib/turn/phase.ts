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
 * What the player does next in a phase that owes nothing, in a few words under its title: someone new to
 * the sequence should not have to look up what "C" means.
 */
export function hint(view: View, seq: Sequence): string {
  const side = sideName(view, seq.acting_side);
  switch (seq.phase) {
    case 'move_initiative':
      return 'Each side rolls 1D6; the higher picks who moves first.';
    case 'fire_initiative':
      return 'Each side rolls 1D6; the higher picks who fires first.';
    case 'move_order':
    case 'fire_order':
      return `${sideName(view, seq.initiative_winner)} won the initiative and chooses.`;
    case 'move_first':
    case 'move_second':
      return `${side}: roll and move units, or charge, from their cards. Then end the phase.`;
    case 'fire_first':
    case 'fire_second':
      return `${side}: select a unit to fire. Then end the phase.`;
    case 'charge_morale':
    case 'stand_morale':
      return seq.prompts.length ? 'Roll the tests on the right.' : 'All tests taken.';
    case 'melee':
      return seq.prompts.length ? 'Fight the melees on the right.' : 'Melees done: the turn can end.';
  }
}
