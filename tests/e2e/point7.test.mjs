// Browser tests of the smaller things a new player found on the screens (issue 14, point 7): each system's
// own markers on a card, a test no die decides recorded with one tap, a gun with nothing in range, the
// Heliograph toss that closes an activation said so beforehand, tied initiative dice named in the log, the
// dice tray's Roll held back on a bad expression, the rulings' switches in one column, game cards by title
// and system, turn bars whose titles wrap instead of being cut, greyed buttons and step chips that explain
// themselves without a hover, and Heliograph's side chips whole on an upright tablet.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/point7.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';

const SIZES = [
  [768, 1024],
  [1024, 768],
  [1366, 1024],
  [1440, 900],
];

let session;
let page, tid, until, text, logEntries, dismissNotice;

before(async () => {
  session = await launch({ width: 1366, height: 1024 });
  ({ page, tid, until, text, logEntries, dismissNotice } = session);
});

after(async () => {
  await session?.close();
});

/** `sandtable game …` on the test's database, as a player at the desk would; returns what it printed. */
function cli(...args) {
  return execFileSync(bin, ['game', ...args], { cwd: root, env: { ...process.env, SANDTABLE_DB: session.db }, encoding: 'utf8' });
}

/** Starts a game from the command line and returns its id (printed last). */
function newGame(scenario, seed) {
  return Number(cli('new', scenario, '--seed', String(seed)).trim().split('\n').at(-1));
}

async function size(w, h) {
  await page.setViewportSize({ width: w, height: h });
  await page.waitForTimeout(250);
}

async function openGame(id) {
  await page.goto(session.base);
  await tid(`open-game-${id}`).click();
  await tid('game-screen').waitFor();
}

/** Shows a side-panel tab, opening the panel (or the drawer, upright) first if it is shut. */
async function showTab(tab) {
  // A wide screen keeps the log in a column of its own, with no tab for it.
  if (tab === 'log' && (await tid('tab-log').count()) === 0) return;
  if (!(await tid(`tab-${tab}`).isVisible())) await tid('side-toggle').first().click();
  await tid(`tab-${tab}`).click();
}

/**
 * The text in `selector` that is cut off: an element that hides its overflow while its content is wider
 * than it, or that runs past the right edge of the screen.
 */
async function clipped(selector) {
  return page.locator(selector).evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...root.querySelectorAll('*')]
        .filter((el) => el.getClientRects().length > 0 && el.textContent.trim() !== '')
        .map((el) => {
          const css = getComputedStyle(el);
          const hides = css.overflowX !== 'visible' || css.textOverflow === 'ellipsis';
          const r = el.getBoundingClientRect();
          // Words kept for a screen reader in a 1 px box are not shown, so not cut off.
          if (r.width <= 1 && r.height <= 1) return null;
          if (hides && el.scrollWidth > el.clientWidth + 1) return `${el.textContent.trim().slice(0, 40)}: ${el.scrollWidth} > ${el.clientWidth}`;
          if (r.right > innerWidth + 0.5) return `${el.textContent.trim().slice(0, 40)}: past the screen's edge`;
          return null;
        })
        .filter(Boolean),
    ),
  );
}

/** The size and contrast of an element's text, against the first opaque background behind it. */
async function legibility(locator) {
  return locator.evaluate((el) => {
    const rgb = (c) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let bg = null;
    for (let at = el; at && !bg; at = at.parentElement) {
      const c = rgb(getComputedStyle(at).backgroundColor);
      if (c.length === 3 || c[3] === 1) bg = c;
    }
    const fg = rgb(getComputedStyle(el).color);
    const [a, b] = [lum(fg), lum(bg ?? [18, 20, 24])].sort((x, y) => y - x);
    return { px: parseFloat(getComputedStyle(el).fontSize), contrast: (a + 0.05) / (b + 0.05) };
  });
}

async function readable(locator, what) {
  const { px, contrast } = await legibility(locator);
  assert.ok(px >= 13, `${what}: ${px} px text`);
  assert.ok(contrast >= 4.5, `${what}: contrast ${contrast.toFixed(2)}:1`);
}

