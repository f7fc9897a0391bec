// Browser test of what the table draws round a move, at the tablet's two ways up (1024x768 and
// 768x1024), on Chakdara Fort with a red card giving the natives one action and a group at the table's
// foot: the move hint pill hides no figure (it goes to the top when units stand at the foot); while a route
// is dragged, its reading ("6.0" of 8.0"") lies over no unit's name; a tape laid with the ruler is taken
// up once the move is made; and once the card's one action is spent, another group still holding its
// allowance shows no "move left" ring, nor do Sand Pebbles' Tiger Men in phase B with inches left over
// from phase A. The screenshots are kept in tests/e2e/out/table-drag/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/table-drag.test.mjs)

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
const shots = join(out, 'table-drag');

let session;

before(async () => {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1024, height: 768 });
  // One game per size: each makes its move.
  for (const _ of SIZES) {
    const id = execFileSync(bin, ['game', 'new', '--db', session.db, 'chakdara-fort', '--seed', '3']).toString().trim().split('\n').at(-1);
    const acts = [...Array.from({ length: 4 }, () => [{ type: 'muster' }, { type: 'raise' }]).flat(), { type: 'draw_card', card: '5H' }];
    for (const a of acts) execFileSync(bin, ['game', 'act', '--db', session.db, id, JSON.stringify(a)]);
  }
  // Sand Pebbles' Tiger Men move 3" of their 15" in phase A, and the phase ends with 12" unspent.
  const sp = execFileSync(bin, ['game', 'new', '--db', session.db, 'legation-wall', '--seed', '11']).toString().trim().split('\n').at(-1);
  for (const a of [
    { type: 'initiative', dice: [2, 5] },
    { type: 'choose_order', first: 'boxers' },
    { type: 'roll_move', unit: 'tiger-men', dice: [3, 3, 3] },
    { type: 'move', unit: 'tiger-men', path: [{ x: 36, y: 27 }], facing: 0 },
    { type: 'end_phase' },
  ])
    execFileSync(bin, ['game', 'act', '--db', session.db, sp, JSON.stringify(a)]);
});

after(async () => {
  await session?.close();
});

const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const [n, [w, h]] of SIZES.entries()) {
  test(`${w}x${h}: the hint hides no figure, the route's reading no name, and the tape and the spent ring go`, async () => {
    const { page, tid, until, toClient } = session;
    const found = [];
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${session.base}/?drag=${w}#/game/${n + 1}`);
    await tid('game-screen').waitFor();
    await page.evaluate(() => localStorage.setItem('sandtable.table.labels', 'all'));
    await page.reload();
    await tid('game-screen').waitFor();
    await tid('table').scrollIntoViewIfNeeded();

    // The group at the foot of the table picked, and a tape laid across the open ground north of the fort.
    const [foot] = await session.figures('natives-3');
    await session.tapTable(foot.x, foot.y);
    await until('natives-3 picked', async () => (await tid('unit-natives-3').getAttribute('data-selected')) === 'true');
    const a = await toClient(6, 8);
    const b = await toClient(18, 8);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, a.y, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
    await tid('ruler').waitFor();
    await tid('tool-move').click();
    await tid('move-hint').waitFor();
    const hint = await tid('move-hint').boundingBox();
    const hidden = await page.locator('[data-testid="table"] [data-figure]').evaluateAll(
      (els, box) =>
        els
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.x < box.x + box.width && box.x < r.x + r.width && r.y < box.y + box.height && box.y < r.y + r.height;
          })
          .map((el) => el.closest('[data-testid^="unit-"]').dataset.testid),
      hint,
    );
    await page.screenshot({ path: join(shots, `hint-${w}x${h}.png`) });
    if (hidden.length) found.push(`the move hint hides ${hidden.length} figures of ${[...new Set(hidden)].join(', ')}`);

    // A route dragged up towards the fort, held: its reading lies over no name.
    const from = await toClient(foot.x, foot.y);
    const to = await toClient(foot.x + 1, foot.y - 6);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await tid('move-preview-label').waitFor();
    const reading = await tid('move-preview-label').boundingBox();
    const names = await page.locator('[data-testid="table-labels"] [data-label]').evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { label: el.dataset.label, x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    const under = names.filter((l) => overlap(l, reading)).map((l) => l.label);
    await page.screenshot({ path: join(shots, `dragging-${w}x${h}.png`) });
    if (under.length) found.push(`the route's reading lies over ${under.join(', ')}`);
    await page.mouse.up();

    // The move made: the tape is taken up, and the card's one action is spent.
    await until('the move made', async () => (await tid('move-hint').count()) === 0);
    await page.waitForTimeout(300);
    if (await tid('ruler').count()) found.push('the tape is still laid after the move');
    const [other] = await session.figures('natives-1');
    await tid('tool-select').click();
    await session.tapTable(other.x, other.y);
    await until('natives-1 picked', async () => (await tid('unit-natives-1').getAttribute('data-selected')) === 'true');
    await page.waitForTimeout(100);
    if (await tid('move-ring-words').count()) found.push('a "move left" ring once the action that had it is spent');
    await page.screenshot({ path: join(shots, `after-${w}x${h}.png`) });
    assert.deepEqual(found, []);
  });
}

