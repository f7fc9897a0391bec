// Browser test of the Scenarios screen, the way into the scenario editor: the shipped scenarios and the
// player's own listed together (one that no longer loads greyed with why), a copy of a shipped one started
// as a draft titled "(copy)", a file a friend shared imported (and a bad one refused, nothing added), a
// scenario exported as its file, the folder shown and changed; each side's forces side by side with the
// balance estimate (played out for L'Estate dei Boxers, refused plainly for a system the app cannot play by
// itself) and When Empires Clash!'s army lists beside their checker; New Game offering the player's own
// scenario and starting a game from it. The serve's scenario folder is the harness's scratch folder.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/scenarios.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launch } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

let session;
let page, tid, until, text, api;
let folder;
const TITLE = 'Ambush at the Ford';

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, api } = session);
  folder = join(dirname(session.db), 'scenarios');
  await page.goto(session.base);
  await tid('games-screen').waitFor();
  // One of the player's own, saved through the engine as the editor saves: a shipped one retitled.
  const shipped = await api('scenario_text', { name: 'heliograph/jungle-patrol.toml' });
  const own = shipped.replace('title = "Ambush on the Trail"', `title = "${TITLE}"`);
  const saved = await api('save_scenario', { text: own, file: null, replace: false });
  assert.equal(saved.path, 'yours/ambush-at-the-ford', JSON.stringify(saved));
  // And one edited by hand since into something the loader refuses.
  writeFileSync(join(folder, 'half-done.toml'), '[scenario]\nsystem = "heliograph"\ntitle = "Half done"\n');
});

after(async () => {
  await session?.close();
});

const look = (name) => lookSound(page, 'scenarios', name);
const own = () => page.locator('[data-testid^="hub-scenario-yours/"]').evaluateAll((els) => els.map((el) => el.dataset.testid.slice('hub-scenario-'.length)));
const draftKept = () => page.evaluate(() => JSON.parse(localStorage.getItem('sandtable.editor.draft') ?? 'null'));

async function openHub() {
  await page.goto(`${session.base}/#/`);
  await tid('open-scenarios').click();
  await tid('scenarios-screen').waitFor();
  await tid('hub-scenario-heliograph/jungle-patrol.toml').waitFor();
}

