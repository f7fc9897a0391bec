// Heliograph's screens: the activation bar (the toss and its bonuses, the active unit), an activated
// unit's actions (sight, move or unlimber, fire or charge, crew a gun), defensive fire in a melee, and how
// its percentile tests and D10 melees read.

import { passes, type SystemUi } from '../system';
import ActivationBar from './ActivationBar.svelte';
import UnitActions from './UnitActions.svelte';
import DefensiveFire from './DefensiveFire.svelte';
import MeleePairs from './MeleePairs.svelte';

const heliograph: SystemUi = {
  TurnBar: ActivationBar,
  UnitActions,
  Due: DefensiveFire,
  rethrownOnTie: ['initiative'],
  prompts: {
    morale: { title: 'Morale test', chance: 'to pass', roll: 'Roll test', typed: 'D% 1-100', labelOf: passes },
    melee: { title: 'Melee', chance: '', roll: 'Fight the melee', typed: 'D10s in order', Choices: MeleePairs },
  },
};

export default heliograph;
