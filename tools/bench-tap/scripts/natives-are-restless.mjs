// The Natives are Restless Tonight (the Boxer Compound, Chakdara Fort): the natives' groups mustered with
// the app's dice and raised onto the table one by one, then the first card drawn; a note, Undo and Redo, and
// back to the units.

import { noteUndoRedo, unitsTab } from './common.mjs';

const NATIVES_ON_TABLE = '[data-testid="table"] [data-testid^="unit-natives-"]';

export const nativesAreRestless = {
  drawn: '[data-testid="table"] [data-figure]',
  async play(t) {
    const { tap, shown } = t;
    // Each group mustered is waiting off the table until raised.
    for (let i = 0; i < 8 && (await shown('prompt-muster-')).some((id) => id.endsWith('-roll')); i++) {
      const [roll] = (await shown('prompt-muster-')).filter((id) => id.endsWith('-roll'));
      await tap('muster a group (app dice)', roll, { count: '[data-testid^="pending-"]' });
    }
    for (let i = 0; i < 8 && (await shown('raise')).includes('raise'); i++) {
      await tap('raise a group onto the table', 'raise', { count: NATIVES_ON_TABLE });
    }
    await tap('draw a card (app deck)', 'siege-draw', { attrOf: 'siege-card', name: 'data-card' });
    await noteUndoRedo(t, 'the drums start again beyond the wall');
    await unitsTab(t);
  },
};
