// Browser test that every name on the table reads as its own unit's, at the tablet's two ways up
// (1024x768 and 768x1024), with Labels: all, on tables where names used to leave their units: Chakdara
// Fort with the four native groups on the edges round the fort, Heliograph's jungle patrol (the lieutenant
// between two squads' columns, never named), and Sand Pebbles' sword band charging the sailors on the wall
// (the sailors lost their name under the band). A name beside its unit has its middle nearer its own
// figures than any other unit's and its edge clearly nearer them; a name moved away is drawn with a
// leader line ending on one of its own figures. A unit in contact with the enemy is always named. The
// screenshots are kept in tests/e2e/out/label-ties/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/label-ties.test.mjs)

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
/** How far a name may lie from its own unit's nearest figure, box edge to base edge, in screen pixels. */
const NEAR_PX = 12;
/** How much nearer its own figures than any other unit's a name's edge must be, in screen pixels. */
const CLEAR_PX = 6;
const shots = join(out, 'label-ties');
/** A gun aboard a boat is drawn under it: each is the other's, for telling names apart. */
const ABOARD = { 'boat-gun': 'gun-boat', 'gun-boat': 'boat-gun' };

const GAMES = [
  {
    name: 'chakdara',
    scenario: 'chakdara-fort',
    actions: [
      ...Array.from({ length: 4 }, () => [{ type: 'muster' }, { type: 'raise' }]).flat(),
      { type: 'draw_card', card: '5H' },
    ],
    named: ['natives-1', 'natives-2', 'natives-3', 'natives-4', 'sikhs-1', 'sikhs-2', 'guides'],
  },
  { name: 'jungle-patrol', scenario: 'jungle-patrol', actions: [], named: ['lieutenant', 'first-squad', 'second-squad'] },
  {
    name: 'sword-band-charges',
    scenario: 'legation-wall',
    actions: [
      { type: 'initiative', dice: [2, 5] },
      { type: 'choose_order', first: 'boxers' },
      { type: 'roll_move', unit: 'boxers-east', dice: [6, 6, 6] },
      { type: 'charge', unit: 'boxers-east', target: 'rn-sailors' },
    ],
    named: ['rn-sailors', 'boxers-east'],
  },
];

let session;

before(async () => {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1024, height: 768 });
  for (const g of GAMES) {
    execFileSync(bin, ['game', 'new', '--db', session.db, g.scenario, '--seed', '3']);
    const id = String(GAMES.indexOf(g) + 1);
    for (const a of g.actions) execFileSync(bin, ['game', 'act', '--db', session.db, id, JSON.stringify(a)]);
  }
});

after(async () => {
  await session?.close();
});

/** Each unit's figures and each name's box and leader line, in screen pixels. */
function measure() {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height };
  };
  const table = document.querySelector('[data-testid="table"]');
  const figures = {};
  for (const g of table.querySelectorAll('[data-testid^="unit-"]')) figures[g.dataset.testid.slice(5)] = [...g.querySelectorAll('[data-figure]')].map(box);
  const leaders = {};
  for (const g of table.querySelectorAll('[data-leader]')) {
    const line = g.querySelector('line:not(.under)');
    const m = line.getScreenCTM();
    const at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
    const n = (a) => Number(line.getAttribute(a));
    leaders[g.dataset.leader] = { from: at(n('x1'), n('y1')), to: at(n('x2'), n('y2')) };
  }
  return {
    figures,
    labels: [...table.querySelectorAll('[data-label^="unit:"]')].map((el) => ({
      unit: el.dataset.unit,
      shown: [...el.querySelectorAll('tspan.name')].map((t) => t.textContent.trim()).join(' '),
      box: box(el),
      leader: leaders[el.dataset.unit] ? { from: { x: leaders[el.dataset.unit].from.x, y: leaders[el.dataset.unit].from.y }, to: { x: leaders[el.dataset.unit].to.x, y: leaders[el.dataset.unit].to.y } } : null,
    })),
  };
}

/** The gap between two boxes, 0 when they touch or overlap. */
function gap(a, b) {
  const dx = Math.max(0, a.x - (b.x + b.w), b.x - (a.x + a.w));
  const dy = Math.max(0, a.y - (b.y + b.h), b.y - (a.y + a.h));
  return Math.hypot(dx, dy);
}

const mid = (b) => ({ x: b.x + b.w / 2, y: b.y + b.h / 2 });
/** From a point to the nearest edge of a figure's base (taken as round). */
const toFigure = (p, f) => Math.hypot(p.x - (f.x + f.w / 2), p.y - (f.y + f.h / 2)) - f.w / 2;

/** Everything wrong with the names as measured: an empty list when all is well. */
function faults(m, where) {
  const found = [];
  for (const l of m.labels) {
    const own = m.figures[l.unit] ?? [];
    const others = Object.entries(m.figures).filter(([id, figs]) => id !== l.unit && ABOARD[l.unit] !== id && figs.length > 0);
    if (l.leader) {
      const end = Math.min(...own.map((f) => toFigure(l.leader.to, f)));
      if (!(end <= 4)) found.push(`${where}: "${l.shown}"'s leader line ends ${end.toFixed(0)} px from its unit`);
      if (!(gap({ ...l.leader.from, w: 0, h: 0 }, l.box) <= 8)) found.push(`${where}: "${l.shown}"'s leader line does not start at its name`);
      continue;
    }
    const ownGap = Math.min(...own.map((f) => gap(l.box, f)));
    if (!(ownGap <= NEAR_PX)) found.push(`${where}: "${l.shown}" lies ${ownGap.toFixed(0)} px from its unit, with no leader line`);
    const c = mid(l.box);
    const ownMid = Math.min(...own.map((f) => toFigure(c, f)));
    for (const [id, figs] of others) {
      const otherMid = Math.min(...figs.map((f) => toFigure(c, f)));
      const otherGap = Math.min(...figs.map((f) => gap(l.box, f)));
      if (otherMid < ownMid) found.push(`${where}: "${l.shown}" has its middle nearer ${id} (${otherMid.toFixed(0)} px) than its own unit (${ownMid.toFixed(0)} px)`);
      else if (otherGap < ownGap + CLEAR_PX) found.push(`${where}: "${l.shown}" lies as near ${id} (${otherGap.toFixed(0)} px) as its own unit (${ownGap.toFixed(0)} px)`);
    }
  }
  return found;
}

for (const [n, g] of GAMES.entries()) {
  test(`${g.name}: every name reads as its own unit's, and ${g.named.join(', ')} are named`, async () => {
    const { page, tid } = session;
    const found = [];
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${session.base}/?ties=${w}#/game/${n + 1}`);
      await tid('game-screen').waitFor();
      await page.evaluate(() => localStorage.setItem('sandtable.table.labels', 'all'));
      await page.reload();
      await tid('game-screen').waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
      const m = await page.evaluate(measure);
      await page.screenshot({ path: join(shots, `${g.name}-${w}x${h}.png`) });
      for (const id of g.named) if (!m.labels.some((l) => l.unit === id)) found.push(`${w}x${h}: ${id} has no name`);
      found.push(...faults(m, `${w}x${h}`));
    }
    assert.deepEqual(found, []);
  });
}
