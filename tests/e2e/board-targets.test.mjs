// Browser test that a board's targets take a fingertip on a tablet at Fit, both ways up (1024x768 and
// 768x1024): every square of When Empires Clash!'s grid is 44 px or more across (the board scrolls in its
// box when it must, and a square at its far corner is reached by scrolling and picks its stand), and every
// zone of L'Estate dei Boxers' map, the streets and bridges too, has a 44 px square of screen where every
// point picks it. The screenshots are kept in tests/e2e/out/board-targets/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/board-targets.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';

const SIZES = [
  [1024, 768],
  [768, 1024],
];
const FINGER = 44;
const shots = join(out, 'board-targets');

let session;

before(async () => {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1024, height: 768 });
  execFileSync(bin, ['game', 'new', '--db', session.db, 'zulu-war', '--seed', '3']);
  execFileSync(bin, ['game', 'new', '--db', session.db, 'the-55-days', '--seed', '3']);
});

after(async () => {
  await session?.close();
});

async function open(n, w, h) {
  const { page, tid } = session;
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/?targets=${w}#/game/${n}`);
  await tid('game-screen').waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

test("When Empires Clash!'s squares are 44 px or more, and the far corner's stand is reached and picked", async () => {
  const { page, tid, until } = session;
  const found = [];
  for (const [w, h] of SIZES) {
    await open(1, w, h);
    const sizes = await page.locator('[data-testid="grid-table"] g.square > rect:first-child').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { square: el.parentElement.dataset.square, w: r.width, h: r.height };
      }),
    );
    assert.ok(sizes.length >= 100, `${w}x${h}: the squares are drawn`);
    const least = Math.min(...sizes.map((s) => Math.min(s.w, s.h)));
    if (least < FINGER - 0.5) found.push(`${w}x${h}: squares ${least.toFixed(1)} px across`);
    await page.screenshot({ path: join(shots, `wec-${w}x${h}.png`) });

    // A stand in the board's last rows and columns: scrolled to, it is under the finger, and a tap picks it.
    const far = await page.locator('[data-testid="grid-table"] g.stand').evaluateAll((els) =>
      els
        .map((el) => ({ id: el.dataset.testid.slice(6), r: el.getBoundingClientRect() }))
        .sort((a, b) => b.r.x + b.r.y - (a.r.x + a.r.y))[0].id,
    );
    const stand = tid(`stand-${far}`);
    await stand.scrollIntoViewIfNeeded();
    const r = await stand.boundingBox();
    const under = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('g.stand')?.dataset.testid, [r.x + r.width / 2, r.y + r.height / 2]);
    assert.equal(under, `stand-${far}`, `${w}x${h}: the far stand is under the finger once scrolled to`);
    await page.mouse.click(r.x + r.width / 2, r.y + r.height / 2);
    await until(`${far} picked`, async () => /\bpicked\b/.test((await stand.getAttribute('class')) ?? ''));
    await page.screenshot({ path: join(shots, `wec-${w}x${h}-far.png`) });
    await stand.click();
  }
  assert.deepEqual(found, []);
});

test("every zone of L'Estate dei Boxers' map has a 44 px square that picks it", async () => {
  const { page } = session;
  const found = [];
  for (const [w, h] of SIZES) {
    await open(2, w, h);
    await page.screenshot({ path: join(shots, `estate-${w}x${h}.png`) });
    const missing = await page.evaluate((finger) => {
      const zoneAt = (x, y) => {
        const el = document.elementFromPoint(x, y);
        return el?.closest('[data-hit-zone]')?.dataset.hitZone ?? el?.closest('[data-zone]')?.dataset.zone ?? null;
      };
      /** A finger-sized square about (cx, cy) every point of which picks `id`. */
      const holds = (id, cx, cy) => {
        for (let i = 0; i <= 4; i++)
          for (let j = 0; j <= 4; j++) if (zoneAt(cx - finger / 2 + (finger * i) / 4, cy - finger / 2 + (finger * j) / 4) !== id) return false;
        return true;
      };
      const out = [];
      for (const g of document.querySelectorAll('[data-testid="zone-map"] [data-zone]')) {
        const id = g.dataset.zone;
        const r = g.querySelector('rect.ground').getBoundingClientRect();
        const along = r.width >= r.height;
        const length = along ? r.width : r.height;
        let ok = false;
        for (let t = 0; t <= length && !ok; t += 4) {
          const cx = along ? r.x + Math.min(Math.max(t, finger / 2), r.width - finger / 2) : r.x + r.width / 2;
          const cy = along ? r.y + r.height / 2 : r.y + Math.min(Math.max(t, finger / 2), r.height - finger / 2);
          ok = holds(id, cx, cy);
        }
        if (!ok) out.push(`${id} (${r.width.toFixed(0)}x${r.height.toFixed(0)} px)`);
      }
      return out;
    }, FINGER);
    for (const m of missing) found.push(`${w}x${h}: ${m} has no ${FINGER} px target`);
  }
  assert.deepEqual(found, []);
});
