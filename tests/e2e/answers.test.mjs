// Browser test that an action's answer is a change the page makes to the game it holds (issue 36): a volley
// typed on the Legation Wall comes back as a small change, not the whole table; the page does not read the
// game again; the units the volley did not touch are not drawn again; and what the page shows is what the
// game read whole shows. Another device's entries come over the live stream as changes too; after a rename
// (a change with no entry) the next one does not fit, and the page reads the game whole. A second tap while
// an answer is awaited sends nothing, and the controls grey only once the answer is late.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/answers.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { legationToTheFire, newGame, post } from './play.mjs';

const shots = join(out, 'answers');
let session;

before(async () => {
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1024, height: 768 });
});
after(async () => session?.close());

/** The page's requests to the host from now on, with each answer's size. */
function requests(page) {
  const seen = [];
  page.on('response', async (r) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith('/api/') || path.startsWith('/api/live/')) return;
    seen.push({ path, body: r.request().method() === 'POST' ? await r.text().catch(() => '') : '' });
  });
  return seen;
}

/** Marks each unit's drawing, so one drawn again (a new element) is told from one kept. */
const mark = (page) =>
  page.locator('[data-testid^="unit-"]').evaluateAll((els) => els.forEach((el) => (el.__kept = el.dataset.testid)));
const kept = (page) =>
  page.locator('[data-testid^="unit-"]').evaluateAll((els) => els.filter((el) => el.__kept === el.dataset.testid).map((el) => el.dataset.testid));

async function shown(page, tid, figures, logEntries) {
  return {
    marines: await figures('us-marines'),
    boxers: await figures('boxers-west'),
    log: (await logEntries()).map((e) => e.text),
    turn: await tid('turn').textContent(),
  };
}

test("a volley's answer is a change the page makes, drawing again only what it touched", async () => {
  const { page, tid, until, figures, logEntries } = session;
  newGame(session.db, 'sand-pebbles/legation-wall.toml', 11);
  for (const action of legationToTheFire()) await post(session.base, 1, action);
  await page.goto(`${session.base}/#/game/1`);
  await tid('game-screen').waitFor();
  await tid('fire-open-us-marines').click();
  await tid('fire-target-boxers-west').click();
  await until('the fire odds', async () => /hitting on 1-7/.test(await tid('fire-odds').textContent()));
  const before = await figures('boxers-west');
  await mark(page);
  const units = (await kept(page)).length;
  const sent = requests(page);

  await tid('fire-type').click();
  await tid('fire-faces').fill('1 3 15 16 17 18 19 20 12 11 3');
  await tid('fire-use').click();
  await until('the volley in the log', async () => /U\.S\. Marines fire at Boxers of the West Gate/.test(await tid('log').first().textContent()));
  await until('the losses on the table', async () => (await figures('boxers-west')).length < before.length);
  await page.screenshot({ path: join(shots, 'volley.png') });

  const acted = sent.filter((r) => r.path === '/api/game_act');
  assert.equal(acted.length, 1, JSON.stringify(sent.map((r) => r.path)));
  const change = JSON.parse(acted[0].body);
  assert.equal(change.game, 1);
  assert.notEqual(change.from, change.to);
  assert.ok(acted[0].body.length < 8192, `the answer is ${acted[0].body.length} bytes`);
  assert.equal(change.made, Number(change.to.split('.')[0]) - 1, 'the answer names the entry the volley made');
  assert.ok(!sent.some((r) => r.path === '/api/game_view'), `the game was read whole: ${sent.map((r) => r.path)}`);
  // Only the two units in the volley changed; the others' drawings are the ones there before it.
  const still = await kept(page);
  assert.ok(still.length >= units - 2, `${units - still.length} of ${units} units drawn again`);
  assert.ok(still.includes('unit-tiger-men'), 'a unit the volley did not touch is not drawn again');

  const made = await shown(page, tid, figures, logEntries);
  await page.reload();
  await tid('game-screen').waitFor();
  await until('the log read', async () => (await logEntries()).length > 0);
  assert.deepEqual(await shown(page, tid, figures, logEntries), made, 'the page shows what the game read whole shows');
});

