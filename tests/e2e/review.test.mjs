// Browser end-to-end test of what a new player's review found in the game screen (issue 14), each point as
// the player met it: a turn bar whose typed dice squeezed its title to a word a line and pushed the table
// under 9 px to the inch upright; a roll owed out of sight in a drawer scrolled down to a unit's card; a
// Move tool that a second press turned off with its ring still drawn; an activation that ended with the
// move ring and hint still inviting a move; a result notice lying over a card's Activate; a tool hint cut
// to "Tap a unit to …"; and a form whose Use opened below the fold of a short drawer.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/review.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';
import { legationToTheFire } from './play.mjs';

let session;
let page, tid, until, text;

/** The games, in the order they are created (game 1 first). */
const GAMES = {
  sandPebbles: 1,
  heliograph: 2,
  natives: 3,
  wec: 4,
  estate: 5,
  spMorale: 6,
  nativesMuster: 7,
  hgMove: 8,
  /** A fresh toss for each size the notice is tried at. */
  hgToss: [9, 10, 11],
};

function act(game, action) {
  execFileSync(bin, ['game', 'act', '--db', session.db, String(game), JSON.stringify(action)]);
}

before(async () => {
  session = await launch({ width: 768, height: 1024 });
  ({ page, tid, until, text } = session);
  const make = (scenario, seed = 3) => execFileSync(bin, ['game', 'new', '--db', session.db, join(root, 'scenarios', scenario), '--seed', String(seed)]);
  make('sand-pebbles/legation-wall.toml');
  make('heliograph/cotta-assault.toml');
  make('natives-are-restless/boxer-compound.toml');
  make('when-empires-clash/zulu-war.toml');
  make('estate-dei-boxers/the-55-days.toml');
  make('sand-pebbles/legation-wall.toml', 11);
  make('natives-are-restless/boxer-compound.toml');
  make('heliograph/cotta-assault.toml');
  for (let i = 0; i < 3; i++) make('heliograph/cotta-assault.toml');
  // The siege's groups mustered and raised, so a card may be drawn (and typed).
  for (const dice of [[3, 4, 2], [2, 3, 1], [4, 4, 6], [3, 3, 5]]) act(GAMES.natives, { type: 'muster', dice });
  for (const kind of [null, null, 'boxer_musketeers', null]) act(GAMES.natives, { type: 'raise', kind });
  // Sand Pebbles to D, the last fire phase: ending it brings the band's morale test to finish its charge.
  for (const a of [...legationToTheFire(), { type: 'end_phase' }])
    act(GAMES.spMorale, a);
  // Heliograph: the U.S. column wins the toss and chooses.
  act(GAMES.hgMove, { type: 'initiative', dice: [7, 3] });
});

after(async () => {
  await session?.close();
});

async function open(game, [w, h], ready) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/#/game/${game}`);
  await page.reload();
  await tid('game-screen').waitFor();
  await tid(ready).waitFor();
  if ((await tid('side-toggle').getAttribute('aria-expanded')) !== 'true') await tid('side-toggle').click();
  await page.waitForTimeout(200);
}

/** Screen pixels to one inch of the table at Fit. */
async function fitPxPerInch() {
  await tid('zoom-fit').click();
  await page.waitForTimeout(150);
  return tid('table').evaluate((svg) => svg.getScreenCTM().a);
}

/**
 * In a turn bar with a form open: the text outside the form that the form lies over, and how many lines
 * the bar's title takes (a title squeezed to nothing takes one line a word).
 */
async function barWithForm(bar, title) {
  return tid(bar).evaluate(
    (el, title) => {
      const form = el.querySelector('form');
      const f = form.getBoundingClientRect();
      const hit = (r) => r.left < f.right - 1 && f.left < r.right - 1 && r.top < f.bottom - 1 && f.top < r.bottom - 1;
      const under = [...el.querySelectorAll('*')]
        .filter((e) => !form.contains(e) && !e.contains(form) && e.getClientRects().length > 0)
        .filter((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
        .filter((e) => hit(e.getBoundingClientRect()))
        .map((e) => e.textContent.trim().slice(0, 30));
      const t = el.querySelector(title);
      const range = document.createRange();
      range.selectNodeContents(t);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top))).size;
      return { under, lines, title: t.textContent.trim(), form: f.toJSON(), bar: el.getBoundingClientRect().toJSON() };
    },
    title,
  );
}

