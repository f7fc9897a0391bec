// Browser test of measuring on a photo of the real table, on the Legation Wall (a 72" x 48" table): a
// synthetic photo of the table seen in perspective (a 12" checker with a white border under a known
// homography, and two coloured dots where two units really stand) is opened through the file input;
// the four corners are tapped; a known distance is measured to within 1% with its ±; the Marines' range
// ring is drawn where the homography puts it; two units are synced to the dots and the engine then has
// their leaders within half an inch of the dots, with the two corrections in the log; and a HEIC file is
// refused naming HEIC and JPEG while the calibrated photo stays. Screenshots at 1024x768 in out/.
//
//   cargo build --bin sandtable && (cd ui && npm run build) && node --test tests/e2e/photo.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';
import { CORNERS_IN, CORNERS_PX, H, TRUE, W, apply, tablePhoto, toPhoto } from './photo-table.mjs';

// ---- The test ----

let session;
let page, tid, until, text, api;
let game;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, api } = session);
  await page.goto(session.base);
  game = (await api('new_game', { scenario: 'legation-wall', seed: '5', campaign: null, options: null })).id;
  await page.goto(`${session.base}/#/game/${game}`);
  await tid('game-screen').waitFor();
});

after(async () => {
  await session?.close();
});

/** Where a photo pixel is on the screen, from the shown image's box. */
async function onScreen(p) {
  const box = await tid('photo-image').boundingBox();
  return { x: box.x + (p.x * box.width) / W, y: box.y + (p.y * box.height) / H };
}

async function tapPhoto(p) {
  const at = await onScreen(p);
  await page.mouse.click(at.x, at.y);
}

/** A screenshot once the buttons' colour transitions have run. */
async function shot(name) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, `photo-${name}.png`) });
}

