// Heliograph (the Cotta assault, the Jungle patrol): the activation toss with the app's dice; a unit of
// the winner picked and activated from its card, its move rolled and a tap on the table to move it; the
// activation ended; then a note, Undo and Redo, and back to the units.

import { moveOnTable, noteUndoRedo, unitsTab } from './common.mjs';

export const heliograph = {
  // The default seed gives the Ambush's first toss to the Moros, whose units are all hidden counters yet.
  seeds: { 'heliograph/jungle-patrol.toml': 11 },
  drawn: '[data-testid="table"] [data-figure]',
  async play(t) {
    const { tap, shown } = t;
    await tap('toss for activation (app dice)', 'roll-initiative', { css: '[data-testid^="activate-"]' });
    // A unit that moves: a hidden counter would show no figures to follow.
    const units = (await shown('activate-')).map((id) => id.replace('activate-', '')).filter((u) => !u.startsWith('hidden-'));
    const unit = units[0];
    await tap('pick a unit on its card', `select-${unit}`, { attr: `select-${unit}`, name: 'aria-pressed', value: 'true' }, { kind: 'ui' });
    await tap('activate it', `activate-${unit}`, { shown: 'active-unit' });
    await tap('roll its move (app dice)', `hg-move-${unit}-roll`, { shown: `hg-allowance-${unit}` });
    await moveOnTable(t, unit, 0, -3);
    await tap('end the activation', 'end-activation', { gone: 'active-unit' });
    await noteUndoRedo(t, 'the column halts to water the mules');
    await unitsTab(t);
  },
};