/** The bars, how their typed form is opened, and the title that must keep its room beside or above it. */
const BARS = [
  { name: 'sand-pebbles', game: GAMES.sandPebbles, bar: 'phase-bar', title: '[data-testid="phase-title"]', inches: true, dice: ['3', '99'] },
  { name: 'heliograph', game: GAMES.heliograph, bar: 'activation-bar', title: 'h2', inches: true, dice: ['3', '99'] },
  { name: 'when-empires-clash', game: GAMES.wec, bar: 'battle-bar', title: '[data-testid="battle-turn"]', dice: ['9 9'] },
  { name: 'natives', game: GAMES.natives, bar: 'siege-bar', title: '[data-testid="siege-next"]', inches: true, card: 'siege-card' },
  { name: 'estate', game: GAMES.estate, bar: 'day-bar', title: '[data-testid="estate-day"]', card: 'estate-card' },
];

test('a turn bar with typed dice keeps its title and the table its size', async () => {
  for (const b of BARS) {
    for (const [w, h] of [
      [768, 1024],
      [1024, 768],
    ]) {
      const size = `${w}x${h}`;
      await open(b.game, [w, h], b.bar);
      if (b.card) {
        // The estate's card is drawn once the set-up is done.
        if (b.card === 'estate-card' && (await tid('estate-card-type').count()) === 0) await tid('estate-advance').click();
        await tid(`${b.card}-type`).click();
        await tid(`${b.card}-typed`).fill('QH');
      } else {
        await tid('initiative-type').click();
        await tid('initiative-faces').fill(b.dice[0]);
        if (b.dice[1]) {
          await tid('initiative-faces-1').waitFor();
          await tid('initiative-faces-1').fill(b.dice[1]);
        }
        // A face the die lacks: the box says so where it stands.
        await until(`${b.name}: the typed dice refused at ${size}`, async () => (await page.locator('[data-testid^="initiative-problem"]').count()) > 0);
      }
      await page.waitForTimeout(200);
      const m = await barWithForm(b.bar, b.title);
      await page.screenshot({ path: join(out, `review-typed-${b.name}-${size}.png`) });
      assert.deepEqual(m.under, [], `${b.name} at ${size}: the typed form lies over the bar's words`);
      assert.ok(m.lines <= 2, `${b.name} at ${size}: the title "${m.title}" is squeezed onto ${m.lines} lines`);
      if (b.inches && w === 768) {
        const fit = await fitPxPerInch();
        assert.ok(fit >= 9, `${b.name} at ${size}: ${fit.toFixed(2)} px per inch at Fit with the typed form open (bar ${Math.round(m.bar.height)} px)`);
      }
      console.log(`${b.name} ${size}: bar ${Math.round(m.bar.height)} px, title on ${m.lines} line(s)`);
    }
  }
});

/**
 * Whether the element is in the visible part of the side panel's (or drawer's) content: wholly, or (for a
 * card taller than a short drawer) its top and at least `px` of it.
 */
async function inPanelView(id, px = Infinity) {
  return tid(id).evaluate(
    (el, px) => {
      const r = el.getBoundingClientRect();
      const box = document.getElementById('side-content').getBoundingClientRect();
      const bottom = Math.min(box.bottom, innerHeight);
      const top = r.top >= box.top - 1 && r.top >= 0;
      return r.height > 0 && top && (r.bottom <= bottom + 1 || (px !== null && bottom - r.top >= px));
    },
    px === Infinity ? null : px,
  );
}

const scrollDrawerDown = () => page.evaluate(() => {
  const sc = document.getElementById('side-content');
  sc.scrollTop = sc.scrollHeight;
});

