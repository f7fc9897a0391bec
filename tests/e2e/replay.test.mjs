// Browser end-to-end test of reading a game back: a Sand Pebbles game whose Marines have moved is replayed
// from its log. A step back shows them on the wall again, with every action off and the bar saying which
// entry it is; the arrow keys step too; another device's entry arriving meanwhile leaves the replay where it
// was; a note is written beside the entry (an over-long one refused) and shows in the log; a fast drag
// along the slider reads only the positions it needs; and "Back to the game" is the game as it stands.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { bin, launch } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

const NOTES = 30;
let session;
let page, tid, until, text, figures, api;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, figures, api } = session);
  const cli = (...args) => execFileSync(bin, args, { env: { ...process.env, SANDTABLE_DB: session.db } });
  cli('game', 'new', 'legation-wall', '--seed', '3');
  for (let n = 0; n < NOTES; n++) cli('game', 'act', '1', JSON.stringify({ type: 'note', text: `evening note ${n}` }));
  const act = (action) => cli('game', 'act', '1', JSON.stringify(action));
  act({ type: 'initiative', dice: [6, 2] });
  act({ type: 'choose_order', first: 'allies' });
  act({ type: 'roll_move', unit: 'us-marines', dice: [3, 5] });
  act({ type: 'move', unit: 'us-marines', path: [{ x: 24, y: 24.75 }] });
});

after(async () => {
  await session?.close();
});

const leaderY = async () => (await figures('us-marines')).find((f) => f.role === 'leader').y;
const where = () => text('replay-where');
/** Opens a tab of the side panel, where the log has one (a short screen); elsewhere the log is under the table. */
const tab = async (name) => {
  if (await tid(`tab-${name}`).count()) await tid(`tab-${name}`).click();
};

test('a game read back entry by entry, noted, and left for the game as it stands', async () => {
  await page.goto(session.base);
  await tid('open-game-1').click();
  await tid('game-screen').waitFor();
  await tab('log');
  assert.equal(await leaderY(), 24.75, 'the Marines have moved off the wall');

  await tid('replay-open').click();
  await tid('replay-bar').waitFor();
  const last = NOTES + 4;
  await until('the newest entry', async () => (await where()).startsWith(`Replaying — entry ${last} of ${last}, turn 1: `));
  assert.match(await where(), /moved 10\.0"/);
  assert.equal(await leaderY(), 24.75, 'the newest entry is the table as it is');

  // One step back: before the move, the Marines stand on the wall's walk again.
  await tid('replay-back').click();
  await until('the entry before the move', async () => /entry 33 of 34, turn 1: .*rolled movement/.test(await where()));
  await until('the Marines back on the wall', async () => (await leaderY()) === 14.75);
  await tid('replay-start').click();
  await until('the first entry', async () => (await where()) === 'Replaying — entry 1 of 34, turn 1: Note: evening note 0');
  const atStart = await figures('us-marines');
  await tid('replay-end').click();
  await until('the newest again', async () => (await where()).startsWith('Replaying — entry 34 of 34'));
  // The arrow keys step as the buttons do, and leave the table where it was (they pan it otherwise).
  const viewBox = await tid('table').getAttribute('viewBox');
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('ArrowLeft');
  await until('a key back', async () => (await where()).startsWith('Replaying — entry 33 of 34'));
  await page.keyboard.press('ArrowLeft');
  await until('another key back', async () => (await where()).startsWith('Replaying — entry 32 of 34'));
  await page.keyboard.press('ArrowRight');
  await until('a key on', async () => /entry 33 of 34, turn 1: .*rolled movement/.test(await where()));
  assert.deepEqual(await figures('us-marines'), atStart, 'before the move they stand as they began');
  assert.equal(await tid('table').getAttribute('viewBox'), viewBox, 'the keys stepped the replay, not the table');

  // The past is read, not played: a unit can still be picked to read its card, but nothing acts.
  await tab('units');
  await tid('select-us-marines').click();
  await tid('unit-card-us-marines').waitFor();
  await until('the card says the move rolled then', async () => /Move 14"/.test(await text('unit-card-us-marines')));
  for (const id of ['undo', 'redo', 'end-phase', 'losses-us-marines', 'restore-us-marines', 'tool-move', 'tool-template']) {
    assert.equal(await tid(id).isDisabled(), true, `${id} is off while replaying`);
  }
  await tab('log');
  assert.equal(await tid('note-open').count(), 0, 'the log takes no entries while replaying');
  await page.keyboard.press('Control+z');
  await until('a key that would undo says why not', async () => /Replaying/.test(await text('notice')));
  assert.equal((await api('game_view', { id: 1 })).log_total, last, 'nothing was recorded');
  await tid('notice-dismiss').click();

  // Another device plays on meanwhile: the replay stays at its entry, and the bar counts the new one.
  await api('game_act', { id: 1, action: { type: 'note', text: 'from the other tablet' } });
  await until('the entry heard', async () => (await where()).startsWith('Replaying — entry 33 of 35, turn 1: '));
  assert.equal(await leaderY(), 14.75, 'still before the move');

  // A note beside this entry: too long is refused and says so; a fair one shows in the bar and the log.
  await tid('replay-note-open').click();
  await tid('replay-note-text').fill('x'.repeat(4001));
  await tid('replay-note-save').click();
  await until('the long note refused', async () => /4001 characters long; it may be at most 4000/.test(await text('replay-note-refused')));
  await tid('replay-note-text').fill('The Marines waited for the Colt before moving');
  await tid('replay-note-save').click();
  await until('the note in the bar', async () => (await text('replay-notes')).includes('The Marines waited for the Colt'));
  await until('the note in the log beside its entry', async () => {
    const top = tid('log-entry').first();
    return /rolled movement.*Note The Marines waited for the Colt/.test(((await top.textContent()) ?? '').replace(/\s+/g, ' '));
  });
  const notes = await api('annotations', { game: 1 });
  assert.deepEqual(notes.map((n) => [n.at, n.text]), [[32, 'The Marines waited for the Colt before moving']]);
  await lookSound(page, 'replay', 'noted');

  // A fast drag along the slider: one read in flight at a time, the newest position read when it lands.
  const reads = [];
  page.on('request', (r) => r.url().endsWith('/api/game_view_at') && reads.push(r));
  await tid('replay-slider').evaluate((slider, to) => {
    for (let v = to; v >= 0; v--) {
      slider.value = String(v);
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, last);
  await until('the drag settled at the first entry', async () => (await where()) === 'Replaying — entry 1 of 35, turn 1: Note: evening note 0');
  assert.ok(reads.length <= 3, `${reads.length} reads for a drag over ${last + 1} positions`);
  await lookSound(page, 'replay', 'start');

  await tid('replay-close').click();
  await tid('replay-bar').waitFor({ state: 'detached' });
  await until('the game as it stands', async () => (await leaderY()) === 24.75);
  assert.equal(await tid('undo').isDisabled(), false, 'the game can be played again');
  assert.match(await text('log'), /from the other tablet/);
  await lookSound(page, 'replay', 'back');

  // A replay left for the games list is not there when the game opens again.
  await tid('replay-open').click();
  await tid('replay-bar').waitFor();
  await tid('back').click();
  await tid('open-game-1').click();
  await tid('game-screen').waitFor();
  assert.equal(await tid('replay-bar').count(), 0);
  assert.equal(await leaderY(), 24.75);
});