test('game cards name the scenario and its system; the rulings switches line up', async () => {
  const id = newGame('cotta-assault', 3);
  await size(1440, 900);
  await page.goto(session.base);
  const card = tid(`open-game-${id}`);
  await card.waitFor();
  assert.equal(await text(`game-title-${id}`), 'Assault on the Cotta');
  assert.match(await text(`game-system-${id}`), /^Heliograph$/);
  assert.doesNotMatch(await card.textContent(), /scenarios\/|\.toml/, 'no file path on the card');
  await card.screenshot({ path: join(out, 'p7-game-card.png') });

  // Sand Pebbles has five rulings with notes of different lengths: every switch and every name starts at
  // the same left edge, at both widths.
  await tid('scenario-sand-pebbles/legation-wall.toml').click();
  for (const [w, h] of [SIZES[0], SIZES[3]]) {
    await size(w, h);
    await tid('ruling-options').scrollIntoViewIfNeeded();
    const lefts = await tid('ruling-options')
      .locator('.ruling')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('.switch'), r.querySelector('.name')].map((e) => Math.round(e.getBoundingClientRect().left))));
    assert.ok(lefts.length >= 4, 'the scenario has rulings');
    assert.equal(new Set(lefts.map(([s]) => s)).size, 1, `switches in one column at ${w}x${h}: ${JSON.stringify(lefts)}`);
    assert.equal(new Set(lefts.map(([, n]) => n)).size, 1, `names in one column at ${w}x${h}: ${JSON.stringify(lefts)}`);
    await tid('ruling-options').screenshot({ path: join(out, `p7-rulings-${w}x${h}.png`) });
  }
});

test('the dice tray holds back Roll on an expression it cannot roll, and says why at the box', async () => {
  const id = newGame('legation-wall', 4);
  await size(1366, 1024);
  await openGame(id);
  await showTab('dice');
  const expr = tid('dice-expr');
  await expr.fill('2D');
  await until('the reason at the box', async () => (await tid('dice-expr-error').count()) === 1);
  assert.ok(await tid('dice-roll').isDisabled(), 'Roll waits for a good expression');
  assert.ok(await tid('dice-type').isDisabled(), 'so does typing dice for it');
  assert.equal(await expr.getAttribute('aria-invalid'), 'true');
  // The reason sits right under the box it is about.
  const [box, why] = [await expr.boundingBox(), await tid('dice-expr-error').boundingBox()];
  assert.ok(why.y >= box.y + box.height - 1 && why.y - (box.y + box.height) < 24, 'the reason is under the box');
  await readable(tid('dice-expr-error'), 'the reason');
  await tid('dice-tray').screenshot({ path: join(out, 'p7-dice-tray-invalid.png') });

  await expr.fill('2D6+1');
  await until('Roll to come back', async () => (await tid('dice-expr-error').count()) === 0 && (await tid('dice-roll').isEnabled()));
  await tid('dice-roll').click();
  await until('the roll', async () => (await tid('dice-result').count()) === 1);
});

test('Sand Pebbles: a tied initiative names its thrown-again dice in the log', async () => {
  // A seed whose first initiative ties, found on a scratch database as the app would roll it.
  const scratch = mkdtempSync(join(tmpdir(), 'sandtable-p7-'));
  const env = { ...process.env, SANDTABLE_DB: join(scratch, 'seeds.db') };
  let seed = null;
  for (let s = 1; s <= 200 && seed === null; s++) {
    const id = execFileSync(bin, ['game', 'new', 'legation-wall', '--seed', String(s)], { env, encoding: 'utf8' }).trim().split('\n').at(-1);
    const said = execFileSync(bin, ['game', 'act', id, '{"type":"initiative"}'], { env, encoding: 'utf8' });
    if (/after ties/.test(said)) seed = s;
  }
  rmSync(scratch, { recursive: true, force: true });
  assert.ok(seed !== null, 'some seed ties its first initiative');

  const id = newGame('legation-wall', seed);
  await size(1366, 1024);
  await openGame(id);
  await tid('roll-initiative').click();
  await until('the initiative in the log', async () => (await logEntries()).some((e) => e.kind === 'initiative'));
  await dismissNotice();
  await showTab('log');
  const entry = tid('log-entry').filter({ hasText: 'Initiative for movement' });
  assert.match(await entry.textContent(), /after ties/);
  const dice = await entry.locator('.roll').count();
  const ties = await entry.locator('[data-testid="log-tie"]').count();
  assert.ok(dice >= 4 && ties === dice / 2 - 1, `each tied throw is named: ${dice} dice, ${ties} ties`);
  assert.equal(await entry.locator('[data-testid="log-tie"]').first().textContent(), 'tie, thrown again');
  await readable(entry.locator('[data-testid="log-tie"]').first(), 'the tie note');
  await entry.screenshot({ path: join(out, 'p7-log-tie.png') });
});

