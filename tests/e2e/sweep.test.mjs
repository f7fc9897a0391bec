// Browser sweep of every screen a player meets, one game of each rule system, at the tablet's and the
// desktop's sizes (768x1024, 1024x768, 1366x1024, 1440x900): the games list, the new-game screen with the
// system's scenario picked, the game screen with nothing picked, with a unit (or stand, or zone) picked and
// its panel open, the side panel's (or drawer's) Dice and Log tabs, and the desk screens (When Empires
// Clash!'s army builder and its one-off set-up); then, for each system, the screens in the middle of a game
// (sweep-midgame.mjs: a fire or combat panel with its odds, a prompt owed, a melee, the losses, the what-if,
// the editor with an error, the photo with its corners placed). On each it measures, in the page, that no text overprints
// other text or runs under a button or a shape drawn over it, that no text runs out of a box that cuts it
// off across, that every control is on the screen or reachable by scrolling (and the page itself never
// scrolls sideways), that text reads at WCAG AA contrast against what is behind it (4.5:1, or 3:1 when
// large), and that no text is under 13 px, nor the tables' and boards' labels under 14 px (see
// sweep-checks.mjs for how); runs axe-core in the page (no serious or critical violation) and walks every
// control with Tab (each reached, each showing its focus; sweep-a11y.mjs). A failure lists every offender, with the screens it was found on. The
// screenshots are kept in tests/e2e/out/sweep/<system>-<screen>-<w>x<h>.png, the run's figures in figures.json,
// axe-core's findings that do not fail it in axe-other.txt.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/sweep.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';
import { inspect } from './sweep-checks.mjs';
import { axe, keyboard } from './sweep-a11y.mjs';
import { MIDGAME } from './sweep-midgame.mjs';
import { game, newGame, post } from './play.mjs';

/** One game of each system, created in this order (game 1 is the first); `pick` picks a unit on it. */
const GAMES = [
  { system: 'sand-pebbles', scenario: 'sand-pebbles/legation-wall.toml', bar: 'phase-bar', board: 'table', pick: 'roster' },
  { system: 'heliograph', scenario: 'heliograph/cotta-assault.toml', bar: 'activation-bar', board: 'table', pick: 'roster' },
  { system: 'natives-are-restless', scenario: 'natives-are-restless/boxer-compound.toml', bar: 'siege-bar', board: 'table', pick: 'roster' },
  { system: 'when-empires-clash', scenario: 'when-empires-clash/zulu-war.toml', bar: 'battle-bar', board: 'grid-table', pick: 'stand' },
  { system: 'estate-dei-boxers', scenario: 'estate-dei-boxers/the-55-days.toml', bar: 'day-bar', board: 'zone-map', pick: 'zone' },
];
const SIZES = [
  [768, 1024],
  [1024, 768],
  [1366, 1024],
  [1440, 900],
];
/** The boards whose SVG labels are held to the table's least size. */
const BOARDS = ['table', 'grid-table', 'zone-map'];
const shots = join(out, 'sweep');
/** The size the mid-game screens are reached at, before the sweep resizes the page through all of them. */
const DRIVEN_AT = [1024, 768];

let session;
let page, tid, until;

before(async () => {
  rmSync(shots, { recursive: true, force: true });
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1366, height: 1024 });
  ({ page, tid, until } = session);
  for (const g of GAMES) execFileSync(bin, ['game', 'new', '--db', session.db, join(root, 'scenarios', g.scenario), '--seed', '3']);
  // Then one game of each system for its screens in the middle of a game: games 6 to 10.
  for (const g of GAMES) newGame(session.db, MIDGAME[g.system].scenario, MIDGAME[g.system].seed);
});

after(async () => {
  await session?.close();
  figures.seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(join(shots, 'figures.json'), `${JSON.stringify(figures, null, 2)}\n`);
  writeFileSync(join(shots, 'axe-other.txt'), [...axeOther].map(([line, screens]) => `${line}\n    on ${[...screens].join(', ')}`).join('\n') + '\n');
  console.log(`sweep: ${figures.screens} screens, ${figures.controls} controls tabbed to, ${figures.offenders} offenders (${figures.known} known, issue 35's other points), ${figures.seconds} s; axe violations by impact ${JSON.stringify(figures.axe)}`);
});

