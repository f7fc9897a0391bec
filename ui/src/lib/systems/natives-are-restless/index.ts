// The Natives are Restless Tonight's screens: the siege bar (the card in play, the deck, the relief
// column, the ammunition, the natives off the table and the groups to raise), a unit's actions on the
// card's activation and their panels (fire with its odds, charge, turn a gun, special actions), and how
// its morale tests, melees and the natives' group rolls read.

import type { SystemUi } from '../system';
import SiegeBar from './SiegeBar.svelte';
import UnitActions from './UnitActions.svelte';
import UnitPanels from './UnitPanels.svelte';

// The melee's odds: 1 the defenders win, 0 the natives, -1 both sides wiped out (won by neither).
const meleeWinner = (value: number): string =>
  value === 1 ? 'defenders win' : value === 0 ? 'natives win' : 'both wiped out';
const groupSize = (value: number): string => (value === 0 ? 'none' : String(value));

const nativesAreRestless: SystemUi = {
  TurnBar: SiegeBar,
  UnitActions,
  UnitPanels,
  ownDeck: true,
  prompts: {
    morale: { title: 'Morale test', chance: 'to hold', roll: 'Roll morale', typed: '1 D6' },
    melee: {
      title: 'Melee',
      chance: 'defenders win',
      roll: 'Fight the melee',
      typed: 'D6s: defenders’, natives’, then morale die',
      labelOf: meleeWinner,
    },
    muster: { title: 'Natives muster', chance: 'better troops', roll: 'Roll the group', typed: '2 average dice, then 1 D6' },
    reinforce: {
      title: 'Reinforcements',
      chance: 'a group comes',
      roll: 'Roll for reinforcements',
      typed: '1 D6 edge, 2 average dice, 1 D6',
      labelOf: groupSize,
    },
    umpire: { title: 'The umpire’s count', chance: '', roll: 'Umpire rolls', typed: '1 D6' },
  },
};

export default nativesAreRestless;
