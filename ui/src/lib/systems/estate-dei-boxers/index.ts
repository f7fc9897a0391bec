// L'Estate dei Boxers' screens: the zone map of the Legation Quarter in place of the inch table, the day
// bar (the card and what it brings, the step, the tracks, Draw card and Advance), and the zone panel in
// place of the roster (who is in the zone tapped, its fire with the odds, melees, moves and placing), above
// the panel's tabs the losses the player shares out while the procedure waits on them, and the dice
// Advance throws next as a prompt, to be typed in from the table.

import type { SystemUi } from '../system';
import DayBar from './DayBar.svelte';
import ZoneMap from './ZoneMap.svelte';
import ZonePanel from './ZonePanel.svelte';
import LossesDue from './LossesDue.svelte';
import { diceWords } from './words';

const estateDeiBoxers: SystemUi = {
  TurnBar: DayBar,
  Table: ZoneMap,
  Side: { label: 'Zone', Panel: ZonePanel },
  Due: LossesDue,
  ownDeck: true,
  forcesOutsideUnits: true,
  prompts: {
    // The dice Advance throws next at the day's own steps and in the Boxers' phases: rolled by the app, or
    // typed in from the table, roll by roll as the engine asks for them.
    advance: { title: 'Dice due', chance: '', roll: 'Sandtable rolls', typed: 'D6 faces, in order', text: diceWords },
  },
};

export default estateDeiBoxers;
