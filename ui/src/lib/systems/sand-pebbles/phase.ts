// What the phase bar says beside the acting side when the phase owes nothing: someone new to the sequence
// should not have to look up what "C" means.

import type { Sequence } from './view';

export function hint(seq: Sequence, rollsDue: number): string {
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
      return rollsDue ? 'Roll the tests on the right.' : 'All tests taken.';
    case 'melee':
      return rollsDue ? 'Fight the melees on the right.' : 'Melees done: the turn can end.';
  }
}
