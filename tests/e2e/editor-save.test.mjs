// The scenario editor saves what the screen shows. A player types a new value and saves at once, with no
// pause and without leaving the box: by a tap on Save, a click, Ctrl+S, after choosing from a list, after
// dragging a unit on the table, and while the file pane still waits for a pause in the typing. Each time
// the file is read back from the disk, and the header may say "saved as" only of a file that holds the
// edit. Typing the scenario cannot load with is refused, and a game started while typing is of what was
// typed. At 1024x768 and 768x1024, with screenshots.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

/** The text the editor holds, as it keeps it: the draft in the page's storage. */
async function draftText(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('sandtable.editor.draft') ?? 'null')?.text ?? '');
}

for (const [width, height] of [
  [1024, 768],
  [768, 1024],
]) {
  test(`an edit saved at once is in the file on disk (${width}x${height})`, async () => {
    const app = await launch({ width, height });
    const { page, tid, until, text, toClient } = app;
    const file = join(app.scenarios, 'new-scenario.toml');
    const onDisk = () => (existsSync(file) ? readFileSync(file, 'utf8') : '');
    const shot = (name) => page.screenshot({ path: join(out, `editor-save-${name}-${width}x${height}.png`) });

    /**
     * Waits for the header to say the draft is saved, and at the first moment it says so reads the file
     * from the disk: it must hold `edit` and be the very text the editor holds.
     */
    async function savedWith(edit, what) {
      await until(`"saved" in the header after ${what}`, async () => /· saved as new-scenario\.toml$/.test(await text('editor-status')));
      const saved = onDisk();
      assert.match(saved, edit, `the header says saved, but the file on disk lacks ${what}`);
      assert.equal(saved, await draftText(page), `the file on disk is what the editor shows after ${what}`);
      assert.equal(await tid('editor-save').isDisabled(), true, 'nothing left to save');
    }
    /** Typed into a box, the focus left in it: what a player does just before reaching for Save. */
    async function typeIn(testid, value) {
      await tid(testid).fill(String(value));
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), testid, 'still typing in the box');
    }
    async function tapSave() {
      const box = await tid('editor-save').boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    }

    try {
      // A blank Heliograph scenario with one unit of nine figures, saved.
      await page.goto(`${app.base}/#/editor`);
      await tid('editor-system').selectOption('heliograph');
      await tid('editor-start-blank').click();
      await tid('editor-title').waitFor();
      await tid('tab-units').click();
      await tid('add-unit-side').selectOption('0');
      await tid('add-unit').click();
      await tid('unit-form').waitFor();
      await tid('field-units.0.kind').selectOption('us_infantry');
      for (const [field, value] of [
        ['field-units.0.figures', 9],
        ['field-units.0.at-x', 10],
        ['field-units.0.at-y', 30],
      ]) {
        await tid(field).fill(String(value));
        await tid(field).press('Tab');
      }
      await until('the unit in the draft', async () => /figures = 9/.test(await draftText(page)) && /at = \[10, 30\]/.test(await draftText(page)));
      await tid('editor-save').click();
      await savedWith(/figures = 9/, 'the first save');

      // Figures 9 to 11, and one tap on Save while the box still has the focus. While the 11 is only in
      // the box the header does not claim the file holds it, and Save is there to be tapped.
      await typeIn('field-units.0.figures', 11);
      assert.match(await text('editor-status'), /changes not saved to new-scenario\.toml/, 'typing not yet in the file is not called saved');
      assert.equal(await tid('editor-save').isDisabled(), false, 'Save is open while a box holds typing');
      await shot('typing');
      await tapSave();
      await savedWith(/^figures = 11$/m, 'figures typed 9 to 11 and one tap on Save');
      assert.equal(await tid('field-units.0.figures').inputValue(), '11');
      await shot('saved');

      // A name typed and a click on Save.
      await typeIn('field-units.0.name', 'Lookouts');
      await tid('editor-save').click();
      await savedWith(/^name = "Lookouts"$/m, 'a name typed and a click on Save');

      // The place typed and saved with Ctrl+S from the box itself.
      await typeIn('field-units.0.at-x', 14);
      await page.keyboard.press('Control+s');
      await savedWith(/^at = \[14, 30\]$/m, 'x typed and Ctrl+S');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'field-units.0.at-x', 'Ctrl+S leaves the player in the box');

      // A choice from a list, saved at once.
      const kinds = await tid('field-units.0.kind')
        .locator('option')
        .evaluateAll((os) => os.map((o) => o.value).filter((v) => v && v !== 'us_infantry'));
      assert.ok(kinds.length > 0, 'Heliograph has more than one kind');
      await tid('field-units.0.kind').selectOption(kinds[0]);
      await tid('editor-save').click();
      await savedWith(new RegExp(`^kind = "${kinds[0]}"$`, 'm'), 'a kind chosen and Save');

      // The unit dragged on the table and Save clicked as the finger lifts.
      await tid('tool-select').click();
      const [from, to] = [await toClient(14, 30), await toClient(24, 20)];
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 6 });
      await page.mouse.up();
      await tid('editor-save').click();
      await savedWith(/^at = \[24, 20\]$/m, 'a drag on the table and Save');

      // The file typed by hand and saved before the pane's pause to check it.
      await tid('tab-text').click();
      await tid('editor-text').fill((await draftText(page)).replace('figures = 11', 'figures = 12'));
      await tid('editor-save').click();
      await savedWith(/^figures = 12$/m, 'the file pane typed and Save at once');
      await shot('file');

      // Typing that makes the scenario unloadable is not saved, and the header never says it is.
      await tid('tab-units').click();
      // The unit is still picked from the drag: its form is open again on the Units tab.
      await tid('unit-form').waitFor();
      await typeIn('field-units.0.figures', 0);
      await page.keyboard.press('Control+s');
      await until('the refusal', async () => /Not saved/.test(await text('notice').catch(() => '')));
      await tid('problem-line').waitFor();
      assert.doesNotMatch(await text('editor-status'), /saved as/);
      assert.match(onDisk(), /^figures = 12$/m, 'the file on disk is untouched');
      await shot('refused');

      // Mended in the box and Start a game tapped at once: the game is of the file as the screen shows it.
      // (The Moros get a unit first: a side with none is not started.)
      await tid('add-unit-side').selectOption('1');
      await tid('add-unit').click();
      await tid('unit-row-1').waitFor();
      await tid('unit-row-0').click();
      await tid('field-units.0.figures').waitFor();
      await typeIn('field-units.0.figures', 10);
      const play = await tid('editor-play').boundingBox();
      await page.touchscreen.tap(play.x + play.width / 2, play.y + play.height / 2);
      await until('the game open', async () => (await tid('game-title').count()) > 0);
      assert.match(onDisk(), /^figures = 10$/m, 'the game was started from the file with the mended figures');
    } catch (e) {
      await page.screenshot({ path: join(out, `editor-save-failed-${width}x${height}.png`) }).catch(() => {});
      console.error(await draftText(page).catch(() => ''));
      throw e;
    } finally {
      await app.close();
    }
  });
}
