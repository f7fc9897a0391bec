// A scenario the loader takes may still not be one to play: a blank one has nobody on the table. The
// editor says what is missing (and keeps Start a game shut) while still saving the draft, and says
// "ready to save and play" once each side has units. A siege, whose forces are its own tables and not
// units, is ready as it is. At 1024x768 and 768x1024, with screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, out, root } from './harness.mjs';

for (const [width, height] of [
  [1024, 768],
  [768, 1024],
]) {
  test(`a blank scenario says what it lacks before it can be played (${width}x${height})`, async () => {
    const app = await launch({ width, height });
    const { page, tid, until, text } = app;
    const shot = (name) => page.screenshot({ path: join(out, `editor-ready-${name}-${width}x${height}.png`) });
    try {
      await page.goto(`${app.base}/#/editor`);
      await tid('editor-system').selectOption('heliograph');
      await tid('editor-start-blank').click();
      await tid('editor-title').waitFor();

      // Blank: it loads, it is not ready, and it is said in words.
      await tid('problem-missing').waitFor();
      assert.equal(await tid('problem-none').count(), 0, 'a blank is not called ready to play');
      assert.match(await text('problem-missing'), /can be saved as a draft, but before it is played: it has no units yet/);
      assert.equal(await tid('editor-play').isDisabled(), true, 'nobody to play with');
      assert.match(await tid('editor-play').getAttribute('title'), /no units yet/);
      await shot('blank');

      // The draft is saved all the same.
      assert.equal(await tid('editor-save').isDisabled(), false);
      await tid('editor-save').click();
      await until('saved', async () => /saved as new-scenario\.toml/.test(await text('editor-status')));
      assert.ok(existsSync(join(app.scenarios, 'new-scenario.toml')), 'the draft is on disk');

      // One side with units: the other is named as what is missing.
      await tid('tab-units').click();
      await tid('add-unit-side').selectOption('0');
      await tid('add-unit').click();
      await until('the other side named', async () => /Moros has no units yet/.test(await text('problem-missing').catch(() => '')));
      assert.equal(await tid('editor-play').isDisabled(), true);
      await shot('one-side');

      // Both: ready.
      await tid('add-unit-side').selectOption('1');
      await tid('add-unit').click();
      await tid('problem-none').waitFor();
      assert.match(await text('problem-none'), /ready to save and play/);
      assert.equal(await tid('editor-play').isDisabled(), false);

      // A siege keeps its garrison in its own tables: no units, and ready as it is.
      await tid('editor-close').click();
      await tid('editor-close').click();
      const siege = readFileSync(join(root, 'scenarios/estate-dei-boxers/the-55-days.toml'));
      await tid('editor-import-file').setInputFiles({ name: 'siege-copy.toml', mimeType: 'application/toml', buffer: siege });
      await tid('editor-title').waitFor();
      await tid('problem-none').waitFor();
      assert.equal(await tid('problem-missing').count(), 0);
      assert.equal(await tid('editor-play').isDisabled(), false);
    } catch (e) {
      await page.screenshot({ path: join(out, `editor-ready-failed-${width}x${height}.png`) }).catch(() => {});
      throw e;
    } finally {
      await app.close();
    }
  });
}
