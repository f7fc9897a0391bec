// What the browser tests share: a real `sandtable serve` on a free loopback port with a fresh SQLite file,
// headless Chromium, and small helpers that read the page the way a player would (by test id, figures
// on the table in inches). Not a test file itself: `node --test` only picks up *.test.mjs.
//
// SANDTABLE_BIN picks another binary; SANDTABLE_UI another built UI (so two builds need not share ui/dist);
// CHROMIUM another browser; E2E_HEADED=1 shows the window.
//
// `launch({ lan: true })` starts it as a host opening the table to the room (`sandtable serve --lan`): on
// every interface, with the join code it prints and the LAN address tablets reach it at (`lanBase`, null
// when it found no room network); `restart()` brings it back the same way on the same port.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const out = join(root, 'tests/e2e/out');
// playwright-core is one of the UI's dev dependencies, so the tests need no package.json of their own.
const { chromium } = createRequire(join(root, 'ui/package.json'))('playwright-core');
export const bin = resolve(root, process.env.SANDTABLE_BIN ?? 'target/debug/sandtable');
const uiDir = resolve(root, process.env.SANDTABLE_UI ?? 'ui/dist');

/** Starts the server and the browser; `close()` stops both and removes the scratch database. */
export async function launch({ width = 1366, height = 1024, lan = false } = {}) {
  assert.ok(existsSync(bin), `no sandtable binary at ${bin}; run cargo build --bin sandtable`);
  assert.ok(existsSync(join(uiDir, 'index.html')), `no built UI at ${uiDir}; run npm run build in ui/`);
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'sandtable-e2e-'));
  let { server, base, code, lanBase } = await startServer(scratch, 0, lan);
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width, height }, hasTouch: true });
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error('page error:', e));

  async function stop(signal = 'SIGTERM') {
    if (server.exitCode !== null) return;
    const exited = new Promise((r) => server.once('exit', r));
    server.kill(signal);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 2000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }

  async function close() {
    await browser.close();
    await stop();
    rmSync(scratch, { recursive: true, force: true });
  }

  /**
   * Kills the server as a crash would, then starts it again on the same port and database (on the LAN
   * again if it was). Resolves to what the new one printed: `{ base, code, lanBase }`.
   */
  async function restart() {
    await stop('SIGKILL');
    let again;
    ({ server, ...again } = await startServer(scratch, Number(new URL(base).port), lan));
    return again;
  }
  return { base, code, lanBase, page, close, restart, db: join(scratch, 'e2e.db'), scenarios: join(scratch, 'scenarios'), ...helpers(page) };
}

/** Headless Chromium as every browser test runs it; `extra` are more of its switches. */
export function launchBrowser(extra = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: !process.env.E2E_HEADED,
    // Chromium's own background traffic is refused on closed CI networks, and it then stalls startup.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extra,
    ].filter((a) => a !== '--headless' || !process.env.E2E_HEADED),
  });
}

/** The game's log as the page shows it, its spacing run together. */
export const logText = async (page) => ((await page.locator('[data-testid="log"]').textContent()) ?? '').replace(/\s+/g, ' ');

/** Writes a note into the open game's log, as a player does from the log's "+ Note". */
export async function addNote(page, text) {
  await page.locator('[data-testid="note-open"]').click();
  await page.locator('[data-testid="note-text"]').fill(text);
  await page.locator('[data-testid="note-save"]').click();
}

/**
 * Starts `sandtable serve` on a free loopback port, or with `lan` on every interface; resolves once it has
 * printed its URL (and, on the LAN, its join code): `{ server, base, code, lanBase }`. `extra` are more of
 * serve's arguments (another database).
 */
