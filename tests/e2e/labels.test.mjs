// Browser test of the names on the table and on When Empires Clash!'s grid, for every shipped scenario
// (and the grid skirmish the When Empires Clash! test plays, whose Zulu regiments have long names) at the
// tablet upright (768x1024) and the desktop (1440x900): every name shown reads differently from every
// other in the game and is made of its unit's own words (no initials, save a tag on a grid's stand where no
// name fits), no two labels overprint, none
// lies under the words of the selected unit's rings or the range ruler's pill and tape, each lies beside
// its own unit (or is drawn with a leader line to it), and each reads at 14 px or more. Each unit is picked in turn, so every ring's words are
// checked against every layout. The screenshots are kept in tests/e2e/out/labels/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/labels.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';

const SIZES = [
  [768, 1024],
  [1440, 900],
];
/** How far a label's box may lie from the edge of its unit's nearest figure, in screen pixels. */
const NEAR_PX = 24;
const shots = join(out, 'labels');

/** Every shipped scenario, and the grid fixture; a game each, numbered in this order from 1. */
const GAMES = [
  ...readdirSync(join(root, 'scenarios'))
    .sort()
    .flatMap((system) =>
      readdirSync(join(root, 'scenarios', system))
        .filter((f) => f.endsWith('.toml') && f !== 'ruleset.toml')
        .sort()
        .map((f) => ({ name: `${system}-${f.replace('.toml', '')}`, file: join(root, 'scenarios', system, f) })),
    ),
  { name: 'when-empires-clash-skirmish', file: join(root, 'tests/e2e/fixtures/wec-skirmish.toml') },
];

let session;
let page, tid, until;

before(async () => {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1440, height: 900 });
  ({ page, tid, until } = session);
  for (const g of GAMES) execFileSync(bin, ['game', 'new', '--db', session.db, g.file, '--seed', '3']);
});

after(async () => {
  await session?.close();
});

/**
 * What the page shows of the names: each label's unit, full name, words shown and box, and the boxes
 * kept clear (ring words, ruler pill); for the grid, each stand's words and box. In screen pixels.
 */
function measure() {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  };
  const table = document.querySelector('[data-testid="table"]');
  if (table) {
    const scale = table.getScreenCTM().a;
    const figures = {};
    for (const g of table.querySelectorAll('[data-testid^="unit-"]')) figures[g.dataset.testid.slice(5)] = [...g.querySelectorAll('[data-figure]')].map(box);
    return {
      kind: 'table',
      labels: [...table.querySelectorAll('[data-label^="unit:"]')].map((el) => ({
        unit: el.dataset.unit,
        // A name moved away from its unit is tied to it by a leader line (label-ties.test.mjs checks it).
        led: !!table.querySelector(`[data-leader="${el.dataset.unit}"]`),
        full: el.dataset.name,
        shown: [...el.querySelectorAll('tspan.name')].map((t) => t.textContent.trim()).join(' '),
        box: box(el),
        fontPx: Math.min(...[...el.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
      })),
      clear: [
        ...[...table.querySelectorAll('[data-testid="move-ring-words"], [data-testid="move-budget-words"], [data-testid="range-ring"] text')].map((el) => ({
          what: el.textContent.trim(),
          box: box(el),
        })),
        ...[...table.querySelectorAll('[data-testid="ruler"] .pill')].map((el) => ({ what: 'ruler pill', box: box(el) })),
      ],
      figures,
    };
  }
  const grid = document.querySelector('[data-testid="grid-board"] svg[role="group"]');
  if (!grid) return { kind: 'none', labels: [] };
  const scale = grid.getScreenCTM().a;
  return {
    kind: 'grid',
    labels: [...grid.querySelectorAll('[data-stand-label]')].map((el) => ({
      unit: el.dataset.standLabel,
      // A name moved out on a leader line, or cut to a tag on its own stand where no name fits (the full
      // name its title): grid-labels.test.mjs checks where each leads and that each tag is on its stand.
      led: !!el.dataset.leader,
      tag: !!el.dataset.tag,
      full: el.dataset.name,
      shown: [...el.querySelectorAll('tspan.name, text.name')].map((t) => t.textContent.trim()).join(' '),
      box: box(el),
      fontPx: Math.min(...[...el.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
    })),
    clear: [],
    figures: Object.fromEntries([...grid.querySelectorAll('[data-testid^="stand-"] rect.base')].map((r) => [r.closest('[data-testid]').dataset.testid.slice(6), [box(r)]])),
  };
}

function intersect(a, b, slack = 0.5) {
  return a.x + slack < b.x + b.w && b.x + slack < a.x + a.w && a.y + slack < b.y + b.h && b.y + slack < a.y + a.h;
}

/** The gap between two boxes, 0 when they touch or overlap. */
function gap(a, b) {
  const dx = Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w));
  const dy = Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h));
  return Math.hypot(dx, dy);
}

