// When Empires Clash! (the Zulu War, the Second Boer War, the Boxer Rebellion) on its grid: the
// initiative thrown with the app's dice and taken, the activations thrown; a stand of the side picked on
// the grid, activated, and moved by a tap on a lit square; the activation ended; then a note, Undo and
// Redo, and back to the units.

import { noteUndoRedo, unitsTab } from './common.mjs';

const LIT = '[data-testid="grid-table"] g.square.reach';

export const whenEmpiresClash = {
  drawn: '[data-testid="grid-table"] [data-testid^="stand-"]',
  async play(t) {
    const { tap, shown, page } = t;
    await tap('throw for initiative (app dice)', 'roll-initiative', { css: '[data-testid="take-initiative"]' });
    await tap('take the initiative', 'take-initiative', { shown: 'throw-activations-roll' });
    await tap('throw the activations (app dice)', 'throw-activations-roll', { gone: 'throw-activations-roll' });
    const [activate] = await shown('activate-');
    const unit = activate.replace('activate-', '');
    await tap('pick a stand on the grid', `stand-${unit}`, { attr: `select-${unit}`, name: 'aria-pressed', value: 'true' }, { kind: 'ui' });
    await tap('activate it', activate, { css: LIT });
    await tap('tap a lit square to move it', page.locator(LIT), { changed: `stand-square-${unit}` });
    await tap('end the activation', 'end-activation', { gone: 'end-activation' });
    await noteUndoRedo(t, 'the rain has made the drift deep');
    await unitsTab(t);
  },
};
