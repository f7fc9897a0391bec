// Browser test of L'Estate dei Boxers' day bar as a day goes by, on a landscape and an upright tablet: the
// card drawn, the event test (its dice typed from the table, the form opened over the bar), the Boxers'
// entry, each of their combat phases followed one by one, and the soldiers' fire. At every step the zone
// map keeps its place and size (nothing moves under the finger), the bar holds no empty band, and the
// map's foot is on screen above the side drawer.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/estate-day-bar.test.mjs)

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { game, newGame, post } from './play.mjs';

let session;
after(async () => {
  await session?.close();
});

/** The map's box, and how much of the bar's band its busiest column leaves empty, in px. */
async function measure(page) {
  return page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const map = box(document.querySelector('[data-testid="zone-map"]'));
    const bar = document.querySelector('[data-testid="day-bar"]');
    // What each column of the bar shows, as drawn: its text and its controls.
    const extent = (col) => {
      const rects = [];
      const walk = document.createTreeWalker(col, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent.trim()) continue;
        const r = document.createRange();
        r.selectNodeContents(n);
        rects.push(...[...r.getClientRects()].filter((x) => x.height > 0));
      }
      for (const el of col.querySelectorAll('button, input, svg')) if (el.getClientRects().length) rects.push(box(el));
      if (rects.length === 0) return 0;
      return Math.max(...rects.map((r) => r.bottom)) - Math.min(...rects.map((r) => r.top));
    };
    const cols = [...bar.children].filter((c) => getComputedStyle(c).visibility !== 'hidden' && c.getClientRects().length);
    const pad = Number.parseFloat(getComputedStyle(bar).paddingTop) + Number.parseFloat(getComputedStyle(bar).paddingBottom);
    // The foot of the map itself (its "Quarter 2" band), and where the drawer or the screen cuts it off.
    const svg = box(document.querySelector('[data-testid="zone-map"] svg'));
    const drawer = document.querySelector('[data-testid="side-panel"]');
    const cut = Math.min(window.innerHeight, drawer && box(drawer).top > map.top ? box(drawer).top : window.innerHeight);
    return {
      map: [map.x, map.y, map.width, map.height].map(Math.round),
      empty: Math.round(box(bar).height - pad - Math.max(...cols.map(extent))),
      foot: Math.round(svg.bottom),
      cut: Math.round(cut),
    };
  });
}

for (const [width, height] of [
  [1024, 768],
  [768, 1024],
]) {
  test(`the day bar at ${width}x${height}: the map stays put and whole through the day's steps and the typed dice`, async () => {
    await session?.close();
    session = await launch({ width, height });
    const { page, tid, until } = session;
    const size = `${width}x${height}`;
    newGame(session.db, 'estate-dei-boxers/the-55-days.toml', 3);
    const siege = game(session.db, 1);
    // Set-up done and the Boxers' phases followed one by one; the rest from the table, step by step.
    siege.act({ type: 'advance' });
    siege.act({ type: 'follow', phase_by_phase: true });
    await page.goto(`${session.base}/#/game/1`);
    await tid('zone-map').waitFor();

    let first = null;
    const seen = [];
    // Before the siege's first card the bar has only the day and the tracks to show: its band is sized for
    // a day under way, so the empty band is looked for from the card on. A step with less to say (no note of
    // what is owed) leaves a line or two of the band free; a band as tall as the words themselves is wrong.
    // The typed dice stand in the band, whatever its height: there the map not moving is what counts.
    async function check(name, full = true) {
      // A result's banner lies over the map's foot for a while: it is not the map moving.
      if (await tid('notice').count()) await tid('notice-dismiss').click();
      await page.waitForTimeout(250);
      const m = await measure(page);
      await page.screenshot({ path: join(out, `estate-day-bar-${name}-${size}.png`) });
      seen.push(`${name}: ${JSON.stringify(m)}`);
      first ??= m;
      for (const i of [0, 1, 2, 3]) {
        assert.ok(Math.abs(m.map[i] - first.map[i]) <= 2, `the map moved or resized at ${name}: ${m.map} from ${first.map}\n${seen.join('\n')}`);
      }
      const typing = (await tid('estate-dice-typed').count()) > 0;
      if (full && !typing) assert.ok(m.empty <= 80, `an empty band of ${m.empty} px in the day bar at ${name}`);
      assert.ok(m.foot <= m.cut + 1, `the map's foot (${m.foot}) cut off at ${m.cut} at ${name}`);
    }
    const answered = async (before) => until('the engine to answer', async () => JSON.stringify(siege.view().stage) !== before);

    await check('draw', false);
    await post(session.base, 1, { type: 'draw_card', card: 'KS' });
    await until('the event test', async () => (await tid('day-bar').getAttribute('data-stage')) === 'event');
    await check('event');

    // The event test's dice typed from the table: the form opens over the bar, the map stays.
    await tid('estate-advance-type').click();
    await tid('estate-dice-faces').waitFor();
    await check('event-typing');
    const before = JSON.stringify(siege.view().stage);
    await tid('estate-dice-faces').fill('4');
    await tid('estate-dice-faces-1').fill('6');
    await until('the dice to be enough', async () => !(await tid('estate-dice-use').isDisabled()));
    await check('event-typed');
    await tid('estate-dice-use').click();
    await answered(before);
    await check('entry');
    if (await page.locator('[aria-label="Cancel typing dice"]').count()) await page.locator('[aria-label="Cancel typing dice"]').click();

    // On through the entry and the Boxers' phases, one press at a time, to the soldiers' fire.
    for (let guard = 0; guard < 12 && siege.view().stage.phase !== 'soldier_fire'; guard++) {
      const was = JSON.stringify(siege.view().stage);
      await tid('estate-advance').click();
      await answered(was);
      await check(`step-${guard}`);
    }
    assert.equal(siege.view().stage.phase, 'soldier_fire', 'the day came to the soldiers fire');
    assert.match(await tid('estate-step').textContent(), /^Phase 3 · Soldiers fire/);
    assert.match(await tid('estate-advance').textContent(), /Fire as Sandtable suggests/);
    await check('soldier-fire');
  });
}