const ORDINALS = { first: '1st', second: '2nd', third: '3rd' };
const wordsOf = (s) =>
  s
    .replace(/…/g, ' ')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((w) => ORDINALS[w.toLowerCase()] ?? w);

/** Everything wrong with the names as measured: an empty list when all is well. */
function faults(m, where) {
  const found = [];
  const { labels } = m;
  const shown = new Map();
  for (const l of labels) {
    if (shown.has(l.shown) && shown.get(l.shown) !== l.unit) found.push(`${where}: "${l.shown}" names two units`);
    shown.set(l.shown, l.unit);
    const own = new Set(wordsOf(l.full));
    const strange = wordsOf(l.shown).filter((w) => !own.has(w));
    if (strange.length && !l.tag) found.push(`${where}: "${l.shown}" is not made of "${l.full}"'s words (${strange.join(' ')})`);
    if (l.fontPx < 13.95) found.push(`${where}: "${l.shown}" at ${l.fontPx.toFixed(1)} px`);
    const figs = m.figures[l.unit] ?? [];
    const near = Math.min(...figs.map((f) => gap(l.box, f)));
    if (!(near <= NEAR_PX) && !l.led) found.push(`${where}: "${l.shown}" lies ${near.toFixed(0)} px from its unit`);
    for (const c of m.clear) if (intersect(l.box, c.box)) found.push(`${where}: "${l.shown}" under "${c.what}"`);
  }
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++)
      if (intersect(labels[i].box, labels[j].box)) found.push(`${where}: "${labels[i].shown}" and "${labels[j].shown}" overprint`);
  return found;
}

async function settle() {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

for (const [n, g] of GAMES.entries()) {
  test(`${g.name}: names distinct, readable, apart, beside their units and clear of the rings`, async () => {
    const found = [];
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${session.base}/?labels=${w}x${h}#/game/${n + 1}`);
      await tid('game-screen').waitFor();
      await page.evaluate(() => localStorage.setItem('sandtable.table.labels', 'all'));
      await settle();
      const first = await page.evaluate(measure);
      if (first.kind === 'none') {
        await page.screenshot({ path: join(shots, `${g.name}-${w}x${h}.png`) });
        continue;
      }
      assert.ok(first.labels.length > 0, `${g.name} ${w}x${h}: names shown`);
      found.push(...faults(first, `${w}x${h}`));
      await page.screenshot({ path: join(shots, `${g.name}-${w}x${h}.png`) });

      // Each unit picked in turn: its name always shown, and nothing under its rings' words.
      const ids = Object.keys(first.figures);
      for (const id of ids) {
        if (first.kind === 'table') {
          const button = tid(`select-${id}`);
          if (!(await button.count())) continue;
          if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
          await until(`${id} picked`, async () => (await tid(`unit-${id}`).getAttribute('data-selected')) === 'true');
        } else {
          const stand = tid(`stand-${id}`);
          if (!/\bpicked\b/.test((await stand.getAttribute('class')) ?? '')) await stand.click();
          await until(`${id} picked`, async () => /\bpicked\b/.test((await stand.getAttribute('class')) ?? ''));
        }
        await settle();
        const m = await page.evaluate(measure);
        if (m.figures[id]?.length) assert.ok(m.labels.some((l) => l.unit === id), `${g.name} ${w}x${h}: the picked ${id} is named`);
        found.push(...faults(m, `${w}x${h} with ${id} picked`));
        if (id === ids[0]) await page.screenshot({ path: join(shots, `${g.name}-${w}x${h}-picked.png`) });
      }
    }
    assert.deepEqual([...new Set(found)], [], `${g.name}: ${found.length} faults`);
  });
}

