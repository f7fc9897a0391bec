// Browser end-to-end test of a long game's log: the game view carries only its newest entries, so the log
// panel shows those and pages back on demand; entries paged back stay shown, with no gap, as the game moves
// on; an undo strikes its entry wherever it stands.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';

let session;
let page, tid, until, text, logEntries;

before(async () => {
  session = await launch({ width: 1366, height: 1024 });
  ({ page, tid, until, text, logEntries } = session);
  const cli = (...args) => execFileSync(bin, args, { env: { ...process.env, SANDTABLE_DB: session.db } });
  cli('game', 'new', 'legation-wall', '--seed', '3');
  for (let n = 0; n < 45; n++) cli('game', 'act', '1', JSON.stringify({ type: 'note', text: `evening note ${n}` }));
});

after(async () => {
  await session?.close();
});

const seqsShown = async () => (await logEntries()).map((e) => Number(/evening note (\d+)/.exec(e.text)?.[1] ?? -1));

test('a long log shows its newest entries and pages back on demand, with no gap as the game moves on', async () => {
  await page.goto(session.base);
  await tid('open-game-1').click();
  await tid('log').waitFor();
  assert.match(await text('log'), /evening note 44/);
  assert.equal((await logEntries()).length, 12, 'the newest stretch only');
  assert.match(await text('log-earlier'), /Show 33 earlier \(33 before these\)/);

  await tid('log-earlier').click();
  await until('every entry shown', async () => (await logEntries()).length === 45);
  assert.equal(await tid('log-earlier').count(), 0, 'nothing earlier left');
  const shown = await seqsShown();
  assert.deepEqual(shown, [...Array(45).keys()].reverse(), 'newest first, each once');

  // A note added now moves the view's stretch on; the entries paged back stay, with none missing.
  await tid('note-open').click();
  await tid('note-text').fill('evening note 45');
  await tid('note-save').click();
  await until('the new note and all before it', async () => (await logEntries()).length === 46);
  assert.deepEqual(await seqsShown(), [...Array(46).keys()].reverse());

  await tid('undo').click();
  await until('the note struck', async () => (await logEntries()).some((e) => e.struck && /evening note 45/.test(e.text)));
  await page.screenshot({ path: join(out, 'log-pages.png') });
});
