// Browser end-to-end test: the built UI (ui/dist) in headless Chromium against a real `sandtable serve`
// with a fresh SQLite file. One game played through the way a player would: pick the scenario, roll the
// initiative and choose who moves first, select a unit on the table, roll and make a move, have an
// over-long move refused, measure, record losses, undo.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)
//
// SANDTABLE_BIN picks another binary; CHROMIUM another browser; E2E_HEADED=1 shows the window.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

const SCENARIO = 'sand-pebbles/legation-wall.toml';

let session;
let page, tid, until, text, logTotal, typeRolls, figures, toClient, tapTable, logEntries, dismissNotice;

before(async () => {
  session = await launch();
  ({ page, tid, until, text, logTotal, typeRolls, figures, toClient, tapTable, logEntries, dismissNotice } = session);
});

after(async () => {
  await session?.close();
});

test('a slice of a Sand Pebbles game in the browser', async () => {
  await page.goto(session.base);

  // New game from the shipped Legation Wall scenario, with a fixed seed.
  await tid(`scenario-${SCENARIO}`).click();
  await tid('new-seed').fill('7');
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  assert.match(await text('game-title'), /Legation Wall/);
  assert.equal(await tid('log-entry').count(), 0);

  // Sand Pebbles turns open with initiative: typed dice, the Legation Guard's 5 against the Boxers' 2.
  await tid('phase-bar').waitFor();
  assert.equal(await tid('step-move_initiative').getAttribute('data-current'), 'true');
  assert.equal(await tid('roll-move-us-marines').isDisabled(), true, 'nobody moves before the initiative');
  await tid('initiative-type').click();
  await typeRolls('initiative', 5, 2);
  await tid('initiative-use').click();
  await until('the winner to choose', async () => (await text('phase-title')) === 'Choose who moves first');
  assert.match(await text('acting-side'), /Legation Guard chooses/);
  await tid('first-allies').click();
  await until('phase A', async () => /^A First side moves and charges$/.test(await text('phase-title')));
  assert.match(await text('acting-side'), /Legation Guard/);
  assert.equal(await tid('roll-move-boxers-west').isDisabled(), true, 'the Boxers move in phase B');
  await dismissNotice();

  // Select the Marines by tapping their leader on the table.
  const start = await figures('us-marines');
  assert.equal(start.length, 10);
  const leader = start.find((f) => f.role === 'leader');
  assert.ok(leader, 'the Marines have a leader on the table');
  await tapTable(leader.x, leader.y);
  await until('Marines selected', async () => (await tid('unit-us-marines').getAttribute('data-selected')) === 'true');
  await tid('unit-card-us-marines').locator('[data-testid="measure-to"]').waitFor();
  await tid('range-ring').waitFor();

  // Roll their move (2D6+6).
  const rollButton = tid('roll-move-us-marines');
  assert.match(await rollButton.textContent(), /2D6\+6/);
  await rollButton.click();
  await tid('allowance-us-marines').waitFor();
  const allowance = await text('allowance-us-marines');
  const m = /Move (\d+)" \[(\d) (\d)\] · ([\d.]+)" left/.exec(allowance);
  assert.ok(m, `allowance shown as rolled: ${allowance}`);
  const total = Number(m[1]);
  assert.equal(total, Number(m[2]) + Number(m[3]) + 6);
  assert.ok(total >= 8 && total <= 18);
  await tid('move-ring').waitFor();
  assert.equal(await tid('table').getAttribute('data-tool'), 'move', 'rolling readies the move tool');

  // Move within the allowance: 2" short of it, straight down the table toward the Boxers.
  const step = total - 2;
  await tapTable(leader.x, leader.y + step);
  await until('the Marines to move', async () => (await figures('us-marines')).find((f) => f.role === 'leader').y > leader.y + 1);
  const moved = await figures('us-marines');
  assert.equal(moved.length, start.length);
  for (const f of moved) {
    const before = start.find((s) => s.id === f.id);
    assert.ok(Math.abs(f.x - before.x) < 0.02 && Math.abs(f.y - (before.y + step)) < 0.02, `figure ${f.id} moved with its leader`);
  }
  assert.match(await text('allowance-us-marines'), /· 2\.0" left/);
  let log = await logEntries();
  assert.equal(log.length, 4);
  assert.match(log[0].text, /U\.S\. Marines moved [\d.]+" \(2\.0" left\)/);

  // A move past what is left is refused with the engine's reason, and nothing is recorded.
  await tid('tool-move').click();
  const here = moved.find((f) => f.role === 'leader');
  await tapTable(here.x + 10, here.y);
  await tid('notice').waitFor();
  assert.equal(await tid('notice').getAttribute('data-tone'), 'refused');
  const reason = await text('notice-message');
  assert.match(reason, /U\.S\. Marines/);
  assert.match(reason, /10\.0/, `the reason gives the route's length: ${reason}`);
  assert.match(await text('notice-rule'), /Movement/);
  assert.deepEqual(await figures('us-marines'), moved, 'a refused move leaves the figures where they were');
  assert.equal(await logTotal(), 4, 'a refused move logs nothing');
  await tid('notice-dismiss').click();
  await tid('notice').waitFor({ state: 'detached' });

  // Measure from the Marines to the Boxers of the West Gate.
  await tid('tool-select').click();
  await tid('measure-to').click();
  await tid('measure-target-boxers-west').click();
  await tid('measure-result').waitFor();
  const measured = await text('measure-result');
  assert.match(measured, /U\.S\. Marines to Boxers of the West Gate: [\d.]+"/);
  assert.match(measured, /(in|out of) range of Rifle/);
  assert.match(await text('measure-in-range'), /^(In range|Out of range)$/);

  // A tape dragged across the table reads inches live: 12" from the Sword and spear band's leader.
  const band = (await figures('boxers-east')).find((f) => f.role === 'leader');
  const a = await toClient(band.x, band.y);
  const b = await toClient(band.x + 12, band.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, a.y, { steps: 4 });
  await until('a live reading mid-drag', async () => /^[\d.]+"$/.test((await tid('ruler-readout').textContent()) ?? ''));
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  assert.equal(await text('ruler-readout'), '12.0"');
  assert.equal(await tid('unit-boxers-east').getAttribute('data-selected'), 'false', 'measuring does not select');

  // A 3" template over the West Gate Boxers' leader counts the figures under it.
  const west = (await figures('boxers-west')).find((f) => f.role === 'leader');
  await tid('tool-template').click();
  assert.equal(await text('template-radius'), '3"');
  await tapTable(west.x, west.y);
  await until('the engine to count the figures under the template', async () =>
    (await tid('template-under').getAttribute('data-source')) === 'engine');
  const under = await text('template-under');
  const counted = Number(await text('template-count-boxers-west'));
  const expected = (await figures('boxers-west')).filter((f) => Math.hypot(f.x - west.x, f.y - west.y) <= 3 + 1e-9).length;
  assert.ok(expected > 1 && counted === expected, `template lists ${under}, expected ${expected}`);
  await tid('template-bigger').click();
  assert.equal(await text('template-radius'), '3.5"');
  await tid('tool-select').click();

  // Three losses on the Boxers, then take one back.
  const boxers = Number(await text('alive-boxers-west'));
  assert.equal(boxers, 12);
  for (let i = 0; i < 3; i++) await tid('losses-boxers-west').click();
  await until('12 − 3 Boxers', async () => (await text('alive-boxers-west')) === String(boxers - 3));
  assert.equal((await figures('boxers-west')).length, boxers - 3, 'the table shows the losses too');
  await tid('undo').click();
  await until('12 − 2 Boxers after undo', async () => (await text('alive-boxers-west')) === String(boxers - 2));
  assert.match(await text('notice-message'), /^Undid: Boxers of the West Gate lost 1 figure/, 'the undo says what it took back');
  await dismissNotice();

  log = await logEntries();
  assert.equal(log.length, 8, JSON.stringify(log));
  assert.match(log[0].text, /^T1 Undid: Boxers of the West Gate lost 1 figure/);
  const struck = log.filter((e) => e.undone);
  assert.equal(struck.length, 1, 'exactly one entry is struck through');
  assert.ok(struck[0].struck && /Boxers of the West Gate lost 1 figure/.test(struck[0].text));
  assert.equal(log.filter((e) => /lost 1 figure/.test(e.text) && !e.undone && !/Undid/.test(e.text)).length, 2);
  assert.ok(await tid('redo').isEnabled());

  // The dice tray shows exact odds before a roll, then the faces.
  await tid('tab-dice').click();
  await tid('quick-2D6').click();
  await until('odds for 2D6', async () => (await tid('odds').locator('.col').count()) === 11);
  assert.match(await tid('odds').textContent(), /mean 7\.00/);
  await tid('dice-roll').click();
  await tid('dice-result').waitFor();
  const rolled = Number(await text('dice-total'));
  assert.ok(rolled >= 2 && rolled <= 12);
  assert.match((await logEntries())[0].text, /Rolled 2D6 = \d+/);
  // Faces typed in from physical dice are checked by the engine: a 7 on a D6 is refused, nothing logged.
  const entries = await logTotal();
  await tid('dice-type').click();
  await tid('dice-faces').fill('7 2');
  await tid('dice-submit-faces').click();
  await tid('notice').waitFor();
  assert.match(await text('notice-message'), /7/);
  assert.equal(await logTotal(), entries);
  await tid('dice-faces').fill('6 5');
  await tid('dice-submit-faces').click();
  await until('the typed roll', async () => (await text('dice-total')) === '11');
  assert.match((await logEntries())[0].text, /Rolled 2D6 = 11/);
  if (await tid('notice').count()) await tid('notice-dismiss').click();
  // Back to the roster, with the measurement on show, for the screenshots.
  await tid('tab-units').click();
  await tid('measure-to').click();
  await tid('measure-target-boxers-west').click();
  await tid('measure-result').waitFor();
  await tid('unit-card-us-marines').evaluate((el) => el.scrollIntoView({ block: 'start' }));

  await page.screenshot({ path: join(out, 'slice.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, 'slice-1024x768.png') });
});