/**
 * Findings in parts of issue 35 being mended elsewhere at the same time, kept out of the failure until then
 * and listed beside the screenshots (`<name>-known.txt`) and in the figures: each names its point. Matched
 * against `<kind>: <finding>` and the screen it was on.
 */
const KNOWN = [];

/**
 * What a sweep found: each finding once, with the screens it was seen on. A failure lists them all,
 * and keeps the list beside the screenshots (`<name>-findings.txt`) for the run's artefacts.
 */
function findings() {
  const seen = new Map();
  return {
    add(screen, [w, h], found) {
      for (const [kind, list] of Object.entries(found))
        for (const m of list) {
          const key = `${kind}: ${m}`;
          if (!seen.has(key)) seen.set(key, new Map());
          const sizes = seen.get(key);
          if (!sizes.has(screen)) sizes.set(screen, new Set());
          sizes.get(screen).add(`${w}x${h}`);
        }
    },
    assertNone(name) {
      const on = (screens) => [...screens].map(([s, sizes]) => `${s} ${[...sizes].join(' ')}`).join('; ');
      const known = ([m, screens]) =>
        KNOWN.some((k) => m.startsWith(`${k.kind}: `) && k.finding.test(m) && [...screens.keys()].every((s) => k.screen.test(s)));
      const sorted = [...seen].sort(([a], [b]) => a.localeCompare(b));
      const waiting = sorted.filter(known).map(([m, screens]) => `  ${m}\n      on ${on(screens)}`);
      figures.known += waiting.length;
      if (waiting.length) writeFileSync(join(shots, `${name}-known.txt`), `${waiting.join('\n')}\n`);
      const lines = sorted.filter((f) => !known(f)).map(([m, screens]) => `  ${m}\n      on ${on(screens)}`);
      figures.offenders += lines.length;
      if (lines.length) writeFileSync(join(shots, `${name}-findings.txt`), `${lines.join('\n')}\n`);
      assert.equal(lines.length, 0, `${name}: ${lines.length} findings\n${lines.join('\n')}`);
    },
  };
}

/** axe-core's findings below the failing impacts, each once with the screens it was on (`axe-other.txt`). */
const axeOther = new Map();

/** The whole run's figures, written beside the screenshots at the end (`figures.json`) and printed. */
const figures = { screens: 0, axe: {}, controls: 0, offenders: 0, known: 0, seconds: 0 };
const started = Date.now();

/**
 * Lets layout and fonts settle (two frames), then keeps a screenshot, measures the screen, runs axe-core
 * on it and walks it with the keyboard.
 */
async function sweep(found, system, screen, [w, h]) {
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  await page.screenshot({ path: join(shots, `${system}-${screen}-${w}x${h}.png`) });
  const measured = await page.evaluate(inspect, { boards: BOARDS });
  const a11y = await axe(page);
  const keys = await keyboard(page);
  figures.screens++;
  figures.controls += keys.reached;
  for (const [impact, n] of Object.entries(a11y.counts)) figures.axe[impact] = (figures.axe[impact] ?? 0) + n;
  for (const line of a11y.other) {
    if (!axeOther.has(line)) axeOther.set(line, new Set());
    axeOther.get(line).add(`${system} ${screen} ${w}x${h}`);
  }
  found.add(screen, [w, h], { ...measured, axe: a11y.failing, keyboard: keys.found });
}

/**
 * Loads a route afresh at a size: the query makes it a new page load rather than a change of hash, so
 * nothing picked or typed on the last screen carries over.
 */
let loads = 0;
async function load(route, [w, h]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/?sweep=${w}x${h}-${++loads}#${route}`);
}

/** Opens game `n` with the side panel (or drawer) open at its first tab, nothing picked. */
async function openGame(g, n, size) {
  await load(`/game/${n}`, size);
  await tid('game-screen').waitFor();
  await tid(g.bar).waitFor();
  await tid(g.board).waitFor();
  // The side panel's state is kept on the device: one shut at another size is opened.
  if ((await tid('side-toggle').getAttribute('aria-expanded')) !== 'true') await tid('side-toggle').click();
  await tid('tab-units').click();
  await until('the first tab', async () => (await tid('tab-units').getAttribute('aria-selected')) === 'true');
}

