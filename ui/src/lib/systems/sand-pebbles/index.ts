// Sand Pebbles' screens: the phase bar (A-G with the two initiative rolls), a unit's roll, fire and charge,
// and how its tests, melees and drowning rolls read.

import { passes, type SystemUi } from '../system';
import PhaseBar from './PhaseBar.svelte';
import UnitActions from './UnitActions.svelte';
import UnitPanels from './UnitPanels.svelte';

const sandPebbles: SystemUi = {
  TurnBar: PhaseBar,
  UnitActions,
  UnitPanels,
  rethrownOnTie: ['initiative'],
  prompts: {
    morale: { title: 'Morale test', chance: 'to pass', roll: 'Roll test', typed: 'the D6 you rolled', labelOf: passes },
    melee: {
      title: 'Melee',
      chance: 'attacker takes the position',
      roll: 'Roll melee',
      typed: 'attacker D6, defender D6, 2D6 rout, losses…',
    },
    drown: { title: 'Drowning', chance: 'each swimmer drowns', roll: 'Roll drowning', typed: 'one D6 per swimmer' },
  },
};

export default sandPebbles;
