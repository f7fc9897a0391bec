// Two `sandtable serve` processes on one PostgreSQL database act as one club server, in the browser: a
// tablet on each plays nine entries in turn, each heard live on the other; then one process is killed
// outright mid-game and its tablet, reaching the club through a front door that sends it to whichever
// server still answers (as a load balancer would), carries on through the other with every acknowledged
// entry there.
//
// Runs on the suite's PostgreSQL pass (tools/test-all.sh keeps its throwaway cluster up for the browser
// tests and sets SANDTABLE_TEST_POSTGRES); skipped without one.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addNote, bin, helpers, launchBrowser, logText, out, startServer } from './harness.mjs';

const postgres = process.env.SANDTABLE_TEST_POSTGRES;
const skip = postgres ? false : 'needs the PostgreSQL pass of tools/test-all.sh (SANDTABLE_TEST_POSTGRES)';

let scratch, database, first, second, door, browser;

/** A new database of its own on the test server. */
function newDatabase() {
  const name = `e2e_two_${process.pid}_${Date.now()}`;
  execFileSync('psql', [postgres, '-qc', `CREATE DATABASE ${name}`]);
  return postgres.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * A front door on its own port sending each request to the first of `ports` that answers, as a load
 * balancer does; each server answers only to its own name, so the request is addressed to it.
 */
function frontDoor(ports) {
  const server = http.createServer(async (request, response) => {
    // Read whole first, so a request the first server never took can be sent again to the next.
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const tryPort = (i) => {
      if (i >= ports.length) {
        response.writeHead(502).end();
        return;
      }
      const port = ports[i];
      const headers = { ...request.headers, host: `127.0.0.1:${port}` };
      if (headers.origin) headers.origin = `http://127.0.0.1:${port}`;
      const forward = http.request({ host: '127.0.0.1', port, path: request.url, method: request.method, headers, agent: false }, (answer) => {
        response.writeHead(answer.statusCode, answer.headers);
        answer.pipe(response);
        // A server killed mid-answer (a live stream is always mid-answer) cuts the device off, as a load
        // balancer would, so it connects again and is sent to a server that answers.
        answer.on('error', () => response.destroy());
        answer.on('close', () => answer.complete || response.destroy());
      });
      forward.on('error', () => (response.headersSent ? response.destroy() : tryPort(i + 1)));
      forward.end(body);
    };
    tryPort(0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

before(async () => {
  if (skip) return;
  scratch = mkdtempSync(join(tmpdir(), 'sandtable-two-'));
  database = newDatabase();
  first = await startServer(scratch, 0, false, ['--database', database]);
  second = await startServer(scratch, 0, false, ['--database', database]);
  const port = (base) => Number(new URL(base).port);
  door = await frontDoor([port(first.base), port(second.base)]);
  execFileSync(bin, ['game', 'new', 'legation-wall', '--seed', '3'], { env: { ...process.env, SANDTABLE_DB: database } });
  browser = await launchBrowser();
});

after(async () => {
  for (const s of [first, second]) if (s && s.server.exitCode === null) s.server.kill('SIGKILL');
  door?.close();
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function tablet(base) {
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error('page error:', e));
  await page.goto(base);
  await page.locator('[data-testid="open-game-1"]').click();
  await page.locator('[data-testid="tab-log"]').click();
  await page.locator('[data-testid="log"]').waitFor();
  return page;
}

const on = (page, id) => page.locator(`[data-testid="${id}"]`);


test('a tablet on each of two servers: nine entries heard live across, one server killed, its tablet carries on through the other', { skip }, async () => {
  const doorBase = `http://127.0.0.1:${door.address().port}`;
  const viaFirst = await tablet(doorBase);
  const onSecond = await tablet(second.base);
  const { until } = helpers(viaFirst);

  const made = [];
  for (let turn = 1; turn <= 9; turn++) {
    const [by, other, where] = turn % 2 ? [viaFirst, onSecond, 'first'] : [onSecond, viaFirst, 'second'];
    const text = `turn ${turn} through the ${where} server`;
    const tapped = Date.now();
    await addNote(by, text);
    made.push(text);
    await until(`the other tablet hears ${text}`, async () => (await logText(other)).includes(text));
    console.log(`# ${text}: heard on the other server's tablet ${Date.now() - tapped} ms after the tap`);
  }
  await viaFirst.screenshot({ path: join(out, 'two-servers-first-768x1024.png') });

  // The first server dies outright; its tablet's next requests go through the door to the second.
  first.server.kill('SIGKILL');
  await new Promise((r) => first.server.once('exit', r));
  await addNote(onSecond, 'while the first server was down');
  await until('the first tablet caught up through the second server', async () => (await logText(viaFirst)).includes('while the first server was down'), 20_000);
  await addNote(viaFirst, 'the first tablet plays on');
  await until('heard on the second', async () => (await logText(onSecond)).includes('the first tablet plays on'));
  await viaFirst.screenshot({ path: join(out, 'two-servers-after-kill-768x1024.png') });

  // Every acknowledged entry is in the log, once and in order, as the database holds it.
  const log = JSON.parse(execFileSync(bin, ['game', 'log', '1', '--format', 'json'], { env: { ...process.env, SANDTABLE_DB: database } }));
  const texts = log.map((e) => e.text.replace(/^Note: /, ''));
  assert.deepEqual(texts, [...made, 'while the first server was down', 'the first tablet plays on']);
});