test('the hub lists the shipped scenarios and the player\'s own, a broken one greyed with why', async () => {
  await openHub();
  assert.equal(new URL(page.url()).hash, '#/scenarios');
  await tid('hub-scenario-heliograph/jungle-patrol.toml').waitFor();
  for (const shipped of ['sand-pebbles/legation-wall.toml', 'when-empires-clash/zulu-war.toml', 'estate-dei-boxers/the-55-days.toml']) {
    assert.equal(await tid(`hub-scenario-${shipped}`).count(), 1, shipped);
  }
  assert.deepEqual(await own(), ['yours/ambush-at-the-ford', 'yours/half-done']);
  assert.match(await text('hub-scenario-yours/ambush-at-the-ford'), /Heliograph\s*yours\s*Ambush at the Ford/);
  assert.match(await tid('hub-scenario-yours/half-done').locator('[data-testid="hub-scenario-problem"]').textContent(), /line|missing|sides|units/i);

  // The player's first scenario is picked: its forces side by side, read by the loader.
  assert.equal(await text('hub-detail-title'), TITLE);
  await tid('forces').waitFor();
  const sides = await page.locator('[data-testid^="forces-side-"]').evaluateAll((els) => els.map((el) => el.dataset.testid));
  assert.deepEqual(sides, ['forces-side-us', 'forces-side-moros']);
  assert.match(await text('forces-side-us'), /^U\.S\. patrol 3 units · 22 figures · \d+ dice a turn 20 U\.S\. Infantry in 2 units U\.S\. Rifle, 24"/);
  assert.match(await text('forces-kind-us-us_infantry'), /^20 .*in 2 units/);
  // The difference at a glance: the larger side's bar is full, the other in proportion (22 of 26 figures).
  const bar = (id) => tid(id).locator('i').evaluate((el) => Number.parseFloat(el.style.width));
  assert.ok(Math.abs((await bar('forces-figures-us')) - (22 / 26) * 100) < 0.01);
  assert.equal(await bar('forces-figures-moros'), 100);
  assert.deepEqual([await text('forces-units-us'), await text('forces-units-moros')], ['3', '3']);
  // Dice a turn as the engine counts them: "—" where the rules give none.
  const { forces } = await api('check_scenario', { text: await api('scenario_text', { name: 'yours/ambush-at-the-ford' }) });
  if (forces.every((f) => f.dice_per_turn === null)) assert.match(await text('forces-dice-none'), /^— /);
  else for (const f of forces) assert.equal(await text(`forces-dice-${f.side}`), String(f.dice_per_turn ?? '—'));
  await look('own');

  // Heliograph is played at the table, not by the app: the estimate says so, plainly.
  await tid('balance-ask').click();
  await tid('balance-refusal').waitFor();
  assert.match(await text('balance-refusal'), /^No estimate\. .*cannot play its games to the end by itself/);

  // The broken one, picked, shows its problem at its line, and offers to open it to put it right.
  await tid('hub-scenario-yours/half-done').click();
  await until('the problem shown', async () => (await tid('hub-detail-problem').count()) > 0);
  assert.equal(await tid('forces').count(), 0);
  assert.equal(await tid('hub-open').count(), 1);

  await tid('hub-scenario-yours/ambush-at-the-ford').click();
  for (const [width, height] of [[1440, 900], [768, 1024]]) {
    await page.setViewportSize({ width, height });
    await tid('forces').waitFor();
    await look('own');
  }
  await page.setViewportSize({ width: 1024, height: 768 });
});

test('a balance estimate for a system the app plays out: each result\'s share', async () => {
  await openHub();
  await tid('hub-scenario-estate-dei-boxers/the-55-days.toml').click();
  await tid('balance-ask').click();
  await until('the estimate', async () => (await tid('balance-result').count()) > 0 || (await tid('balance-refusal').count()) > 0, 90_000);
  assert.equal(await tid('balance-refusal').count(), 0, await text('balance-refusal').catch(() => ''));
  const plans = tid('balance-result').locator('[data-testid^="balance-plan-"]');
  assert.ok((await plans.count()) >= 1);
  const shares = await plans.first().locator('[data-testid^="balance-share-"] .p').allTextContents();
  assert.ok(shares.length >= 2, `results: ${shares}`);
  assert.ok(shares.every((s) => /^(<0\.1|\d+(\.\d)?)%$/.test(s)), `shares: ${shares}`);
  await tid('balance-result').scrollIntoViewIfNeeded();
  await look('balance');
});

test('When Empires Clash!: each side\'s army list, its checker, and its stands beside the scenario\'s', async () => {
  await openHub();
  await tid('hub-scenario-when-empires-clash/zulu-war.toml').click();
  await tid('wec-army-lists').waitFor();
  assert.match(await text('wec-army-british-name'), /^British Army · .*Zulu War.* · throws 2D6$/);
  await tid('wec-army-british-check').waitFor();
  assert.match(await text('wec-army-british-check'), /36 of 36 points/);
  assert.equal(await tid('wec-army-british-ok').count(), 1);
  // The scenario sets out exactly the list's stands; its Command stand is every army's, not bought.
  const rows = await tid('wec-army-zulus-stands').locator('tbody tr').allTextContents();
  assert.ok(rows.some((r) => /Native Infantry.*15\s*15/.test(r.replace(/\s+/g, ' '))), rows.join(' | '));
  assert.ok(rows.some((r) => /every army has one/.test(r)), rows.join(' | '));
  assert.equal(await tid('wec-army-british-list').count(), 0, 'looked at from the hub, the help only shows');
  await tid('wec-army-lists').scrollIntoViewIfNeeded();
  await look('wec-lists');
  await tid('wec-open-army-builder').click();
  await tid('army-screen').waitFor();
});

test('a file a friend shared is imported and listed; a bad one is refused, nothing added', async () => {
  await openHub();
  const before = await own();
  const chooser = await Promise.all([page.waitForEvent('filechooser'), tid('import-scenario').click()]).then(([c]) => c);
  const friend = (await api('scenario_text', { name: 'sand-pebbles/legation-wall.toml' })).replace(/^title = ".*"$/m, 'title = "The Wall, as Tom plays it"');
  await chooser.setFiles({ name: 'toms-wall.toml', mimeType: 'text/plain', buffer: Buffer.from(friend) });
  await until('the import listed', async () => (await own()).includes('yours/toms-wall'));
  assert.match(await text('notice-message'), /^Imported as yours\/toms-wall: “The Wall, as Tom plays it”\.$/);
  assert.equal(await text('hub-detail-title'), 'The Wall, as Tom plays it');

  // The same file again: its name is taken, so it is refused until the player asks for a new name.
  await tid('import-scenario-file').setInputFiles({ name: 'toms-wall.toml', mimeType: 'text/plain', buffer: Buffer.from(friend) });
  await tid('import-scenario-refused').waitFor();
  assert.match(await text('import-scenario-refused'), /^Not imported, nothing changed\. toms-wall\.toml: .*already exists/);
  await tid('import-scenario-rename').click();
  await until('the import listed under a new name', async () => (await own()).includes('yours/toms-wall-2'));
  assert.equal(await tid('import-scenario-refused').count(), 0);

  const listed = await own();
  const files = readdirSync(folder).sort();
  await tid('import-scenario-file').setInputFiles({
    name: 'broken.toml',
    mimeType: 'text/plain',
    buffer: Buffer.from('[scenario]\nsystem = "sand-pebbles"\ntitle = "No table"\n[[units]]\nid = "x"\n'),
  });
  await tid('import-scenario-refused').waitFor();
  assert.match(await text('import-scenario-refused'), /^Not imported, nothing changed\. broken\.toml: missing field `sides`$/);
  assert.deepEqual(await own(), listed, 'nothing added to the list');
  assert.deepEqual(readdirSync(folder).sort(), files, 'nothing written to the folder');
  assert.equal(listed.length, before.length + 2);
  await look('import-refused');
});

test('a scenario is exported as its own .toml file', async () => {
  await openHub();
  await tid('hub-scenario-yours/ambush-at-the-ford').click();
  await tid('forces').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), tid('hub-export').click()]);
  assert.equal(download.suggestedFilename(), 'ambush-at-the-ford.toml');
  const exported = readFileSync(await download.path(), 'utf8');
  assert.equal(exported, readFileSync(join(folder, 'ambush-at-the-ford.toml'), 'utf8'));
});