test('upright, a roll that falls due is brought into sight, and so is the one the bar says is owed', async () => {
  await open(GAMES.spMorale, [768, 1024], 'phase-bar');
  const prompt = 'prompt-morale-boxers-east';
  // The drawer scrolled down to the last unit's card, as a player leaves it after the fire phases.
  await scrollDrawerDown();
  await page.waitForTimeout(150);
  await tid('end-phase').click();
  await tid(prompt).waitFor();
  await until('the new morale test scrolled into sight', () => inPanelView(prompt, 120));
  await page.screenshot({ path: join(out, 'review-owed-due-768x1024.png') });

  // Scrolled away again: "Still owed" in the bar is a button that brings it back.
  await scrollDrawerDown();
  await page.waitForTimeout(300);
  assert.equal(await inPanelView(prompt, 120), false, 'the test is out of sight');
  assert.match(await text('phase-owed'), /^Still owed: Sword and spear band tests morale to finish its charge/);
  assert.equal(await tid('phase-owed').evaluate((el) => el.tagName), 'BUTTON');
  await page.screenshot({ path: join(out, 'review-owed-away-768x1024.png') });
  await tid('phase-owed').click();
  await until('the owed test scrolled into sight', () => inPanelView(prompt, 120));

  // With the drawer shut, the same tap opens it at the test.
  await tid('side-toggle').click();
  await until('the drawer shut', async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'false');
  await tid('phase-owed').click();
  await until('the drawer open', async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'true');
  await until('the owed test in sight in the opened drawer', () => inPanelView(prompt, 120));
  await page.screenshot({ path: join(out, 'review-owed-shown-768x1024.png') });

  // On its side the panel folds to a rail; the tap unfolds it at the test.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(150);
  if ((await tid('side-toggle').getAttribute('aria-expanded')) === 'true') await tid('side-toggle').click();
  await until('the side panel folded', async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'false');
  await tid('phase-owed').click();
  await until('the side panel open at the test', async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'true' && (await inPanelView(prompt, 120)));
});

test('the Move tool stays on when pressed again, and an ended activation leaves no move behind', async () => {
  await open(GAMES.hgMove, [1024, 768], 'activation-bar');
  await tid('activate-company-a').click();
  await until('the company active', async () => (await text('active-unit')) === 'Company A');
  await tid('hg-move-company-a-type').click();
  await tid('hg-move-company-a-faces').fill('4 5');
  await tid('hg-move-company-a-use').click();
  // Rolled: the app puts the Move tool on by itself.
  await until('the move tool on', async () => (await tid('table').getAttribute('data-tool')) === 'move');
  await tid('move-ring').waitFor();
  // Pressed again, it stays on: the ring on the table still means what it says.
  await tid('tool-move').click();
  await page.waitForTimeout(100);
  assert.equal(await tid('table').getAttribute('data-tool'), 'move', 'a second press keeps Move on');
  assert.equal(await tid('tool-move').getAttribute('aria-pressed'), 'true');
  assert.equal(await tid('move-hint').count(), 1);
  await page.screenshot({ path: join(out, 'review-move-again-1024x768.png') });

  // The activation ends: back to Select, and no ring or hint for a move the rules no longer allow.
  await session.dismissNotice();
  await tid('end-activation').click();
  await until('the activation over', async () => (await tid('active-unit').count()) === 0);
  await until('the table back to Select', async () => (await tid('table').getAttribute('data-tool')) === 'select');
  assert.equal(await tid('tool-select').getAttribute('aria-pressed'), 'true');
  assert.equal(await tid('move-ring').count(), 0, 'no move ring after the activation');
  assert.equal(await tid('move-hint').count(), 0, 'no move hint after the activation');
  await page.screenshot({ path: join(out, 'review-activation-ended-1024x768.png') });
});

/** Every button on the screen the notice's box lies over (the notice's own aside). */
async function underNotice() {
  return page.evaluate(() => {
    const notice = document.querySelector('[data-testid="notice"]');
    const n = notice.getBoundingClientRect();
    return [...document.querySelectorAll('button')]
      .filter((b) => !notice.contains(b) && b.getClientRects().length > 0)
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < n.right && n.left < r.right && r.top < n.bottom && n.top < r.bottom;
      })
      .map((b) => b.dataset.testid ?? b.textContent.trim().slice(0, 24));
  });
}