test('a photo of the table: calibrate, measure, overlay a ring and sync two units', async () => {
  await tid('open-photo').waitFor();
  await shot('0-game');
  await tid('open-photo').click();
  await tid('photo-screen').waitFor();
  await tid('photo-empty').waitFor();
  await shot('1-empty');

  await tid('photo-file').first().setInputFiles({ name: 'table.png', mimeType: 'image/png', buffer: tablePhoto() });
  await tid('photo-image').waitFor();
  assert.match(await text('photo-name'), /table\.png/);

  // A photo without the printed markers: finding them says so, and the corners are tapped instead.
  await tid('find-markers').click();
  await tid('marker-error').waitFor();
  assert.match(await text('marker-error'), /none of the four corner markers/);
  assert.match(await text('calibrate-prompt'), /\(0, 0\)/);
  // The sheet to print opens as a page of its own, the markers drawn at true size.
  const [sheet] = await Promise.all([page.waitForEvent('popup'), tid('print-markers').click()]);
  await sheet.waitForLoadState();
  const svg = await sheet.locator('svg').first().getAttribute('width');
  assert.match(svg, /mm$/, `the sheet is drawn in millimetres: ${svg}`);
  await sheet.close();

  // The corners, in the order the prompt asks for them; the loupe shows while the button is down.
  for (const [i, corner] of CORNERS_PX.entries()) {
    assert.match(await text('calibrate-prompt'), new RegExp(`\\(${CORNERS_IN[i].x}, ${CORNERS_IN[i].y}\\)`));
    const at = await onScreen(corner);
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await tid('loupe').waitFor();
    if (i === 0) await shot('2-loupe');
    await page.mouse.up();
  }
  await tid('fit-quality').waitFor();
  assert.equal(await tid('marker-error').count(), 0, 'the markers\' refusal goes once corners are tapped');
  assert.match(await text('fit-quality'), /far corner may be off by \d+\.\d"/);
  await tid('fit-grid').waitFor();
  await until('the top-down view', () => tid('top-down').count());
  await shot('3-calibrated');
  await lookSound(page, 'photo', 'calibrated');
  // Turning the corners takes each tap as the next corner round; four turns are where it began.
  const grid = async () => tid('fit-grid').getAttribute('d');
  const fitted = await grid();
  await tid('corners-turn').click();
  await until('the turned grid', async () => (await grid()) !== fitted);
  for (let i = 0; i < 3; i++) await tid('corners-turn').click();
  await until('the grid as tapped', async () => (await grid()) === fitted);

  // A known distance, corner of a checker square to another: 48" across and 24" down.
  await tid('photo-mode-measure').click();
  const a = { x: 12, y: 12 };
  const b = { x: 60, y: 36 };
  await tapPhoto(apply(toPhoto, a));
  await tapPhoto(apply(toPhoto, b));
  const words = await until('the distance', async () => (await tid('photo-distance').count()) && text('photo-distance'));
  const truth = Math.hypot(b.x - a.x, b.y - a.y);
  const m = /^([\d.]+)" ± ([\d.]+)"$/.exec(words);
  assert.ok(m, `the distance reads like 24.1" ± 0.2": ${words}`);
  assert.ok(Math.abs(Number(m[1]) - truth) / truth < 0.01, `${words} is within 1% of ${truth.toFixed(2)}"`);
  await tid('top-down').locator('[data-testid="measure-line"]').waitFor();
  await shot('4-measured');
  // The distance's words lie clear of both end marks, on the photo and on the top-down view alike, on a long
  // slanting line and on a short upright one.
  const marksUnderWords = () => page.locator('[data-testid="measure-line"]').evaluateAll((lines) =>
    lines.flatMap((g) => {
      const words = g.querySelector('text')?.getBoundingClientRect();
      if (!words) return [];
      return [...g.querySelectorAll('circle')]
        .map((c) => c.getBoundingClientRect())
        .filter((c) => c.x < words.right && words.x < c.right && c.y < words.bottom && words.y < c.bottom)
        .map((c) => `a mark at ${Math.round(c.x)},${Math.round(c.y)}`);
    }),
  );
  assert.deepEqual(await marksUnderWords(), [], 'no end mark under the words');
  await tapPhoto(apply(toPhoto, { x: 30, y: 12 }));
  await tapPhoto(apply(toPhoto, { x: 30, y: 17 }));
  const distance = async () => ((await tid('photo-distance').count()) ? text('photo-distance') : '');
  await until('the short distance', async () => /^[45]\.\d" ±/.test(await distance()));
  await shot('4-measured-short');
  assert.deepEqual(await marksUnderWords(), [], 'no end mark under the words of a short upright line');
  await tapPhoto(apply(toPhoto, a));
  await tapPhoto(apply(toPhoto, b));
  await until('the first distance again', async () => (await distance()) === words);
  await lookSound(page, 'photo', 'measured');

  // The Marines' range ring, through the fit: its first point (angle 0 off the first figure) is where the
  // true homography puts that point of the table.
  await tid('photo-mode-overlay').click();
  await tid('overlay-unit').selectOption('us-marines');
  const ring = tid('photo').locator('[data-testid="photo-range-ring"]').first();
  await ring.waitFor();
  const drawn = await ring.evaluate((el) => ({ d: el.getAttribute('d'), cx: Number(el.dataset.cx), cy: Number(el.dataset.cy), r: Number(el.dataset.r) }));
  assert.ok(drawn.r >= 12, `the Marines' rifles reach ${drawn.r}"`);
  const [, x0, y0] = /^M([\d.-]+) ([\d.-]+)/.exec(drawn.d).map(Number);
  const want = apply(toPhoto, { x: drawn.cx + drawn.r, y: drawn.cy });
  assert.ok(Math.hypot(x0 - want.x, y0 - want.y) < 4, `the ring's first point (${x0}, ${y0}) is where the table's is (${want.x.toFixed(1)}, ${want.y.toFixed(1)})`);
  await shot('5-range-ring');

  // Sync the two units to the dots.
  await tid('photo-mode-sync').click();
  const before = (await api('game_view', { id: game })).log_total;
  for (const [unit, { at }] of Object.entries(TRUE)) {
    await tid('sync-unit').selectOption(unit);
    await tapPhoto(apply(toPhoto, at));
    await tid('sync-located').waitFor();
    assert.match(await text('sync-located'), /± \d+\.\d"/);
    if (unit === 'boxers-west') await shot('6-sync-located');
    await tid('sync-apply').click();
    await tid(`synced-${unit}`).waitFor();
  }
  await shot('7-synced');
  await lookSound(page, 'photo', 'synced');
  const view = await api('game_view', { id: game });
  for (const [unit, { at }] of Object.entries(TRUE)) {
    const u = view.units.find((x) => x.id === unit);
    const leader = u.figures.find((f) => f.alive && f.role === 'leader') ?? u.figures.find((f) => f.alive);
    const off = Math.hypot(leader.pos.x - at.x, leader.pos.y - at.y);
    assert.ok(off < 0.5, `${unit}'s leader stands ${off.toFixed(2)}" from the dot`);
  }
  assert.equal(view.log_total, before + 2, 'two entries were logged');
  const corrections = view.log.slice(-2).map((e) => e.text);
  assert.ok(corrections.every((t) => /^Correction: /.test(t)), corrections.join(' | '));

  // A HEIC file is refused in words naming what to do, and the calibrated photo stays.
  const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(64)]);
  await tid('photo-file').first().setInputFiles({ name: 'IMG_0001.heic', mimeType: 'image/heic', buffer: heic });
  await tid('photo-open-error').waitFor();
  const refusal = await text('photo-open-error');
  assert.match(refusal, /HEIC/);
  assert.match(refusal, /JPEG/);
  assert.match(await text('photo-name'), /table\.png/);
  assert.equal(await tid('photo-mode-measure').isDisabled(), false, 'the calibration stays');
  await shot('8-heic-refused');

  // Back to the game, where the synced units now stand at the dots.
  await tid('photo-back').click();
  await tid('game-screen').waitFor();
});

/** The first point of a path's data, in photo pixels. */
async function firstPoint(locator) {
  const d = await locator.getAttribute('d');
  const [, x, y] = /^M([\d.-]+) ([\d.-]+)/.exec(d).map(Number);
  return { x, y };
}

test('the photo stays for the game; a known point, a drag, each figure, the template and a move', async () => {
  // The Marines roll their move, so they have a move (and a charge) to draw.
  for (const action of [
    { type: 'initiative', dice: [6, 1] },
    { type: 'choose_order', first: 'allies' },
    { type: 'roll_move', unit: 'us-marines', dice: [4, 3] },
  ]) {
    const view = await api('game_act', { id: game, action });
    assert.equal(view.game, game, JSON.stringify(view));
  }
  await until('the roll on the game screen', async () => (await text('turn')).length > 0);
  await tid('open-photo').click();
  // Still open and fitted from before.
  await tid('photo-image').waitFor();
  await tid('photo-mode-calibrate').click();
  await tid('fit-quality').waitFor();
  assert.equal(await tid('fit-residual').count(), 0, 'four corners leave no residual');

  // A known point: a checker corner at (12, 12).
  await tid('known-open').click();
  await tid('known-prompt').waitFor();
  await tapPhoto(apply(toPhoto, { x: 12, y: 12 }));
  await tid('known-x').fill('12');
  await tid('known-y').fill('12');
  await tid('known-add').click();
  await tid('fit-residual').waitFor();
  assert.match(await text('fit-residual'), /5 points miss the fit by \d+\.\d px/);
  await tid('known-mark').waitFor();
  await shot('9-known-point');
  // Backspace takes it back.
  await page.keyboard.press('Backspace');
  await until('the known point gone', async () => (await tid('fit-residual').count()) === 0);

  // A corner dragged off the table's corner pulls the outline with it; dragged back, it lies as before.
  const outline = () => tid('fit-outline').getAttribute('d');
  const fitted = await outline();
  const corner = await onScreen(CORNERS_PX[2]);
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  await page.mouse.move(corner.x - 30, corner.y - 20, { steps: 4 });
  await page.mouse.up();
  await until('the outline to follow the corner', async () => (await outline()) !== fitted);
  await page.mouse.move(corner.x - 30, corner.y - 20);
  await page.mouse.down();
  await page.mouse.move(corner.x, corner.y, { steps: 4 });
  await page.mouse.up();
  await until('the outline to come back', async () => {
    const [a, b] = [fitted, await outline()].map((d) => d.match(/[\d.]+/g).map(Number));
    const same = a.length === b.length && a.every((v, i) => Math.abs(v - b[i]) < 3);
    return same;
  });

  // Corners tapped the wrong way round fix no view: the engine's words show under the bar, and the
  // measuring tabs wait for a fit.
  await tid('tap-restart').click();
  for (const i of [0, 3, 2, 1]) await tapPhoto(CORNERS_PX[i]);
  await tid('fit-error').waitFor();
  assert.ok((await text('fit-error')).length > 10, await text('fit-error'));
  assert.equal(await tid('photo-mode-measure').isDisabled(), true, 'no measuring without a fit');
  await shot('9b-mirrored-corners');
  await tid('tap-restart').click();
  for (const corner of CORNERS_PX) await tapPhoto(corner);
  await tid('fit-quality').waitFor();
  assert.equal(await tid('fit-error').count(), 0);

  // The Colt gun synced a figure at a time.
  await tid('photo-mode-sync').click();
  await tid('sync-unit').selectOption('colt-gun');
  await tid('sync-each').click();
  const spots = [
    { x: 33, y: 18 },
    { x: 34.5, y: 18 },
    { x: 36, y: 18.5 },
    { x: 37.5, y: 19 },
  ];
  for (const spot of spots) await tapPhoto(apply(toPhoto, spot));
  await tid('sync-located').waitFor();
  await shot('10-each-figure');
  await tid('sync-apply').click();
  await tid('synced-colt-gun').waitFor();
  const gun = (await api('game_view', { id: game })).units.find((u) => u.id === 'colt-gun');
  for (const spot of spots) {
    const near = Math.min(...gun.figures.filter((f) => f.alive).map((f) => Math.hypot(f.pos.x - spot.x, f.pos.y - spot.y)));
    assert.ok(near < 0.5, `a figure of the Colt gun stands within 0.5" of (${spot.x}, ${spot.y}): ${near.toFixed(2)}"`);
  }

  // The Marines' move left, and a template placed by a tap.
  await tid('photo-mode-overlay').click();
  await tid('overlay-unit').selectOption('us-marines');
  const move = tid('photo').locator('[data-testid="photo-move-ring"]').first();
  await move.waitFor();
  const ring = await move.evaluate((el) => ({ cx: Number(el.dataset.cx), cy: Number(el.dataset.cy), r: Number(el.dataset.r) }));
  const marines = (await api('game_view', { id: game })).units.find((u) => u.id === 'us-marines');
  assert.ok(marines.allowance.left > 0);
  assert.equal(ring.r, marines.allowance.left, 'the ring is the move the engine says is left');
  const moveAt = await firstPoint(move);
  const moveWant = apply(toPhoto, { x: ring.cx + ring.r, y: ring.cy });
  assert.ok(Math.hypot(moveAt.x - moveWant.x, moveAt.y - moveWant.y) < 4, 'the move ring is where the table has it');
  await tid('overlay-template').click();
  await tapPhoto(apply(toPhoto, { x: 36, y: 24 }));
  const template = tid('photo').locator('[data-testid="photo-template"] path.disc');
  await template.waitFor();
  const placed = await template.evaluate((el) => ({ x: Number(el.dataset.cx), y: Number(el.dataset.cy), r: Number(el.dataset.r) }));
  assert.ok(Math.hypot(placed.x - 36, placed.y - 24) < 0.3, `the template is centred where tapped: (${placed.x}, ${placed.y})`);
  const at = await firstPoint(template);
  const want = apply(toPhoto, { x: placed.x + placed.r, y: placed.y });
  assert.ok(Math.hypot(at.x - want.x, at.y - want.y) < 6, `the template's edge (${at.x}, ${at.y}) is where the table's is (${want.x.toFixed(1)}, ${want.y.toFixed(1)})`);
  await shot('11-move-and-template');
  await lookSound(page, 'photo', 'reach');
});

test('a tablet held upright: the Photo button on the game screen, the photo and the view from above as tabs', async () => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await tid('photo-back').click();
  await tid('game-screen').waitFor();
  await tid('open-photo').waitFor();
  await shot('12-upright-game');
  const box = await tid('open-photo').boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `a 44 px target: ${JSON.stringify(box)}`);
  assert.ok(box.x + box.width <= 768, 'on the screen');
  await tid('open-photo').click();
  await tid('pane-top').click();
  await tid('top-down').waitFor();
  assert.equal(await tid('photo').isVisible(), false, 'one pane at a time');
  await shot('13-upright-top-down');
  await tid('pane-photo').click();
  await tid('photo').waitFor({ state: 'visible' });
  await shot('14-upright-photo');
  await lookSound(page, 'photo', 'upright');
});
