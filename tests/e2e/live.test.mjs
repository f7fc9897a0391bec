// Browser end-to-end test of one game open on two devices at once (a host and a tablet, each its own
// browser context): an entry made on either shows on the other by itself, undo on one undoes for both,
// and when the server dies and comes back both say they are reconnecting, then catch up by themselves.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { addNote, bin, launch, logText, out } from './harness.mjs';

let session, tablet, tabletContext;

before(async () => {
  session = await launch({ width: 1366, height: 1024 });
  execFileSync(bin, ['game', 'new', 'legation-wall', '--seed', '3'], { env: { ...process.env, SANDTABLE_DB: session.db } });
  tabletContext = await session.page.context().browser().newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true });
  tablet = await tabletContext.newPage();
  tablet.setDefaultTimeout(10_000);
});

after(async () => {
  await tabletContext?.close();
  await session?.close();
});

const on = (page, id) => page.locator(`[data-testid="${id}"]`);


test('an entry made on one device shows on the other by itself; undo undoes for both; a dropped tablet catches up', async () => {
  const { page: host, until } = session;
  await host.goto(session.base);
  await on(host, 'open-game-1').click();
  await tablet.goto(session.base);
  await on(tablet, 'open-game-1').click();
  // Upright, the log is a tab of the drawer.
  await on(tablet, 'tab-log').click();
  await on(tablet, 'log').waitFor();
  await on(host, 'log').waitFor();

  await addNote(tablet, 'from the tablet');
  const heard = Date.now();
  await until('the host hears the tablet', async () => /from the tablet/.test(await logText(host)));
  const lag = Date.now() - heard;
  console.log(`# the host showed the tablet's note ${lag} ms after the tap was answered`);

  await addNote(host, 'from the host');
  await until('the tablet hears the host', async () => /from the host/.test(await logText(tablet)));

  // Undo on the tablet takes back the host's note, on both.
  await on(tablet, 'undo').click();
  const struck = (page) => page.locator('[data-testid="log-entry"] s', { hasText: 'from the host' }).count();
  await until('struck on the tablet', async () => (await struck(tablet)) === 1);
  await until('struck on the host', async () => (await struck(host)) === 1);

  // The server dies mid-game and comes back: both devices say they are reconnecting, find it again by
  // themselves, and every acknowledged entry is there; what one did while the other was catching up too.
  await session.restart();
  await until('the tablet says it is reconnecting', async () => (await on(tablet, 'live-reconnecting').count()) === 1, 15_000);
  await tablet.screenshot({ path: join(out, 'live-reconnecting-768x1024.png') });
  await until('the host is back', async () => (await on(host, 'live-reconnecting').count()) === 0, 15_000);
  await addNote(host, 'while the tablet was away');
  await until('the tablet caught up', async () => /while the tablet was away/.test(await logText(tablet)), 15_000);
  await until('and is live again', async () => (await on(tablet, 'live-reconnecting').count()) === 0);
  await tablet.screenshot({ path: join(out, 'live-caught-up-768x1024.png') });
  assert.match(await logText(tablet), /from the tablet/);
});
