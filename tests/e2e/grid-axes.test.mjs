// Browser test that When Empires Clash!'s letters and numbers stay at the board's edges when the board
// scrolls in its box (768x1024, where the Zulu War's 18 columns are wider than the screen): scrolled right
// and down, the letter over each column of squares is that column's, and the number beside each row that
// row's, so a square can still be named ("move to L9") without scrolling back. The screenshot is kept in
// tests/e2e/out/grid-axes/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/grid-axes.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';

const shots = join(out, 'grid-axes');
let session;

before(async () => {
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 768, height: 1024 });
  execFileSync(bin, ['game', 'new', '--db', session.db, 'zulu-war', '--seed', '3']);
});
after(async () => session?.close());

/** The labels on the strip `testid` that are inside the board's box, each with its middle on screen. */
function shown(testid, axis) {
  return session.page.locator(`[data-testid="${testid}"] text`).evaluateAll((els, axis) => {
    const box = document.querySelector('[data-testid="grid-board"]').getBoundingClientRect();
    return els
      .map((el) => ({ text: el.textContent.trim(), r: el.getBoundingClientRect() }))
      .filter(({ r }) => (axis === 'x' ? r.left >= box.left + 20 && r.right <= box.right : r.top >= box.top + 20 && r.bottom <= box.bottom))
      .map(({ text, r }) => ({ text, at: axis === 'x' ? r.left + r.width / 2 : r.top + r.height / 2 }));
  }, axis);
}

test('the board keeps its letters and numbers in view as it scrolls', async () => {
  const { page, tid } = session;
  await page.goto(`${session.base}/#/game/1`);
  await tid('grid-board').waitFor();
  const board = tid('grid-board');
  await board.evaluate((b) => {
    b.scrollLeft = b.scrollWidth;
    b.scrollTop = b.scrollHeight;
  });
  await page.waitForTimeout(200);
  const scrolled = await board.evaluate((b) => ({ left: b.scrollLeft, top: b.scrollTop }));
  assert.ok(scrolled.left > 0 && scrolled.top > 0, `the board scrolls both ways at 768x1024 (${JSON.stringify(scrolled)})`);
  await page.screenshot({ path: join(shots, 'scrolled-768x1024.png') });

  const box = await board.boundingBox();
  const columns = await shown('grid-columns', 'x');
  const rows = await shown('grid-rows', 'y');
  assert.ok(columns.length >= 8 && rows.length >= 5, `letters ${columns.length}, numbers ${rows.length} in view`);
  const strip = await tid('grid-columns').boundingBox();
  assert.ok(Math.abs(strip.y - box.y) < 1, 'the letters stay at the top of the box');
  assert.ok(Math.abs((await tid('grid-rows').boundingBox()).x - box.x) < 1, 'the numbers stay at its left');

  // Each letter stands over its own column: the square under it, a row down, is named by it.
  const squareAt = (x, y) =>
    page.evaluate(([x, y]) => document.elementsFromPoint(x, y).map((el) => el.closest('[data-square]')?.dataset.square).find(Boolean), [x, y]);
  const below = strip.y + strip.height + 30;
  for (const { text, at } of columns) assert.match((await squareAt(at, below)) ?? '', new RegExp(`^${text}\\d+$`), `column ${text}`);
  for (const { text, at } of rows) assert.match((await squareAt(box.x + box.width / 2, at)) ?? '', new RegExp(`^[A-Z]+${text}$`), `row ${text}`);
});