/** The buttons whose centre shows on screen and answers a tap there. */
async function tappable(selector) {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
        const hit = document.elementFromPoint(x, y);
        return hit && (hit === el || el.contains(hit));
      })
      .map((el) => el.dataset.testid),
  );
}

test('a result notice covers nothing and pushes no button out of sight', async () => {
  for (const [i, [w, h]] of [
    [1024, 768],
    [1440, 900],
    [768, 1024],
  ].entries()) {
    const size = `${w}x${h}`;
    await open(GAMES.hgToss[i], [w, h], 'activation-bar');
    await tid('initiative-type').click();
    await tid('initiative-faces').fill('7');
    await tid('initiative-faces-1').fill('3');
    await tid('initiative-use').click();
    await until('the U.S. column to choose', async () => /chooses/.test(await text('chooser')));
    await tid('notice').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(out, `review-notice-${size}.png`) });
    assert.deepEqual(await underNotice(), [], `${size}: the notice lies over buttons`);
    // The Activate buttons in sight with the notice up are those in sight once it is gone: it pushed
    // none of them out of the side panel or the drawer.
    const shown = await tappable('[data-testid^="activate-"]');
    await session.dismissNotice();
    await page.waitForTimeout(200);
    const after = await tappable('[data-testid^="activate-"]');
    assert.ok(after.length >= 1, `${size}: some Activate in sight`);
    assert.deepEqual(shown, after, `${size}: an Activate went out of sight while the notice showed`);
  }
});

test('the table hint shows whole, and a form opened low in the drawer shows its Use', async () => {
  for (const [w, h] of [
    [768, 1024],
    [1024, 768],
    [1366, 1024],
    [1440, 900],
  ]) {
    const size = `${w}x${h}`;
    await open(GAMES.sandPebbles, [w, h], 'phase-bar');
    const help = await tid('table-help').evaluate((el) => {
      const bar = el.closest('[role="toolbar"]');
      const buttons = [...bar.querySelectorAll('button')].map((b) => b.getBoundingClientRect());
      const parts = [...el.querySelectorAll('.part')].map((p) => p.getBoundingClientRect());
      const status = el.parentElement.getBoundingClientRect();
      const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      return {
        text: el.textContent.replace(/\s+/g, ' ').trim(),
        fontPx: Number.parseFloat(getComputedStyle(el).fontSize),
        outside: parts.filter((p) => p.left < status.left - 0.5 || p.right > status.right + 0.5).length,
        overButtons: parts.filter((p) => buttons.some((b) => over(p, b))).length,
        cut: el.scrollWidth > el.clientWidth + 1 || status.width < 1,
      };
    });
    assert.equal(help.text, 'Tap to select, drag to measure, pinch to zoom', `${size}: the whole hint`);
    assert.equal(help.outside, 0, `${size}: a part of the hint runs out of its room`);
    assert.equal(help.overButtons, 0, `${size}: the hint runs under the tools`);
    assert.equal(help.cut, false, `${size}: the hint is cut off`);
    assert.ok(help.fontPx >= 13, `${size}: the hint at ${help.fontPx} px`);
    await page.screenshot({ path: join(out, `review-table-hint-${size}.png`), clip: { x: 0, y: 0, width: w, height: 280 } });
  }

  // Upright, the natives' muster: Type dice under the prompt opens its form, and its Use is in sight.
  await open(GAMES.nativesMuster, [768, 1024], 'siege-bar');
  const type = page.locator('[data-testid^="prompt-muster-"][data-testid$="-type"]').first();
  const id = (await type.getAttribute('data-testid')).replace(/-type$/, '');
  await type.click();
  await tid(`${id}-use`).waitFor();
  await until('the muster form\'s Use in sight', () => inPanelView(`${id}-use`));
  await page.screenshot({ path: join(out, 'review-muster-form-768x1024.png') });
});
