// Browser end-to-end test of two devices acting on one game at once: device B's screen is stale (it does
// not hear device A's entries), and B taps an action A's entry has made impossible. B is told plainly that
// another device changed the game first, what it did, and that B's action was not recorded; B's screen
// shows the game as it now stands, and Repeat sends the same action again: refused with the rule while A's
// entry stands, recorded once A has undone it.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/conflict.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';

let session, deviceB, contextB;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  execFileSync(bin, ['game', 'new', 'legation-wall', '--seed', '3'], { env: { ...process.env, SANDTABLE_DB: session.db } });
  // No service worker on B, so the route below sees every request B makes.
  contextB = await session.page.context().browser().newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'block' });
  // B's live stream is never answered, so B keeps showing the game as it was when B last read it, as a
  // tablet does for a moment while another's entry is on its way. (Refused outright, it would put B to
  // reconnecting, where nothing may be done to the game.)
  await contextB.route('**/api/live/**', () => {});
  deviceB = await contextB.newPage();
  deviceB.setDefaultTimeout(10_000);
});

after(async () => {
  await contextB?.close();
  await session?.close();
});

const on = (page, id) => page.locator(`[data-testid="${id}"]`);
const say = async (page, id) => ((await on(page, id).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

test('an action made stale by another device is explained, and Repeat sends it again', async () => {
  const { page: deviceA, base, tid, until, typeRolls, dismissNotice, logTotal } = session;

  // Device A opens the game and plays it to the Legation Guard's move.
  await deviceA.goto(base);
  await tid('open-game-1').click();
  await tid('phase-bar').waitFor();
  await tid('initiative-type').click();
  await typeRolls('initiative', 5, 2);
  await tid('initiative-use').click();
  await tid('first-allies').click();
  await until('phase A', async () => /^A First side moves/.test(await say(deviceA, 'phase-title')));
  await dismissNotice();

  // Device B opens it there, and from now on hears nothing.
  await deviceB.goto(base);
  await on(deviceB, 'open-game-1').click();
  await until('B in phase A', async () => /^A First side moves/.test(await say(deviceB, 'phase-title')));
  const seenByB = await logTotal();

  // A rolls the Marines' move; B, still showing it not rolled, taps the same.
  await tid('roll-move-us-marines').click();
  await tid('allowance-us-marines').waitFor();
  assert.equal(await on(deviceB, 'allowance-us-marines').count(), 0, "B's screen is stale");
  await on(deviceB, 'roll-move-us-marines').click();

  await on(deviceB, 'notice-repeat').waitFor();
  assert.equal(await on(deviceB, 'notice').getAttribute('data-tone'), 'stale');
  const told = await say(deviceB, 'notice-message');
  assert.match(told, /^Another device changed the game first: .*Marines.*\. Your action was not recorded\.$/, told);
  // B now shows the game as it stands: A's roll, and nothing of B's.
  await on(deviceB, 'allowance-us-marines').waitFor();
  assert.equal(Number.parseInt(await say(deviceB, 'log-total'), 10), seenByB + 1);
  await deviceB.screenshot({ path: join(out, 'conflict-stale-notice-1024x768.png') });

  // Repeat: the Marines have rolled, so the rules refuse it, saying which rule; still nothing recorded.
  await on(deviceB, 'notice-repeat').click();
  await until('the refusal', async () => (await on(deviceB, 'notice').getAttribute('data-tone').catch(() => null)) === 'refused');
  assert.equal(await on(deviceB, 'notice-repeat').count(), 0, 'a refusal of the game as shown has nothing to repeat');
  assert.ok((await on(deviceB, 'notice-rule').count()) === 1, 'the refusal names its rule');
  console.log(`# repeat refused: ${await say(deviceB, 'notice-message')} (${await say(deviceB, 'notice-rule')})`);
  assert.equal(Number.parseInt(await say(deviceB, 'log-total'), 10), seenByB + 1);
  await deviceB.screenshot({ path: join(out, 'conflict-repeat-refused-1024x768.png') });
  await on(deviceB, 'notice-dismiss').click();

  // Again with the sailors, and this time A takes its roll back before B repeats: B's roll lands.
  await tid('roll-move-rn-sailors').click();
  await tid('allowance-rn-sailors').waitFor();
  await on(deviceB, 'roll-move-rn-sailors').click();
  await on(deviceB, 'notice-repeat').waitFor();
  assert.match(await say(deviceB, 'notice-message'), /sailors.*Your action was not recorded/i);
  await dismissNotice();
  await tid('undo').click();
  await until('A took its roll back', async () => (await tid('allowance-rn-sailors').count()) === 0);
  const beforeRepeat = await logTotal();
  await on(deviceB, 'notice-repeat').click();
  // B's stale screen still shows A's undone roll, so B's own answer is waited for by the log's length.
  await until("B's roll answered", async () => Number.parseInt(await say(deviceB, 'log-total'), 10) >= beforeRepeat + 1);
  await on(deviceB, 'allowance-rn-sailors').waitFor();
  assert.equal(await on(deviceB, 'notice-repeat').count(), 0);
  assert.equal(Number.parseInt(await say(deviceB, 'log-total'), 10), beforeRepeat + 1, "B's roll is recorded once");
  await until('A hears it', async () => (await tid('allowance-rn-sailors').count()) === 1);
  await deviceB.screenshot({ path: join(out, 'conflict-repeat-landed-1024x768.png') });
});
