// A club's server (`sandtable serve --club`) as its members meet it in the browser: the sign-in page (a
// wrong password said plainly), the club's page the member lands on, the administrator's desk adding a
// member and seating her at one side of a Heliograph ambush, and that member opening the game from the
// club's page and being shown her side's game, the Moros' band only as a counter. Screenshots at
// 1024x768 and 768x1024.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, helpers, launchBrowser, out, startServer } from './harness.mjs';

const ADMIN = 'the administrator of the club';
const ANNS = 'ann plays the patrol';
let scratch, served, browser;

before(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'sandtable-club-'));
  const db = join(scratch, 'e2e.db');
  execFileSync(bin, ['--db', db, 'club', 'admin', 'Ada'], { input: `${ADMIN}\n` });
  execFileSync(bin, ['--db', db, 'game', 'new', 'jungle-patrol', '--seed', '3']);
  served = await startServer(scratch, 0, false, ['--club']);
  browser = await launchBrowser();
});

after(async () => {
  if (served?.server.exitCode === null) served.server.kill('SIGKILL');
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function device(width, height) {
  const context = await browser.newContext({ viewport: { width, height }, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error('page error:', e));
  return page;
}

const on = (page, id) => page.locator(`[data-testid="${id}"]`);

async function signIn(page, name, password) {
  await page.goto(served.base);
  await page.fill('#name', name);
  await page.fill('#password', password);
  await on(page, 'club-sign-in-submit').click();
}

test('a member is added and seated on the club page, signs in, and plays her side alone', async () => {
  const desk = await device(1024, 768);
  await signIn(desk, 'Ada', 'not the password at all');
  await helpers(desk).until('the wrong password is said', async () => /not a member's of this club/.test(await on(desk, 'club-sign-in-message').textContent()));
  await desk.screenshot({ path: join(out, 'club-sign-in-wrong-1024x768.png') });
  await desk.fill('#password', ADMIN);
  await on(desk, 'club-sign-in-submit').click();
  await desk.waitForURL(`${served.base}/club`);
  assert.equal(await on(desk, 'club-me').textContent(), 'Ada');

  // The administrator's desk: Ann joins the club and is seated with the U.S. patrol.
  const add = on(desk, 'club-add-member');
  await add.locator('input[name=name]').fill('Ann');
  await add.locator('input[name=password]').fill(ANNS);
  await add.locator('button').click();
  await helpers(desk).until('Ann is a member', async () => /Ann/.test(await on(desk, 'club-members').textContent()));
  const seat = on(desk, 'club-give-seat');
  await seat.locator('select[name=member]').selectOption('Ann');
  const patrol = await seat.locator('select[name=place] option', { hasText: 'U.S.' }).first().getAttribute('value');
  await seat.locator('select[name=place]').selectOption(patrol);
  await seat.locator('button').click();
  await helpers(desk).until('Ann is seated', async () => /Ann: U\.S\./.test(await on(desk, 'club-battles').textContent()));
  await desk.screenshot({ path: join(out, 'club-page-admin-1024x768.png'), fullPage: true });

  // Ann, on her tablet, lands on the club's page with her seat, and opens the game from it.
  const tablet = await device(768, 1024);
  await signIn(tablet, 'Ann', ANNS);
  await tablet.waitForURL(`${served.base}/club`);
  assert.match(await on(tablet, 'club-battles').textContent(), /U\.S\./);
  assert.equal(await on(tablet, 'club-give-seat').count(), 0, 'the desk is the administrator\'s');
  await tablet.screenshot({ path: join(out, 'club-page-member-768x1024.png'), fullPage: true });
  await tablet.locator('[data-testid="club-battles"] a').first().click();
  await on(tablet, 'tab-log').waitFor();
  const shown = await tablet.locator('body').textContent();
  assert.doesNotMatch(shown, /Juramentado|Moro riflemen|Moro warriors/, 'the Moros\' bands are counters to her');
  assert.match(shown, /Hidden counter/);
  await tablet.screenshot({ path: join(out, 'club-game-member-768x1024.png') });

  // Back on the games list, the app says who is signed in and leads back to the club's page.
  await tablet.goto(`${served.base}/#/`);
  assert.equal(await on(tablet, 'club-member').textContent(), 'Ann');
  // Starting and importing games are the administrator's: a member is not offered what would be refused.
  await on(tablet, 'club-new-game').waitFor();
  assert.equal(await on(tablet, 'start-game').count(), 0);
  await tablet.screenshot({ path: join(out, 'club-games-member-768x1024.png') });
  await on(tablet, 'club-sign-out-app').click();
  await tablet.waitForSelector('[data-testid="club-sign-in"]');
});
