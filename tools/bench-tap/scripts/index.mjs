// Each rule system's script, by the folder its scenarios are shipped in. A script has `drawn` (a CSS
// selector that matches once the table shows its units), `play(t)` (the fixed taps), and may have `seeds`
// (a scenario's own seed, where the default one deals a start the script cannot play).

import { estateDeiBoxers } from './estate-dei-boxers.mjs';
import { heliograph } from './heliograph.mjs';
import { nativesAreRestless } from './natives-are-restless.mjs';
import { sandPebbles } from './sand-pebbles.mjs';
import { whenEmpiresClash } from './when-empires-clash.mjs';

export const SCRIPTS = {
  'estate-dei-boxers': estateDeiBoxers,
  heliograph,
  'natives-are-restless': nativesAreRestless,
  'sand-pebbles': sandPebbles,
  'when-empires-clash': whenEmpiresClash,
};
