// Browser end-to-end test of the app as an installable web app on localhost (a secure page, where the
// browser allows a service worker and the Screen Wake Lock): the manifest and its icons are served, the
// service worker takes the page, a reload with the server stopped still opens the app's shell (which says
// the server cannot be reached, not the browser's error page), `/api/` is never answered from the cache,
// and an open game holds the screen on.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/pwa.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';

let session, server, base, scratch;

// A server of this test's own, besides the harness's, because this test stops it and keeps it stopped.
function serve(db) {
  const ui = resolve(root, process.env.SANDTABLE_UI ?? 'ui/dist');
  const child = spawn(bin, ['serve', '--host', '127.0.0.1', '--port', '0', '--ui', ui, '--db', db], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  return new Promise((ok, fail) => {
    child.on('exit', (code) => fail(new Error(`sandtable serve exited with ${code}: ${said}`)));
    child.stdout.on('data', (d) => {
      said += d;
      const url = /http:\/\/[\d.]+:\d+/.exec(said)?.[0];
      if (url) ok({ child, url });
    });
  });
}

async function stopServer() {
  if (server.exitCode !== null) return;
  const gone = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await gone;
}

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  scratch = mkdtempSync(join(tmpdir(), 'sandtable-pwa-'));
  const db = join(scratch, 'pwa.db');
  execFileSync(bin, ['game', 'new', 'legation-wall', '--seed', '3'], { env: { ...process.env, SANDTABLE_DB: db } });
  ({ child: server, url: base } = await serve(db));
});

after(async () => {
  await session?.close();
  if (server) await stopServer();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Width and height from a PNG's header. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('the manifest is served, parses, and names icons that are there at their sizes', async () => {
  const { page } = session;
  await page.goto(base);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const response = await fetch(new URL(href, base));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /manifest\+json|json/);
  const manifest = await response.json();
  assert.equal(manifest.name, 'Sandtable');
  assert.equal(manifest.start_url, '/');
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.background_color, '#121418');
  assert.equal(manifest.theme_color, await page.locator('meta[name="theme-color"]').getAttribute('content'));
  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  for (const icon of pngs) {
    const r = await fetch(new URL(icon.src, base));
    assert.equal(r.status, 200, icon.src);
    assert.equal(pngSize(Buffer.from(await r.arrayBuffer())), icon.sizes, icon.src);
  }
  const sizes = pngs.map((i) => `${i.sizes} ${i.purpose}`);
  for (const want of ['192x192 any', '512x512 any', '512x512 maskable']) assert.ok(sizes.includes(want), `${want} in ${sizes}`);
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const r = await fetch(new URL(apple, base));
  assert.equal(r.status, 200);
  assert.equal(pngSize(Buffer.from(await r.arrayBuffer())), '180x180');
});

test('an open game holds the screen on with the Wake Lock on localhost', async () => {
  const { page, tid, until } = session;
  await page.goto(base);
  await tid('open-game-1').click();
  await tid('game-screen').waitFor();
  const held = await until('the screen to be held', async () => {
    const how = await tid('wake').getAttribute('data-wake');
    return how === 'none' ? null : how;
  });
  assert.equal(held, 'wake-lock');
  await page.screenshot({ path: join(out, 'pwa-game-awake-1024x768.png') });
  // Leaving the game lets the screen go.
  await tid('back').click();
  await tid('open-game-1').waitFor();
  assert.equal(await tid('wake').count(), 0);
  assert.equal(await page.evaluate(() => document.querySelectorAll('video').length), 0);
});

test('without the Wake Lock (a LAN page on plain http) a silent looping video holds the screen', async () => {
  const context = await session.page.context().browser().newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
  try {
    // What an insecure page sees: no `navigator.wakeLock` at all.
    await context.addInitScript(() => delete Object.getPrototypeOf(navigator).wakeLock);
    const page = await context.newPage();
    await page.goto(base);
    await page.locator('[data-testid="open-game-1"]').click();
    await page.locator('[data-testid="game-screen"]').waitFor();
    assert.equal(await page.evaluate(() => 'wakeLock' in navigator), false);
    const wake = page.locator('[data-testid="wake"]');
    // Muted autoplay is allowed here; where it is not, the first tap starts it.
    await page.mouse.click(5, 760);
    await session.until('the video to hold the screen', async () => (await wake.getAttribute('data-wake')) === 'video');
    const video = await page.evaluate(() => {
      const v = document.querySelector('video[data-testid="wake-video"]');
      return v && { muted: v.muted, loop: v.loop, inline: v.playsInline, playing: !v.paused, src: v.currentSrc.slice(0, 16) };
    });
    assert.deepEqual(video, { muted: true, loop: true, inline: true, playing: true, src: 'data:video/webm;' });
    await page.locator('[data-testid="back"]').click();
    assert.equal(await page.evaluate(() => document.querySelectorAll('video').length), 0, 'the video goes with the game');
  } finally {
    await context.close();
  }
});

test('the service worker keeps the shell, never the game, and the shell opens with the server stopped', async () => {
  const { page, tid, until } = session;
  await page.goto(base);
  await tid('open-game-1').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await until('the service worker to control the page', () => page.evaluate(() => !!navigator.serviceWorker.controller));
  const controlled = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  assert.equal(controlled, `${base}/sw.js`);

  // Loaded again under the worker: the page comes through it, every command straight from the server.
  const api = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) api.push({ url: r.url(), viaWorker: r.fromServiceWorker() });
  });
  await page.reload();
  await tid('open-game-1').waitFor();
  assert.ok(api.length > 0, 'the games list was asked of the server');
  assert.deepEqual(api.filter((a) => a.viaWorker), [], '/api/ answered by the service worker');

  const kept = await page.evaluate(async () => {
    const names = await caches.keys();
    const paths = [];
    for (const name of names) for (const key of await (await caches.open(name)).keys()) paths.push(new URL(key.url).pathname);
    return paths;
  });
  assert.ok(kept.includes('/'), `the page is kept: ${kept}`);
  assert.ok(kept.some((p) => /^\/assets\/.+\.js$/.test(p)), `the script is kept: ${kept}`);
  assert.ok(kept.some((p) => /^\/assets\/.+\.css$/.test(p)), `the styles are kept: ${kept}`);
  assert.deepEqual(kept.filter((p) => p.startsWith('/api/')), [], 'nothing under /api/ is kept');

  // The server goes away (the host's laptop asleep): the app still opens and says what is wrong.
  await stopServer();
  await page.reload();
  await tid('notice').waitFor();
  const shown = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  assert.match(shown, /the host computer is not answering/i);
  assert.equal(await page.title(), 'Sandtable');
  // And a command is not answered from anywhere but the server, which is down.
  const answer = await page.evaluate(async () => {
    try {
      const r = await fetch('/api/list_games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return `answered ${r.status}`;
    } catch (e) {
      return `failed: ${e}`;
    }
  });
  assert.match(answer, /^failed/);
  await page.screenshot({ path: join(out, 'pwa-offline-shell-1024x768.png') });
});