/** Picks a unit the way a player would on that system's screen, and waits for its panel. */
async function pickUnit(g) {
  if (g.pick === 'roster') {
    const first = page.locator('[data-testid="roster"] [data-testid^="select-"]').first();
    await first.click();
    await until('the unit picked', async () => (await first.getAttribute('aria-pressed')) === 'true');
  } else if (g.pick === 'stand') {
    const stand = tid('grid-table').locator('[data-testid^="stand-"]').first();
    await stand.click();
    await until('the stand picked', async () => /\bpicked\b/.test((await stand.getAttribute('class')) ?? ''));
  } else {
    await tid('zone-GB1').click();
    await until('the zone panel', async () => (await tid('zone-panel').getAttribute('data-zone')) === 'GB1');
  }
}

test('the games list and the desk screens at every size', async () => {
  const found = findings();
  for (const size of SIZES) {
    await load('/', size);
    await tid('games-screen').waitFor();
    await tid('open-game-5').waitFor();
    await sweep(found, 'all', 'games', size);

    await load('/desk/when-empires-clash', size);
    await tid('army-screen').waitFor();
    await tid('army-first-list').selectOption('zulu-war--british');
    await tid('army-second-list').selectOption('zulu-war--zulu');
    await until('both lists checked', async () => (await tid('army-first-ok').count()) === 1 && (await tid('army-second-ok').count()) === 1);
    await sweep(found, 'when-empires-clash', 'desk', size);
    await tid('one-off-dice').fill('4 2 3 5 2 6 6 1');
    await tid('throw-set-up').click();
    await tid('one-off-preview').waitFor();
    await tid('one-off-preview').scrollIntoViewIfNeeded();
    await sweep(found, 'when-empires-clash', 'desk-set-up', size);
  }
  found.assertNone('games-and-desk');
});

for (const [i, g] of GAMES.entries()) {
  test(`${g.system}: every screen at every size`, async () => {
    const found = findings();
    for (const size of SIZES) {
      // The new-game screen with this system's first scenario picked, its rulings on show.
      await load('/', size);
      await tid('new-game').waitFor();
      const scenario = page.locator(`[data-testid^="scenario-${g.system}/"]`).first();
      await scenario.click();
      await until('the scenario picked', async () => (await scenario.getAttribute('aria-checked')) === 'true');
      await tid('start-game').scrollIntoViewIfNeeded();
      await sweep(found, g.system, 'new-game', size);

      await openGame(g, i + 1, size);
      await sweep(found, g.system, 'game', size);

      await tid('tab-dice').click();
      await tid('dice-tray').waitFor({ state: 'visible' });
      await sweep(found, g.system, 'dice', size);

      // The log is a tab of its own only where the screen is short of height or upright; elsewhere it is
      // under the table, on every screen above.
      if (await tid('tab-log').count()) {
        await tid('tab-log').click();
        await tid('log').last().waitFor({ state: 'visible' });
        await sweep(found, g.system, 'log', size);
      }

      await tid('tab-units').click();
      await pickUnit(g);
      await sweep(found, g.system, 'picked', size);
    }
    found.assertNone(g.system);
  });
}

/**
 * The screens in the middle of a game, each system's game moved on once and each screen swept at every
 * size by resizing the page (a game replayed for each size would take four times as long).
 */
for (const [i, g] of GAMES.entries()) {
  test(`${g.system}: the screens in the middle of a game at every size`, async () => {
    const found = findings();
    const n = GAMES.length + i + 1;
    const { view } = game(session.db, n);
    const act = (action) => post(session.base, n, action);
    await MIDGAME[g.system].play({
      page,
      tid,
      until,
      toClient: session.toClient,
      act,
      view,
      load: (route) => load(route, DRIVEN_AT),
      // The command line moved the game on under the page: it is loaded afresh to show it.
      open: () => openGame(g, n, DRIVEN_AT),
      async screen(name, ready = async () => {}) {
        for (const size of SIZES) {
          await page.setViewportSize({ width: size[0], height: size[1] });
          await ready();
          await sweep(found, g.system, name, size);
        }
        await page.setViewportSize({ width: DRIVEN_AT[0], height: DRIVEN_AT[1] });
      },
    });
    found.assertNone(`${g.system}-midgame`);
  });
}
