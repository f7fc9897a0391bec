// When Empires Clash!'s screens: the grid of squares in place of the inch table, the turn bar (initiative,
// activations counted down), the active stand's moves and combats, and how its throws read.

import type { SystemUi } from '../system';

const whenEmpiresClash: SystemUi = {
  prompts: {
    initiative: { title: 'Initiative', chance: 'first side wins', roll: 'Throw', typed: 'both sides’ dice' },
    throw_activations: { title: 'Activations', chance: '', roll: 'Throw', typed: 'the side’s dice' },
  },
};

export default whenEmpiresClash;