test('a Heliograph aim and move: no name under the ruler, the move hint or the ring, the hint whole on the screen, names beside their units after', async () => {
  const n = GAMES.findIndex((g) => g.name === 'heliograph-jungle-patrol') + 1;
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(`${session.base}/?move=1#/game/${n}`);
  await tid('activation-bar').waitFor();
  await tid('initiative-type').click();
  await session.typeRolls('initiative', 7, 3);
  await tid('initiative-use').click();
  await tid('activate-first-squad').click();
  await until('the squad to be active', async () => (await tid('active-unit').textContent()).trim() === '1st Squad, 17th Infantry');
  await session.dismissNotice();
  const found = [];

  // The squad sights the warriors and aims at them: the range ruler runs from it to them.
  await tid('sight-open-first-squad').click();
  await tid('sight-type').click();
  await tid('sight-faces').fill('9');
  await tid('sight-use').click();
  await until('the counter revealed', async () => (await tid('unit-north-band').getAttribute('data-hidden')) === null);
  await session.dismissNotice();
  await tid('fire-open-first-squad').click();
  await tid('fire-target-north-band').click();
  await tid('ruler').waitFor();
  for (const [w, h] of [
    [1024, 768],
    [768, 1024],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await settle();
    const m = await page.evaluate(measure);
    assert.ok(m.clear.some((c) => c.what === 'ruler pill'), `${w}x${h}: the ruler's pill is drawn`);
    found.push(...faults(m, `${w}x${h} aiming`));
    await page.screenshot({ path: join(shots, `heliograph-ruler-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await tid('fire-open-first-squad').click();
  await tid('hg-move-first-squad-type').click();
  await tid('hg-move-first-squad-faces').fill('9 3');
  await tid('hg-move-first-squad-use').click();
  await tid('move-hint').waitFor();

  for (const [w, h] of [
    [1024, 768],
    [768, 1024],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await settle();
    const m = await page.evaluate(measure);
    const hint = await tid('move-hint').boundingBox();
    const table = await tid('table').boundingBox();
    assert.ok(hint.x >= table.x - 0.5 && hint.x + hint.width <= table.x + table.width + 0.5, `${w}x${h}: the move hint is cut off: ${JSON.stringify([hint, table])}`);
    assert.ok(m.clear.some((c) => /^move .* left$/.test(c.what)), `${w}x${h}: the move ring's words are drawn`);
    found.push(...faults(m, `${w}x${h} moving`));
    for (const l of m.labels) if (intersect(l.box, { x: hint.x, y: hint.y, w: hint.width, h: hint.height })) found.push(`${w}x${h}: "${l.shown}" under the move hint`);
    await page.screenshot({ path: join(shots, `heliograph-move-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await settle();
  await session.tapTable(19.5, 23);
  // The hint goes once the move is made, maybe between the count and the read: gone counts as moved.
  const hintNow = () => tid('move-hint').textContent({ timeout: 500 }).catch(() => null);
  await until('the squad to move', async () => { const said = await hintNow(); return said === null || /left/.test(said); });
  await settle();
  found.push(...faults(await page.evaluate(measure), '1024x768 after the move'));
  await page.screenshot({ path: join(shots, 'heliograph-moved-1024x768.png') });
  assert.deepEqual([...new Set(found)], []);
});
