// When Empires Clash!'s screens: the grid of squares in place of the inch table, the turn bar (the
// initiative throw, the activations counted down, losses against the half that forces a withdrawal), a
// stand's card (activate, face, mount, limber, leave), the active stand's combat panel, and in the
// scenario editor each side's army list beside the checker.

import type { SystemUi } from '../system';
import BattleBar from './BattleBar.svelte';
import GridTable from './GridTable.svelte';
import StandActions from './StandActions.svelte';
import CombatPanel from './CombatPanel.svelte';
import ArmyScreen from './desk/ArmyScreen.svelte';
import ArmyLists from './scenario/ArmyLists.svelte';

const whenEmpiresClash: SystemUi = {
  TurnBar: BattleBar,
  Table: GridTable,
  UnitActions: StandActions,
  UnitPanels: CombatPanel,
  desk: { label: 'When Empires Clash!: build two armies and set up a one-off battle by dice', Screen: ArmyScreen },
  scenarioHelp: ArmyLists,
  rethrownOnTie: ['initiative'],
  prompts: {},
};

export default whenEmpiresClash;