test("the last phase's \"move left\" ring goes with its phase", async () => {
  const { page, tid, until } = session;
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${session.base}/?ring=${w}#/game/${SIZES.length + 1}`);
    await tid('game-screen').waitFor();
    const [f] = await session.figures('tiger-men');
    await session.tapTable(f.x, f.y);
    await until('the Tiger Men picked', async () => (await tid('unit-tiger-men').getAttribute('data-selected')) === 'true');
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(shots, `phase-b-${w}x${h}.png`) });
    assert.equal(await tid('move-ring').count(), 0, `${w}x${h}: phase A's move ring still drawn in phase B`);
  }
});

// Large text (the header's display menu) grows the table's words with the panels': the names on the inch
// table and on When Empires Clash!'s grid are drawn larger than their 14 px.
test('Large text enlarges the names on the table and on the grid', async () => {
  const { page, tid } = session;
  const wec = execFileSync(bin, ['game', 'new', '--db', session.db, 'zulu-war', '--seed', '3']).toString().trim().split('\n').at(-1);
  const found = [];
  for (const [w, h] of SIZES) {
    await page.setViewportSize({ width: w, height: h });
    for (const [game, within] of [
      [1, '[data-testid="table-labels"] text'],
      [Number(wec), '[data-testid="grid-table"] .stand-label text'],
    ]) {
      await page.goto(`${session.base}/?large=${w}#/game/${game}`);
      await tid('game-screen').waitFor();
      await page.evaluate(() => {
        localStorage.setItem('sandtable.display.largeText', 'true');
        localStorage.setItem('sandtable.table.labels', 'all');
      });
      await page.reload();
      await tid('game-screen').waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
      const sizes = await page.locator(within).evaluateAll((els) => els.map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a));
      const root = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      if (sizes.length === 0) found.push(`${w}x${h} game ${game}: no names`);
      const least = Math.min(...sizes);
      if (!(least >= (14 * root) / 16 - 0.05 && root > 16)) found.push(`${w}x${h} game ${game}: names at ${least.toFixed(1)} px with the root at ${root} px`);
      await page.screenshot({ path: join(shots, `large-text-${game === 1 ? 'table' : 'grid'}-${w}x${h}.png`) });
    }
  }
  await page.evaluate(() => localStorage.removeItem('sandtable.display.largeText'));
  assert.deepEqual(found, []);
});

// The Natives' 48" square table at 1024x768 with Large text: the toolbar's hint, squeezed to a word a line
// beside the tools, stood five lines tall and took that height from the table (about 345 px of cloth,
// with empty width either side). The table keeps the room: its cloth is 390 px or more, and the toolbar
// no taller than its buttons' row.
test("a square table keeps the height the toolbar's hint took, with Large text at 1024x768", async () => {
  const { page, tid } = session;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${session.base}/?square#/game/1`);
  await tid('game-screen').waitFor();
  await page.evaluate(() => localStorage.setItem('sandtable.display.largeText', 'true'));
  await page.reload();
  await tid('game-screen').waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const cloth = await page.locator('[data-testid="table"] rect.cloth').boundingBox();
  const bar = await page.locator('[role="toolbar"]').first().boundingBox();
  await page.screenshot({ path: join(shots, 'square-large-text-1024x768.png') });
  await page.evaluate(() => localStorage.removeItem('sandtable.display.largeText'));
  assert.ok(bar.height <= 70, `the toolbar ${bar.height.toFixed(0)} px tall`);
  assert.ok(cloth.height >= 390, `the cloth ${cloth.width.toFixed(0)}x${cloth.height.toFixed(0)} px`);
});
