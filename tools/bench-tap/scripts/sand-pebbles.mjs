// Sand Pebbles (the Legation Wall, the Relief Column, the River Junks): the initiative thrown with the
// app's dice and the first side chosen; a unit of the side moving picked, its move rolled and a tap on the table to move it; the phase ended;
// then a note, Undo and Redo, and back to the units.

import { moveOnTable, noteUndoRedo, unitsTab } from './common.mjs';

export const sandPebbles = {
  drawn: '[data-testid="table"] [data-figure]',
  async play(t) {
    const { tap, shown } = t;
    await tap('roll initiative (app dice)', 'roll-initiative', { css: '[data-testid^="first-"]' });
    const [first] = await shown('first-');
    await tap('choose the side that goes first', first, { gone: first });
    const [roll] = await shown('roll-move-');
    const unit = roll.replace('roll-move-', '');
    await tap('pick a unit on its card', `select-${unit}`, { attr: `select-${unit}`, name: 'aria-pressed', value: 'true' }, { kind: 'ui' });
    await tap('roll its move (app dice)', roll, { shown: `allowance-${unit}` });
    await moveOnTable(t, unit, 0, -3);
    await tap('end the phase', 'end-phase', { changed: 'phase-title' });
    await noteUndoRedo(t, 'the sword band hesitates at the canal');
    await unitsTab(t);
  },
};