test('Sand Pebbles: a test no die decides is recorded with one tap, not offered dice', async () => {
  // Set up at the desk: the Marines charge, a Boxer volley kills their leader (a natural 1, then a 6), and
  // phase E opens with their test to finish the charge: 1-5 on a D6 without him.
  const id = newGame(join(root, 'tests/e2e/fixtures/sp-undecided-test.toml'), 1);
  for (const action of [
    { type: 'initiative', dice: [5, 2] },
    { type: 'choose_order', first: 'allies' },
    { type: 'roll_move', unit: 'us-marines', dice: [6, 6] },
    { type: 'charge', unit: 'us-marines', target: 'sword-band' },
    { type: 'end_phase' },
    { type: 'end_phase' },
    { type: 'initiative', dice: [2, 5] },
    { type: 'choose_order', first: 'boxers' },
    { type: 'fire', unit: 'musket-band', target: 'us-marines', dice: [1, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 6] },
    { type: 'end_phase' },
    { type: 'end_phase' },
  ]) {
    cli('act', String(id), JSON.stringify(action));
  }
  await size(1366, 1024);
  await openGame(id);
  const prompt = tid('prompt-morale-us-marines');
  await prompt.waitFor();
  assert.match(await prompt.textContent(), /passes on 1-5/);
  assert.equal(await tid('prompt-morale-us-marines-type').count(), 1, 'a die decides it: dice are offered');

  // The loss was a mistake: the leader is put back, and a Marine with his leader always finishes a charge.
  await tid('restore-us-marines').click();
  await until('the test to need no die', async () => (await tid('prompt-decided').count()) === 1);
  assert.match(await prompt.textContent(), /always passes/);
  assert.match(await text('prompt-decided'), /passes whatever the dice would say: no die is rolled/);
  assert.equal(await tid('prompt-morale-us-marines-type').count(), 0, 'no dice to type');
  assert.equal(await tid('prompt-morale-us-marines-roll').count(), 0, 'no dice to roll');
  assert.equal(await text('prompt-morale-us-marines-record'), 'Record it');
  await readable(tid('prompt-decided'), 'what the card says');
  await prompt.screenshot({ path: join(out, 'p7-decided-test.png') });
  await tid('prompt-morale-us-marines-record').click();
  await prompt.waitFor({ state: 'detached' });
  const newest = (await logEntries()).find((e) => !e.undone)?.text ?? '';
  assert.match(newest, /U\.S\. Marines test morale to finish their charge on Sword band — .*always passes: pass: the charge goes in/);
});

test('Heliograph upright: whole side chips, the toss said to end an activation, a gun with nothing in range', async () => {
  const id = newGame('cotta-assault', 3);
  await size(768, 1024);
  await openGame(id);
  // Each side's chip keeps its name, its bonus and its chance, none cut short.
  for (const [side, name] of [['us', 'U.S. column'], ['moros', 'Moros of the cotta']]) {
    await until(`${side}'s chance`, async () => new RegExp(`^${name.replace(/\./g, '\\.')} \\+0 \\d+%$`).test(await text(`toss-bonus-${side}`)));
  }
  assert.deepEqual(await clipped('[data-testid="activation-bar"]'), [], 'nothing in the bar is cut off');
  await tid('activation-bar').screenshot({ path: join(out, 'p7-hg-chips-768x1024.png') });

  // The Moros win the toss (typed at the desk, 2 to 8) and activate the lantaka.
  cli('act', String(id), JSON.stringify({ type: 'initiative', dice: [2, 8] }));
  await openGame(id);
  await until('the Moros to choose', async () => /Moros of the cotta choose$/.test(await text('chooser')));
  await showTab('units');
  await tid('activate-lantaka').click();
  await until('the lantaka to be active', async () => (await text('active-unit')) === 'Lantaka');

  // The toss is still offered, and closes this activation: the bar says so before anyone taps it.
  assert.ok(await tid('roll-initiative').isEnabled());
  assert.equal(await text('hg-hint'), "Tossing for activation ends Lantaka's activation.");
  await readable(tid('hg-hint'), 'the toss hint');
  assert.deepEqual(await clipped('[data-testid="activation-bar"]'), [], 'nothing in the active bar is cut off');
  await tid('activation-bar').screenshot({ path: join(out, 'p7-hg-toss-ends-768x1024.png') });

  // Fire with every U.S. unit beyond 24": nothing in range, and no blast at the table's corner.
  await tid('fire-open-lantaka').click();
  await tid('fire-panel').waitFor();
  assert.match(await text('fire-target-none'), /^Nothing in range: no enemy within 24"\.$/);
  assert.equal(await tid('blast').count(), 0, 'no blast without a target');
  assert.doesNotMatch(await tid('fire-panel').textContent(), /Blast|\(0\.0, 0\.0\)/);
  assert.equal(await tid('template').count(), 0, 'no template on the table');
  await tid('fire-panel').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(out, 'p7-hg-nothing-in-range-768x1024.png') });

  // Tossing now ends the lantaka's activation, as the bar said.
  await tid('roll-initiative').click();
  await until('a side to choose', async () => /chooses?$/.test(await text('chooser')));
  assert.equal(await tid('active-unit').count(), 0);
});