test("another device's entries come as changes, a rename carried in the next; a change that does not fit has the game read whole", async () => {
  const { page, tid, until, logEntries } = session;
  await page.goto(`${session.base}/#/game/1`);
  await tid('game-screen').waitFor();
  await until('live', async () => (await tid('live-reconnecting').count()) === 0);
  const sent = requests(page);
  await post(session.base, 1, { type: 'note', text: 'from the other tablet' });
  await until('the note heard', async () => (await logEntries()).some((e) => e.text.includes('from the other tablet')));

  // Renamed on another device: no entry, so nothing is heard; the next entry's change is from the view the
  // stream last sent, the one the page holds, and carries the new name with it.
  const renamed = await fetch(`${session.base}/api/rename_game`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: 1, name: 'The wall at dusk' }),
  });
  assert.ok(renamed.ok);
  await post(session.base, 1, { type: 'note', text: 'after the rename' });
  await until('the note heard', async () => (await logEntries()).some((e) => e.text.includes('after the rename')));
  await until('the new name shown', async () => (await page.locator('header .sub').first().textContent()).includes('The wall at dusk'));
  assert.ok(!sent.some((r) => r.path === '/api/game_view'), `read whole: ${sent.map((r) => r.path)}`);

  // An answer for a version the page does not hold, nor makes (as after a change missed): read whole.
  await page.route('**/api/game_act', async (route) => {
    const answer = await route.fetch();
    const change = await answer.json();
    await route.fulfill({ response: answer, json: { ...change, from: 'elsewhere', to: 'elsewhere too' } });
  });
  await tid('undo').click();
  await until('the note taken back', async () => (await logEntries()).some((e) => e.undone && e.text.includes('after the rename')));
  await until('the game read whole, the answer not fitting', async () => sent.some((r) => r.path === '/api/game_view'));
  await page.unroute('**/api/game_act');
  await page.screenshot({ path: join(shots, 'read-whole.png') });
});

test('a second tap while an answer is awaited sends nothing, and the controls are shown off only once it is late', async () => {
  const { page, tid, until, logEntries } = session;
  newGame(session.db, 'sand-pebbles/legation-wall.toml', 12);
  await post(session.base, 2, { type: 'note', text: 'the first watch' });
  await post(session.base, 2, { type: 'note', text: 'the second watch' });
  await page.goto(`${session.base}/#/game/2`);
  await tid('game-screen').waitFor();
  await until('undo offered', async () => !(await tid('undo').isDisabled()));

  // The host slow to answer, as over a poor Wi-Fi: each action's answer held back most of a second.
  let acts = 0;
  await page.route('**/api/game_act', async (route) => {
    acts++;
    await new Promise((r) => setTimeout(r, 900));
    await route.continue();
  });
  // When, after the tap, the Undo button was first shown off (the page's own clock, so a slow test machine
  // cannot make a late greying look early).
  await page.evaluate(() => {
    const undo = document.querySelector('[data-testid="undo"]');
    window.__offAfter = null;
    document.addEventListener('pointerdown', (e) => (window.__tapped = e.timeStamp), { capture: true, once: true });
    new MutationObserver(() => {
      if (undo.disabled && window.__offAfter === null) window.__offAfter = performance.now() - window.__tapped;
    }).observe(undo, { attributes: true, attributeFilter: ['disabled'] });
  });
  await tid('undo').click();
  await tid('undo').click({ timeout: 200 }).catch(() => {}); // a double tap, if the button still takes one
  await until('the answer in', async () => (await logEntries()).some((e) => e.undone && e.text.includes('the second watch')));
  const offAfter = await page.evaluate(() => window.__offAfter);
  await page.unroute('**/api/game_act');

  assert.equal(acts, 1, 'the double tap sent one action');
  const log = await logEntries();
  assert.ok(!log.some((e) => e.undone && e.text.includes('the first watch')), 'one entry taken back, not two');
  assert.ok(offAfter !== null, 'a late answer shows the controls off');
  assert.ok(offAfter >= 250, `the controls shown off ${Math.round(offAfter)} ms after the tap, not at once`);
  await until('undo offered again', async () => !(await tid('undo').isDisabled()));
});
