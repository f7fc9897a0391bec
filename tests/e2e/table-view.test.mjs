// Browser test of the table view itself, on the Legation Wall, where the Marines, the Colt gun in the gate
// house and the sailors stand shoulder to shoulder and the Boxers charge into the sailors: the names
// never overprint and stay on the cloth, at the tablet's two sizes, zoomed in and after the charge;
// every unit is a target of at least 44 px and a tap near a dot picks it; the mouse pans with the right
// or middle button and with space held, the arrow keys pan and the wheel zooms about the cursor, while a
// plain left drag still lays the ruler; and "Labels: none" clears the names, remembered on reload.
//
//   cargo build --bin sandtable && (cd ui && npm run build) && node --test tests/e2e/table-view.test.mjs

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

const SCENARIO = 'sand-pebbles/legation-wall.toml';
const UNITS = ['us-marines', 'rn-sailors', 'colt-gun', 'gun-boat', 'boxers-west', 'boxers-east', 'boat-gun', 'tiger-men'];

let session;
let page, tid, until, text, typeRolls, figures, toClient, dismissNotice;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, typeRolls, figures, toClient, dismissNotice } = session);
});

after(async () => {
  await session?.close();
});

async function size(w, h) {
  await page.setViewportSize({ width: w, height: h });
  // The table redraws at its new size, and the labels are laid out again for it.
  await page.waitForTimeout(300);
}

/** Every label drawn on the table, with its box on the screen, and the cloth's box. */
async function drawnLabels() {
  return tid('table').evaluate((svg) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    };
    const scale = svg.getScreenCTM().a;
    return {
      cloth: box(svg.querySelector('rect.cloth')),
      view: box(svg),
      labels: [...svg.querySelectorAll('[data-label]')].map((el) => ({
        key: el.dataset.label,
        unit: el.dataset.unit ?? null,
        level: Number(el.dataset.level),
        box: box(el),
        text: el.textContent.replace(/\s+/g, ' ').trim(),
        // The smallest text in it, in screen pixels.
        fontPx: Math.min(...[...el.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
      })),
    };
  });
}

function intersect(a, b, slack = 0.5) {
  return a.x + slack < b.x + b.w && b.x + slack < a.x + a.w && a.y + slack < b.y + b.h && b.y + slack < a.y + a.h;
}

/** No two labels overlap, all lie on the cloth and read at 14 px or more; returns them. */
async function labelsClear(what) {
  const { cloth, view, labels } = await drawnLabels();
  assert.ok(labels.length > 0, `${what}: labels drawn`);
  const clashes = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      if (intersect(labels[i].box, labels[j].box)) clashes.push(`${labels[i].text} / ${labels[j].text}`);
  assert.deepEqual(clashes, [], `${what}: labels overprint`);
  const off = labels.filter(
    (l) =>
      l.box.x < cloth.x - 0.5 ||
      l.box.y < cloth.y - 0.5 ||
      l.box.x + l.box.w > cloth.x + cloth.w + 0.5 ||
      l.box.y + l.box.h > cloth.y + cloth.h + 0.5,
  );
  assert.deepEqual(off.map((l) => l.text), [], `${what}: labels off the cloth`);
  const unseen = labels.filter(
    (l) => l.box.x < view.x - 0.5 || l.box.y < view.y - 0.5 || l.box.x + l.box.w > view.x + view.w + 0.5 || l.box.y + l.box.h > view.y + view.h + 0.5,
  );
  assert.deepEqual(unseen.map((l) => l.text), [], `${what}: labels cut off by the edge of the view`);
  const small = labels.filter((l) => l.fontPx < 13.99);
  assert.deepEqual(small.map((l) => `${l.text} ${l.fontPx}px`), [], `${what}: labels under 14 px`);
  return labels;
}

/** Each unit's tap target is at least 44 px each way on the screen. */
async function targetsBigEnough(what) {
  for (const id of UNITS) {
    const b = await tid(`hit-${id}`).boundingBox();
    assert.ok(b && b.width >= 44 && b.height >= 44, `${what}: ${id}'s target is ${b?.width}x${b?.height}`);
  }
}

async function viewBox() {
  return (await tid('table').getAttribute('viewBox')).split(' ').map(Number);
}

/** Where the screen point is on the table, in inches. */
async function toInches(x, y) {
  return tid('table').evaluate((svg, p) => {
    const pt = new DOMPoint(p.x, p.y).matrixTransform(svg.getScreenCTM().inverse());
    return { x: pt.x, y: pt.y };
  }, { x, y });
}