test('Sand Pebbles: step chips explain themselves on a tap; greyed buttons say why in words', async () => {
  const id = newGame('legation-wall', 6);
  cli('act', String(id), JSON.stringify({ type: 'initiative', dice: [2, 5] }));
  cli('act', String(id), JSON.stringify({ type: 'choose_order', first: 'boxers' }));
  await size(1024, 768);
  await openGame(id);
  await until('phase A', async () => /First side moves and charges/.test(await text('phase-title')));

  // A tap on a chip opens what every step is, the tapped one marked; another tap closes it.
  await tid('step-melee').click();
  await tid('step-track-tip').waitFor();
  assert.match(await text('step-track-tip'), /A: First side moves and charges \(now\)/);
  assert.match(await text('step-track-tip'), /G: Melee/);
  assert.equal(await tid('step-tip-melee').evaluate((el) => el.classList.contains('picked')), true, 'the tapped chip is marked');
  await readable(tid('step-tip-move_first'), 'the step list');
  await page.screenshot({ path: join(out, 'p7-step-tip-1024x768.png') });
  await page.mouse.click(5, 740);
  await tid('step-track-tip').waitFor({ state: 'detached' });

  // The Legation Guard moves in phase B: its greyed Roll move says so on the card, not in a tooltip.
  await showTab('units');
  assert.ok(await tid('roll-move-us-marines').isDisabled());
  const why = tid('roll-move-why-us-marines');
  assert.ok((await why.textContent()).trim().length > 10, 'a reason in words');
  assert.ok(await why.isVisible());
  await readable(why, 'the reason on the card');
  assert.equal(await tid('roll-move-why-boxers-east').count(), 0, 'an enabled button needs no reason');

  // A card offers only its own system's markers.
  await tid('select-us-marines').click();
  assert.deepEqual(await tid('unit-card-us-marines').locator('.flag-btn').allTextContents(), ['Pinned', 'Routed']);
  await tid('unit-card-us-marines').screenshot({ path: join(out, 'p7-sp-card.png') });
});

test('turn bars wrap their titles instead of cutting them, for every system at every size', async () => {
  const games = [
    ['legation-wall', 'phase-bar'],
    ['cotta-assault', 'activation-bar'],
    ['zulu-war', 'battle-bar'],
    ['boxer-compound', 'siege-bar'],
    ['the-55-days', 'day-bar'],
  ];
  for (const [scenario, bar] of games) {
    await openGame(newGame(scenario, 7));
    for (const [w, h] of SIZES) {
      await size(w, h);
      await tid(bar).waitFor();
      assert.deepEqual(await clipped(`[data-testid="${bar}"]`), [], `${scenario} at ${w}x${h}: nothing in the bar is cut off`);
      const box = await tid(bar).boundingBox();
      await page.screenshot({ path: join(out, `p7-bar-${scenario}-${w}x${h}.png`), clip: { x: 0, y: box.y, width: w, height: box.height } });
    }
  }
});
