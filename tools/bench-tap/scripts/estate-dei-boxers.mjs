// L'Estate dei Boxers (the 55 days), where the app plays the Boxers: at set-up a zone opened on the map,
// a counter of it picked and placed in the next zone; the siege begun; then days drawn from the app's deck
// and run on with Advance; a note, Undo and Redo, and back to the zone tab.

import { noteUndoRedo } from './common.mjs';

const DAYS = 2;

export const estateDeiBoxers = {
  drawn: '[data-testid="zone-map"] [data-chip]',
  async play(t) {
    const { tap, tid, shown } = t;
    const stage = () => tid('zone-map').getAttribute('data-stage');
    await tap('open a zone on the map', 'zone-GB1', { attr: 'zone-panel', name: 'data-zone', value: 'GB1' }, { kind: 'ui' });
    const [counter] = await shown('counter-');
    await tap('pick a counter', counter, { attr: counter, name: 'aria-pressed', value: 'true' }, { kind: 'ui' });
    await tap('place it in the next zone', 'zone-GB2', { textOf: 'zone-GB2' });
    await tap('close the zone', 'zone-close', { gone: 'zone-panel' }, { kind: 'ui' });
    await tap('begin the siege', 'estate-advance', { attr: 'zone-map', name: 'data-stage', value: 'draw' });
    for (let day = 0; day < DAYS; day++) {
      await tap('draw the day\'s card (app deck)', 'estate-draw', { attrOf: 'zone-map', name: 'data-stage' });
      for (let i = 0; i < 6 && !['draw', 'over'].includes(await stage()); i++) {
        await tap('advance the day', 'estate-advance', { any: [{ attrOf: 'zone-map', name: 'data-stage' }, { textOf: 'estate-step' }] });
      }
    }
    await noteUndoRedo(t, 'the Tartar Wall holds another night');
    await t.tap('back to the zone tab', 'tab-units', { attr: 'tab-units', name: 'aria-selected', value: 'true' }, { kind: 'ui' });
  },
};