/** A spot `gap` screen pixels beyond the edge of one of the unit's dots, nearer that unit than any other. */
async function nearDot(id, gap) {
  const all = {};
  for (const u of UNITS) all[u] = await figures(u);
  const origin = await toClient(0, 0);
  const inch = (await toClient(1, 0)).x - origin.x;
  const dot = 0.5 * inch;
  for (const f of all[id]) {
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      const c = await toClient(f.x, f.y);
      const at = { x: c.x + Math.cos(a) * (dot + gap), y: c.y + Math.sin(a) * (dot + gap) };
      const p = { x: f.x + (Math.cos(a) * (dot + gap)) / inch, y: f.y + (Math.sin(a) * (dot + gap)) / inch };
      let best = null;
      let bestD = Infinity;
      for (const [u, figs] of Object.entries(all))
        for (const g of figs) {
          const d = Math.hypot(g.x - p.x, g.y - p.y);
          if (d < bestD) [bestD, best] = [d, u];
        }
      if (best === id) return at;
    }
  }
  return null;
}

/** Taps within 20 px of each unit's dots (a finger or a mouse), and each tap selects that unit. */
async function tapsSelect(what) {
  let tried = 0;
  for (const [i, id] of UNITS.entries()) {
    // A gun aboard its boat shares the boat's spot: the boat is picked there, the gun from its card.
    if (id === 'boat-gun') continue;
    const at = await nearDot(id, 18);
    if (!at) continue;
    tried++;
    if (i % 2) await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    await until(`${what}: ${id} selected by a tap 18 px off its dot`, async () => (await tid(`unit-${id}`).getAttribute('data-selected')) === 'true');
    assert.equal(await tid(`halo-${id}`).count(), 1, `${what}: ${id} shows its halo`);
  }
  assert.ok(tried >= 6, `${what}: taps tried on ${tried} units`);
}

async function startGame() {
  await page.goto(session.base);
  await tid(`scenario-${SCENARIO}`).click();
  await tid('new-seed').fill('11');
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  await tid('table-labels').waitFor();
  await page.waitForTimeout(300);
}

test('labels keep apart and on the cloth; targets are 44 px; taps near a dot select', async () => {
  await startGame();
  for (const [w, h] of [
    [1024, 768],
    [768, 1024],
  ]) {
    await size(w, h);
    const labels = await labelsClear(`${w}x${h}`);
    const named = labels.filter((l) => l.unit).map((l) => l.unit);
    // Every unit on the wall is named, and the boat and its gun both, however close they stand.
    for (const id of ['us-marines', 'rn-sailors', 'colt-gun', 'gun-boat', 'boat-gun']) assert.ok(named.includes(id), `${w}x${h}: ${id} named`);
    await page.screenshot({ path: join(out, `table-labels-${w}x${h}.png`) });
    await targetsBigEnough(`${w}x${h}`);
    await tapsSelect(`${w}x${h}`);
    // The selected unit keeps its full label, on its pill.
    const sel = (await drawnLabels()).labels.find((l) => l.unit === 'tiger-men');
    assert.ok(sel && sel.level === 0, `${w}x${h}: the selected unit's label in full`);
    await page.screenshot({ path: join(out, `table-selected-${w}x${h}.png`) });
  }

  // Zoomed in, around the wall: still apart, still on the cloth, still 14 px, targets still 44 px.
  await size(1024, 768);
  const wall = await toClient(36, 14);
  await page.mouse.move(wall.x, wall.y);
  const before = await viewBox();
  const under = await toInches(wall.x, wall.y);
  await page.mouse.wheel(0, -400);
  await until('the wheel to zoom in', async () => (await viewBox())[2] < before[2] * 0.8);
  const after = await toInches(wall.x, wall.y);
  assert.ok(Math.hypot(after.x - under.x, after.y - under.y) < 0.3, `the wheel zooms about the cursor: ${JSON.stringify([under, after])}`);
  await tid('zoom-in').click();
  await page.waitForTimeout(200);
  const zoomed = await labelsClear('zoomed in');
  assert.ok(zoomed.filter((l) => l.unit && l.level === 0).length >= 3, 'zoomed in, the labels read in full');
  await targetsBigEnough('zoomed in');
  await page.screenshot({ path: join(out, 'table-zoomed-1024x768.png') });
  await tid('zoom-fit').click();
});