export function startServer(scratch, port = 0, lan = false, extra = []) {
  const db = join(scratch, 'e2e.db');
  const where = lan ? ['--lan'] : ['--host', '127.0.0.1'];
  const server = spawn(bin, ['serve', ...where, '--port', String(port), '--ui', uiDir, '--db', db, ...extra], {
    cwd: root,
    // The player's scenario folder in the scratch folder too, whatever the machine's own setting: no test
    // writes a scenario anywhere it outlives the run.
    env: { ...process.env, SANDTABLE_DB: db, SANDTABLE_SCENARIOS: join(scratch, 'scenarios') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stderr.on('data', (d) => (log += d));
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandtable serve did not start:\n${log}`)), 20_000);
    server.on('exit', (code) => reject(new Error(`sandtable serve exited with ${code}:\n${log}`)));
    server.stdout.on('data', (d) => {
      log += d;
      const m = /https?:\/\/[\d.]+:\d+/.exec(log);
      if (!m) return;
      if (!lan) {
        clearTimeout(timer);
        resolveUrl({ server, base: m[0], code: null, lanBase: null });
        return;
      }
      // On the LAN it prints the join link when it found the room's network, and the code either way.
      const code = /^Join code: (\S+)/m.exec(log);
      if (!code) return;
      const link = /^Tablets and phones join at (https?:\/\/[^/\s]+)\/\?join=/m.exec(log);
      clearTimeout(timer);
      resolveUrl({ server, base: m[0], code: code[1], lanBase: link?.[1] ?? null });
    });
  });
}

/** The same helpers `launch` gives for its page, for another page (a second device's). */
export function helpers(page) {
  const tid = (id) => page.locator(`[data-testid="${id}"]`);

  /** Polls until `fn` returns something truthy; fails with `what` after the timeout. */
  async function until(what, fn, ms = 8000) {
    const end = Date.now() + ms;
    let last;
    while (Date.now() < end) {
      last = await fn();
      if (last) return last;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
  }

  /**
   * Types dice roll by roll into a step-by-step dice form, each box once the engine has asked for it,
   * and waits until the faces resolve the action.
   */
  async function typeRolls(testid, ...rolls) {
    for (const [i, faces] of rolls.entries()) {
      const box = tid(i === 0 ? `${testid}-faces` : `${testid}-faces-${i}`);
      await box.waitFor();
      await box.fill(String(faces));
    }
    await until(`the dice typed for ${testid} to be enough`, async () => !(await tid(`${testid}-use`).isDisabled()));
  }

  /** How many entries the whole log holds (the panel shows only the newest until asked for more). */
  async function logTotal() {
    return Number.parseInt(await text('log-total'), 10);
  }

  async function text(id) {
    return ((await tid(id).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  /** Every living figure of a unit as drawn on the table, in inches. */
  async function figures(unit) {
    return tid(`unit-${unit}`)
      .locator('[data-figure]')
      .evaluateAll((els) =>
        els.map((el) => {
          const rect = el.tagName === 'rect';
          const n = (a) => Number(el.getAttribute(a));
          return {
            id: el.getAttribute('data-figure'),
            role: el.getAttribute('data-role') ?? 'crew',
            x: rect ? n('x') + n('width') / 2 : n('cx'),
            y: rect ? n('y') + n('height') / 2 : n('cy'),
          };
        }),
      );
  }

  /** Where a point on the table, in inches, is on the screen, through the SVG's own transform. */
  async function toClient(x, y) {
    return tid('table').evaluate(
      (svg, p) => {
        const pt = new DOMPoint(p.x, p.y).matrixTransform(svg.getScreenCTM());
        return { x: pt.x, y: pt.y };
      },
      { x, y },
    );
  }

  async function tapTable(x, y) {
    const at = await toClient(x, y);
    await page.mouse.click(at.x, at.y);
  }

  async function logEntries() {
    return tid('log')
      .locator('[data-testid="log-entry"]')
      .evaluateAll((els) =>
        els.map((el) => ({
          text: el.textContent.replace(/\s+/g, ' ').trim(),
          kind: el.dataset.kind,
          undone: el.dataset.undone === 'true',
          struck: !!el.querySelector('s'),
        })),
      );
  }

  /** Clears the banner if one is up (a roll's result stays a few seconds), so the next one is fresh. */
  async function dismissNotice() {
    if (await tid('notice').count()) {
      await tid('notice-dismiss').click();
      await tid('notice').waitFor({ state: 'detached' });
    }
  }

  /**
   * Two fingers on the table, as on the tablet: they go down `gap` pixels apart about the table point
   * `at` (inches) and end `spread` times as far apart about the screen point `to`, which pans and zooms
   * the view so `at` ends up under `to`.
   */
  async function pinch(at, to, { gap = 40, spread = 2.5, steps = 10 } = {}) {
    const cdp = await page.context().newCDPSession(page);
    const from = await toClient(at.x, at.y);
    const fingers = (m, g) => [
      { x: m.x - g / 2, y: m.y, id: 1 },
      { x: m.x + g / 2, y: m.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from, gap) });
    for (let i = 1; i <= steps; i++) {
      const t = i / steps;
      const mid = { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(mid, gap * (1 + (spread - 1) * t)) });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  /** An engine command through the page's own server (its cookies and seat included), as the UI sends it. */
  function api(command, args = {}) {
    return page.evaluate(
      async ([c, a]) => {
        const r = await fetch(`/api/${c}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(a) });
        return r.json();
      },
      [command, args],
    );
  }

  return { tid, until, text, logTotal, typeRolls, figures, toClient, tapTable, logEntries, dismissNotice, pinch, api };
}
