// The scenario editor as a planner uses it: a small Heliograph scenario built from blank (terrain drawn by
// drag and by taps, two sides named, a deployment zone, units added by the form and set down on the
// table), a unit dragged off the table and the loader's problem shown at its field and on the table, undo
// and redo, saved into the player's folder, played, exported as a file, and imported by a friend whose
// app (its own server, database and folder) then lists it. Screenshots at 1440x900 and 1024x768.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

/** What the editor holds, read the way it keeps it: the draft in the page's storage. */
async function draftText(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('sandtable.editor.draft') ?? 'null')?.text ?? '');
}

test('a scenario is built from blank, checked live, saved, played and shared', async () => {
  const app = await launch({ width: 1440, height: 900 });
  const { page, tid, until, text, toClient } = app;

  /** A press on the table at `from` dragged to `to` (inches), as a finger or mouse would. */
  async function drag(from, to) {
    const a = await toClient(from.x, from.y);
    const b = await toClient(to.x, to.y);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 10 });
    await page.mouse.up();
  }
  async function tap(x, y) {
    const at = await toClient(x, y);
    await page.mouse.click(at.x, at.y);
  }
  /** Types into a field and leaves it, which is when the editor writes it. */
  async function fill(testid, value) {
    await tid(testid).fill(String(value));
    await tid(testid).press('Tab');
  }
  const waitText = (what, pred) => until(what, async () => pred(await draftText(page)));

  try {
    // Nothing open yet: a blank Heliograph scenario.
    await page.goto(`${app.base}/#/editor`);
    await tid('editor-system').selectOption('heliograph');
    await tid('editor-start-blank').click();
    await tid('editor-title').waitFor();
    assert.equal(await text('editor-title'), 'New scenario');
    assert.match(await text('editor-status'), /not saved yet/);

    await fill('field-scenario.title', 'Trail at dusk');
    await until('the title in the header', async () => (await text('editor-title')) === 'Trail at dusk');

    // Terrain: a jungle dragged out as a rectangle, a rock outcrop tapped out corner by corner.
    await tid('tool-rect').click();
    await drag({ x: 0, y: 0 }, { x: 72, y: 16 });
    await tid('terrain-row-0').waitFor();
    await waitText('the jungle in the file', (t) => t.includes('polygon = [[0, 0], [72, 0], [72, 16], [0, 16]]'));
    await fill('field-terrain.0.name', 'Jungle');
    await fill('field-terrain.0.cover', 'jungle');
    await tid('tool-polygon').click();
    for (const [x, y] of [
      [30, 36],
      [38, 36],
      [36, 44],
    ])
      await tap(x, y);
    await tap(30, 36);
    await tid('terrain-row-1').waitFor();
    await waitText('the outcrop in the file', (t) => t.includes('[[30, 36], [38, 36], [36, 44]]'));

    // Two sides named; the Moros deploy on the east half of the table.
    await tid('tab-sides').click();
    await fill('field-sides.0.name', 'U.S. column');
    await fill('field-sides.1.name', 'Moro band');
    await tid('draw-zone-1').click();
    await drag({ x: 40, y: 0 }, { x: 72, y: 48 });
    await waitText('the zone in the file', (t) => t.includes('deployment = [[40, 0], [72, 0], [72, 48], [40, 48]]'));
    await tid('zone-1').waitFor();

    // A unit by the form...
    await tid('tab-units').click();
    await tid('tool-select').click();
    await tid('add-unit-side').selectOption('0');
    await tid('add-unit').click();
    await tid('unit-form').waitFor();
    assert.equal(await tid('field-units.0.facing').inputValue(), '90', 'a unit of a side from the west faces east');
    await fill('field-units.0.name', '1st Squad');
    await tid('field-units.0.kind').selectOption('us_infantry');
    await fill('field-units.0.figures', 8);
    await tid('field-units.0.at-x').fill('10');
    await fill('field-units.0.at-y', 30);
    await waitText('the squad placed', (t) => t.includes('id = "1st-squad"') && t.includes('at = [10, 30]'));
    assert.match(await text('field-units.0.kind-box'), /U\.S\. Rifle, 24"/, 'the kind shows its weapon');

    // ...and one set down on the table in the Moros' zone.
    await tid('tool-unit').click();
    await tid('tool-side').selectOption('1');
    await tap(60, 30);
    await tid('unit-row-1').waitFor();
    await tid('field-units.1.kind').selectOption('moro_warriors');
    await fill('field-units.1.name', 'Datu warriors');
    await fill('field-units.1.figures', 10);
    await waitText('the warriors in the file', (t) => t.includes('name = "Datu warriors"') && t.includes('figures = 10'));
    await tid('problem-none').waitFor();
    assert.equal((await app.figures('datu-warriors')).length, 10, 'the table shows the warriors laid out');

    // Dragged off the east edge: the loader refuses it at its `at`, shown at the field and on the table.
    await tid('tool-select').click();
    await drag({ x: 60, y: 30 }, { x: 75, y: 30 });
    await tid('problem-line').waitFor();
    assert.match(await text('problem-line'), /^Line \d+ \(units › 2 › at/);
    const error = tid('field-units.1.at-box').locator('.field-error');
    await error.waitFor();
    assert.match(await error.textContent(), /table/i);
    assert.equal(await tid('field-units.1.at-x').getAttribute('aria-invalid'), 'true');
    assert.equal(await tid('field-units.1.at-x').inputValue(), '75');
    await tid('problem-mark').waitFor();
    const warriors = await app.figures('datu-warriors');
    assert.ok(Math.abs(warriors.find((f) => f.role === 'leader').x - 75) < 1e-6, 'the table shows it where it was dragged');
    assert.equal(await tid('editor-save').isDisabled(), true, 'a draft that does not load is not saved');
    await page.screenshot({ path: join(out, 'editor-1440.png') });

    // Undo puts it back (the keyboard and the button), redo takes it off again.
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await tid('problem-none').waitFor();
    await waitText('the warriors back', (t) => t.includes('at = [60, 30]'));
    await tid('editor-redo').click();
    await tid('problem-line').waitFor();
    await tid('editor-undo').click();
    await tid('problem-none').waitFor();

    // The problem line takes the player to the field: a figure count the rules refuse.
    await tid('unit-row-0').click();
    await fill('field-units.0.figures', 0);
    await tid('problem-line').waitFor();
    await tid('tab-scenario').click();
    await tid('problem-line').click();
    await until('the figures field focused', async () => page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 4000).then((id) =>
      assert.equal(id, 'field-units.0.figures'),
    );
    await tid('editor-undo').click();
    await tid('problem-none').waitFor();

    // Saved into the player's folder, named from the title.
    await tid('editor-save').click();
    await until('saved', async () => /saved as trail-at-dusk\.toml/.test(await text('editor-status')));
    const file = join(app.scenarios, 'trail-at-dusk.toml');
    assert.ok(existsSync(file), 'the file is in the harness scenario folder');
    assert.equal(readFileSync(file, 'utf8'), await draftText(page));

    // Reloading loses nothing.
    await page.reload();
    await until('the draft back after a reload', async () => (await text('editor-title')) === 'Trail at dusk');
    assert.equal(await tid('editor-undo').isDisabled(), false, 'and its undo history');

    // Exported as a file to share.
    const [download] = await Promise.all([page.waitForEvent('download'), tid('editor-export').click()]);
    assert.equal(download.suggestedFilename(), 'trail-at-dusk.toml');
    const shared = readFileSync(await download.path(), 'utf8');
    assert.equal(shared, readFileSync(file, 'utf8'));

    // The 1024x768 tablet: everything fits.
    await page.setViewportSize({ width: 1024, height: 768 });
    await tid('tab-units').click();
    await tid('unit-row-1').click();
    await page.screenshot({ path: join(out, 'editor-1024.png') });
    await tid('tab-text').click();
    await page.screenshot({ path: join(out, 'editor-1024-file.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Started as a game: its title and its units.
    await tid('editor-play').click();
    await until('the game', async () => (await tid('game-title').count()) > 0 && (await text('game-title')) === 'Trail at dusk');
    await tid('unit-card-1st-squad').waitFor();
    await tid('unit-card-datu-warriors').waitFor();

    // A friend's app, with its own database and scenario folder, imports the file and lists it.
    const friend = await launch({ width: 1440, height: 900 });
    try {
      await friend.page.goto(`${friend.base}/#/editor`);
      await friend.tid('editor-import-file').setInputFiles({ name: 'trail-at-dusk.toml', mimeType: 'application/toml', buffer: Buffer.from(shared) });
      await friend.until('the imported scenario open', async () => (await friend.text('editor-title')) === 'Trail at dusk');
      assert.match(await friend.text('editor-status'), /saved as trail-at-dusk\.toml/);
      assert.equal(readFileSync(join(friend.scenarios, 'trail-at-dusk.toml'), 'utf8'), shared);
      await friend.page.goto(`${friend.base}/#/`);
      await friend.tid('scenario-yours/trail-at-dusk').waitFor();
      assert.match(await friend.text('scenario-yours/trail-at-dusk'), /Trail at dusk/);
    } finally {
      await friend.close();
    }
  } catch (e) {
    // What the screen showed when it failed, for whoever reads the failure.
    await page.screenshot({ path: join(out, 'editor-failed.png') }).catch(() => {});
    console.error(await draftText(page).catch(() => ''));
    throw e;
  } finally {
    await app.close();
  }
});

test('the table tools turn a unit and reshape terrain, the file pane is checked as typed, and saving asks before replacing', async () => {
  const app = await launch({ width: 1024, height: 768 });
  const { page, tid, until, text, toClient } = app;
  async function drag(from, to) {
    const a = await toClient(from.x, from.y);
    const b = await toClient(to.x, to.y);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
  }
  const waitText = (what, pred) => until(what, async () => pred(await draftText(page)));
  try {
    await page.goto(`${app.base}/#/editor`);
    await tid('editor-system').selectOption('sand-pebbles');
    await tid('editor-start-blank').click();
    await tid('editor-title').waitFor();

    // A unit of the side from the north, set down facing south; turned by a drag toward the east.
    await tid('tool-unit').click();
    await tid('tool-side').selectOption('0');
    const at = await toClient(20, 20);
    await page.mouse.click(at.x, at.y);
    await tid('unit-row-0').waitFor();
    await waitText('the unit in the file', (t) => t.includes('at = [20, 20]') && t.includes('facing = 180'));
    await tid('tool-rotate').click();
    await drag({ x: 20, y: 20 }, { x: 30, y: 20 });
    await waitText('the unit turned east', (t) => t.includes('facing = 90'));
    await tid('turn-left').click();
    await waitText('and 45° back', (t) => t.includes('facing = 45'));

    // A rectangle drawn, picked, a corner dragged out, then deleted with the keyboard and undone.
    await tid('tool-rect').click();
    await drag({ x: 40, y: 10 }, { x: 50, y: 20 });
    await waitText('the rectangle', (t) => t.includes('polygon = [[40, 10], [50, 10], [50, 20], [40, 20]]'));
    await tid('tool-select').click();
    await tid('corners').waitFor();
    await drag({ x: 50, y: 20 }, { x: 55, y: 25 });
    await waitText('the corner moved', (t) => t.includes('polygon = [[40, 10], [50, 10], [55, 25], [40, 20]]'));
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Delete');
    await waitText('the piece deleted', (t) => !t.includes('[[terrain]]'));
    await page.keyboard.press('Control+z');
    await waitText('the piece back', (t) => t.includes('[55, 25]'));

    // The file typed by hand: a table too narrow for the unit is refused at the unit's place once the
    // typing pauses; the problem line takes the player there. Mended the same way.
    await tid('tab-text').click();
    const file = await draftText(page);
    await tid('editor-text').fill(file.replace('width = 72', 'width = 12'));
    await tid('problem-line').waitFor();
    assert.match(await text('text-status'), /^Line \d+: /);
    await tid('problem-line').click();
    await until('the unit’s place focused, in error', async () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'field-units.0.at-x' && document.activeElement.getAttribute('aria-invalid') === 'true'),
    );
    await tid('tab-text').click();
    await tid('editor-text').fill(file);
    // Mended: it loads (one side has no units yet, which a draft may be saved with).
    await tid('problem-missing').waitFor();
    assert.match(await text('problem-missing'), /Boxers has no units yet/);

    // Saved, closed, and another blank of the same title saved: the editor asks before replacing.
    await tid('editor-save').click();
    await until('saved', async () => /saved as new-scenario\.toml/.test(await text('editor-status')));
    await tid('editor-close').click();
    await tid('editor-system').selectOption('sand-pebbles');
    await tid('editor-start-blank').click();
    await tid('editor-save').click();
    await tid('save-conflict').waitFor();
    assert.match(await text('save-conflict'), /already exists/);
    await tid('save-other-name').fill('Second try');
    await tid('save-other').click();
    await until('saved under the other name', async () => /saved as second-try\.toml/.test(await text('editor-status')));
    assert.equal(await tid('save-conflict').count(), 0);
    assert.ok(existsSync(join(app.scenarios, 'new-scenario.toml')) && existsSync(join(app.scenarios, 'second-try.toml')));
  } catch (e) {
    await page.screenshot({ path: join(out, 'editor-tools-failed.png') }).catch(() => {});
    throw e;
  } finally {
    await app.close();
  }
});