test('the scenario folder is shown and can be changed, and back to the default', async () => {
  await openHub();
  assert.equal(await text('scenario-folder-path'), folder);
  await tid('scenario-folder-change').click();
  await tid('scenario-folder-input').fill('not/a/full/path');
  await tid('scenario-folder-use').click();
  await tid('scenario-folder-problem').waitFor();
  assert.match(await text('scenario-folder-problem'), /not a full path/);
  await look('folder-refused');

  const other = join(dirname(session.db), 'elsewhere');
  mkdirSync(other);
  await tid('scenario-folder-input').fill(other);
  await tid('scenario-folder-use').click();
  await until('the new folder shown', async () => (await text('scenario-folder-path')) === other);
  await tid('scenarios-none-yours').waitFor();
  assert.deepEqual(await own(), []);

  await tid('scenario-folder-change').click();
  await tid('scenario-folder-default').click();
  await until('the default again', async () => (await text('scenario-folder-path')) === folder);
  await until('the player\'s own back', async () => (await own()).includes('yours/ambush-at-the-ford'));
});

test('a copy of a shipped scenario starts a draft titled "(copy)"; a draft in hand is not lost unasked', async () => {
  await page.goto(`${session.base}/#/`);
  await page.evaluate(() => localStorage.removeItem('sandtable.editor.draft'));
  await openHub();
  await tid('hub-scenario-sand-pebbles/legation-wall.toml').click();
  await tid('forces').waitFor();
  await tid('hub-copy').click();
  await until('the editor route', async () => new URL(page.url()).hash === '#/editor');
  const copy = await draftKept();
  assert.equal(copy.file, null, 'a copy is a new file of the player\'s');
  assert.match(copy.text, /^title = "Holding the Legation Wall \(copy\)"$/m);
  // The shipped file is untouched: its text is still the shipped one.
  assert.doesNotMatch(await api('scenario_text', { name: 'sand-pebbles/legation-wall.toml' }), /\(copy\)/);

  // Back on the hub the draft waits, one tap away; opening another asks before putting it aside.
  await openHub();
  await until('the draft in hand', async () => /\(copy\)/.test(await text('draft-in-hand-title')));
  await tid('hub-scenario-yours/ambush-at-the-ford').click();
  await tid('hub-open').click();
  await tid('draft-replace').waitFor();
  assert.equal((await draftKept()).text, copy.text, 'nothing replaced before the player says so');
  await look('replace-question');
  await tid('draft-replace-yes').click();
  await until('the editor route', async () => new URL(page.url()).hash === '#/editor');
  const opened = await draftKept();
  assert.equal(opened.file, 'yours/ambush-at-the-ford');
  assert.equal(opened.text, readFileSync(join(folder, 'ambush-at-the-ford.toml'), 'utf8'));
});

test('New Game offers the player\'s own scenario, marked, and starts a game from it', async () => {
  await page.goto(`${session.base}/#/`);
  await tid('new-game').waitFor();
  const mine = tid('scenario-yours/ambush-at-the-ford');
  await mine.waitFor();
  assert.match((await mine.textContent()).replace(/\s+/g, ' '), /Heliograph\s*yours\s*Ambush at the Ford/);
  // The broken one is there, greyed, not to be started: opened in the editor instead.
  const broken = tid('scenario-yours/half-done');
  assert.equal(await broken.getAttribute('role'), null);
  assert.match(await broken.locator('[data-testid="scenario-problem"]').textContent(), /.+/);
  assert.equal(await tid('scenario-open-yours/half-done').count(), 1);
  await broken.scrollIntoViewIfNeeded();
  await lookSound(page, 'scenarios', 'new-game-own');

  await mine.click();
  await tid('start-game').click();
  await until('the game screen', async () => /^#\/game\/\d+$/.test(new URL(page.url()).hash));
  await until('the title shown', async () => (await page.locator('body').textContent()).includes(TITLE));

  // "Open in the editor" starts a draft of the broken file, to be saved back over it.
  await page.goto(`${session.base}/#/`);
  await page.evaluate(() => localStorage.removeItem('sandtable.editor.draft'));
  await page.reload();
  await tid('scenario-open-yours/half-done').click();
  await until('the editor route', async () => new URL(page.url()).hash === '#/editor');
  const kept = await draftKept();
  assert.deepEqual({ text: kept.text, file: kept.file }, { text: readFileSync(join(folder, 'half-done.toml'), 'utf8'), file: 'yours/half-done' });
});