test('the mouse pans with the right or middle button, space and the arrow keys; a left drag measures', async () => {
  await size(1024, 768);
  await tid('zoom-fit').click();
  await tid('zoom-in').click();
  await tid('zoom-in').click();
  await page.waitForTimeout(200);
  const mid = await toClient(36, 24);

  async function dragged(what, button, by, { space = false } = {}) {
    const before = await viewBox();
    await page.mouse.move(mid.x, mid.y);
    const grabbed = await toInches(mid.x, mid.y);
    if (space) await page.keyboard.down('Space');
    await page.mouse.down({ button });
    await page.mouse.move(mid.x + by.x, mid.y + by.y, { steps: 6 });
    await page.mouse.up({ button });
    if (space) await page.keyboard.up('Space');
    const after = await viewBox();
    assert.ok(Math.abs(after[0] - before[0]) > 1 && Math.abs(after[1] - before[1]) > 1, `${what} pans: ${before} -> ${after}`);
    assert.equal(await tid('ruler').count(), 0, `${what} draws no ruler`);
    // The table point grabbed stays under the mouse.
    const held = await toInches(mid.x + by.x, mid.y + by.y);
    assert.ok(Math.hypot(held.x - grabbed.x, held.y - grabbed.y) < 0.3, `${what} keeps the point under the mouse: ${JSON.stringify([grabbed, held])}`);
  }
  await dragged('a right drag', 'right', { x: -120, y: -70 });
  await dragged('a middle drag', 'middle', { x: 100, y: 60 });
  await dragged('space and a left drag', 'left', { x: -80, y: 50 }, { space: true });
  await page.screenshot({ path: join(out, 'table-panned-1024x768.png') });

  // The arrow keys slide the view, from the table as from the page.
  let before = await viewBox();
  await page.keyboard.press('ArrowRight');
  await until('the view to move right', async () => (await viewBox())[0] > before[0] + 1);
  before = await viewBox();
  await page.keyboard.press('ArrowUp');
  await until('the view to move up', async () => (await viewBox())[1] < before[1] - 1);

  // A plain left drag is the tape measure, and does not move the view.
  await tid('zoom-fit').click();
  await page.waitForTimeout(150);
  before = await viewBox();
  const a = await toClient(30, 24);
  const b = await toClient(42, 24);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
  await tid('ruler').waitFor();
  assert.equal(await text('ruler-readout'), '12.0"');
  assert.deepEqual(await viewBox(), before, 'measuring leaves the view where it was');
  await page.screenshot({ path: join(out, 'table-ruler-1024x768.png') });
  await page.keyboard.press('Escape');
  await until('the tape put away', async () => (await tid('ruler').count()) === 0);
});

test('after the Boxers charge into the sailors the names still keep apart', async () => {
  await size(1024, 768);
  await tid('zoom-fit').click();
  await tid('initiative-type').click();
  await typeRolls('initiative', 2, 5);
  await tid('initiative-use').click();
  await tid('first-boxers').click();
  await until('the Boxers to act', async () => /^Boxers$/.test(await text('acting-side')));
  await dismissNotice();
  await tid('select-boxers-east').click();
  await tid('type-move-boxers-east').click();
  await tid('move-boxers-east-faces').fill('6 6 6');
  await tid('move-boxers-east-faces').press('Enter');
  await until('the band\'s movement', async () => /Move 24"/.test(await text('allowance-boxers-east')));
  await tid('charge-open').click();
  await tid('charge-target-rn-sailors').click();
  await tid('charge-go').click();
  await until('the charge', async () => /Charging Royal Navy sailors/.test(await text('charging-boxers-east')));
  const band = await figures('boxers-east');
  assert.ok(band.every((f) => f.y < 24), 'the band stands at the wall');
  for (const [w, h] of [
    [1024, 768],
    [768, 1024],
  ]) {
    await size(w, h);
    await labelsClear(`after the charge, ${w}x${h}`);
    await targetsBigEnough(`after the charge, ${w}x${h}`);
    await page.screenshot({ path: join(out, `table-charge-${w}x${h}.png`) });
  }
  await size(1024, 768);
  await tid('zoom-in').click();
  await tid('zoom-in').click();
  await page.waitForTimeout(200);
  await labelsClear('after the charge, zoomed in');
  await page.screenshot({ path: join(out, 'table-charge-zoomed-1024x768.png') });
  await tid('zoom-fit').click();
});

test('Labels: selected and none, remembered on this device', async () => {
  await size(1024, 768);
  // A name is a target too: a tap on the West Gate Boxers' label picks them.
  const west = (await drawnLabels()).labels.find((l) => l.unit === 'boxers-west');
  assert.ok(west, 'the West Gate Boxers are named');
  await page.mouse.click(west.box.x + west.box.w - 6, west.box.y + west.box.h / 2);
  await until('the Boxers picked by their name', async () => (await tid('unit-boxers-west').getAttribute('data-selected')) === 'true');

  await tid('labels-mode').click();
  await tid('labels-menu').waitFor();
  await page.screenshot({ path: join(out, 'table-labels-menu-1024x768.png') });
  await tid('labels-selected').click();
  await until('only the selected unit named', async () => {
    const units = (await drawnLabels()).labels.filter((l) => l.unit);
    const chosen = await tid('table').locator('[data-selected="true"]').first().getAttribute('data-testid');
    return units.length === 1 && `unit-${units[0].unit}` === chosen;
  });
  await tid('labels-mode').click();
  await tid('labels-none').click();
  await until('no names on the table', async () => (await drawnLabels()).labels.length === 0);
  assert.match(await tid('labels-mode').getAttribute('aria-label'), /Labels: none/);
  await page.screenshot({ path: join(out, 'table-labels-none-1024x768.png') });

  await page.reload();
  await tid('game-screen').waitFor();
  await page.waitForTimeout(300);
  assert.equal(await tid('table').getAttribute('data-labels'), 'none', 'the choice is remembered');
  assert.equal((await drawnLabels()).labels.length, 0);

  await tid('labels-mode').click();
  await tid('labels-all').click();
  await until('the names back', async () => (await drawnLabels()).labels.filter((l) => l.unit).length >= 5);
  await labelsClear('all again');
});
