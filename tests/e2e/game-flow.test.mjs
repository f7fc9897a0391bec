// Browser test of the screens around a game (issue 35): starting a game is one tap to choose and one to
// start, with the chosen scenario, Start game and where the game will be filed on screen together; New game
// keeps the campaign last chosen; a game's notices stay with the game; a log entry with many dice keeps its
// words readable; and the smaller points of the game's header and turn bars. At 1024x768 and 768x1024; the
// screenshots are tests/e2e/out/game-flow-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/game-flow.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

const SIZES = [
  [1024, 768],
  [768, 1024],
];

let session;
let page, tid, until, text, api;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, api } = session);
  await page.goto(session.base);
});

after(async () => {
  await session?.close();
});

const shot = (name, size) => page.screenshot({ path: join(out, `game-flow-${name}-${size}.png`) });

/** Whether the element's centre is on screen and a tap there reaches it (nothing floats over it). */
async function reachable(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  });
}

async function gamesScreen([w, h]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/#/`);
  await tid('games-screen').waitFor();
  await tid('start-game').waitFor();
}

test('the chosen scenario and Start game are on one screen, and one more tap starts it', async () => {
  const scenarios = await api('list_scenarios');
  // The last card of the list: the one furthest from where Start game used to be.
  const last = scenarios.filter((s) => !s.problem && !s.own).at(-1);
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await gamesScreen([w, h]);
    const card = tid(`scenario-${last.path}`);
    await card.scrollIntoViewIfNeeded();
    await card.click();
    assert.equal(await card.getAttribute('aria-checked'), 'true');
    await page.waitForTimeout(200);
    await shot('chosen-last', size);
    assert.ok(await reachable(card), `${size}: the chosen card is in sight`);
    assert.ok(await reachable(tid('start-game')), `${size}: Start game is in sight and takes a tap beside the chosen card`);
    assert.equal(await text('start-chosen'), last.title, `${size}: the bar names the chosen scenario`);
    assert.ok(await reachable(tid('new-campaign')), `${size}: where the game is filed is in sight`);

    // The first card too, the list scrolled back to its top.
    const first = scenarios[0];
    await tid(`scenario-${first.path}`).scrollIntoViewIfNeeded();
    await tid(`scenario-${first.path}`).click();
    assert.ok(await reachable(tid('start-game')), `${size}: Start game in sight with the first card chosen`);
    assert.equal(await text('start-chosen'), first.title);

    // Its rulings are one tap away from the bar.
    const ruled = scenarios.find((s) => !s.problem && s.options.length > 0);
    await tid(`scenario-${ruled.path}`).scrollIntoViewIfNeeded();
    await tid(`scenario-${ruled.path}`).click();
    await tid('new-options-open').click();
    await until('the rulings in sight', async () => reachable(tid(`option-${ruled.options[0].name}`)));
    await page.waitForTimeout(400);
    await shot('options', size);
    assert.ok(await reachable(tid('start-game')), `${size}: Start game stays in sight beside the rulings`);
  }
  // One tap to start it.
  await gamesScreen(SIZES[0]);
  await tid(`scenario-${last.path}`).scrollIntoViewIfNeeded();
  await tid(`scenario-${last.path}`).click();
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  assert.equal(await text('game-title'), last.title);
});

test('New game keeps the campaign last chosen, and says where the game is filed', async () => {
  const campaign = await api('create_campaign', { name: 'Malakand 1897' });
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await gamesScreen([w, h]);
    await tid('new-campaign').selectOption(String(campaign.id));
    await tid('scenario-natives-are-restless/chakdara-fort.toml').scrollIntoViewIfNeeded();
    await tid('scenario-natives-are-restless/chakdara-fort.toml').click();
    await tid('start-game').click();
    await tid('game-screen').waitFor();
    await tid('back').click();
    await tid('games-screen').waitFor();
    // Back at New game, showing every game: the second battle is filed where the first was.
    await until('the campaign kept', async () => (await tid('new-campaign').inputValue()) === String(campaign.id));
    const shown = await tid('new-campaign').evaluate((s) => s.selectedOptions[0].textContent.trim());
    assert.equal(shown, 'Malakand 1897');
    assert.ok(await reachable(tid('new-campaign')), `${size}: where it is filed is in sight`);
    await shot('filed', size);
    await tid('start-game').click();
    await tid('game-screen').waitFor();
    // "None" said as much, so nobody reads an empty field as a choice not yet made.
    await tid('back').click();
    await tid('games-screen').waitFor();
    await tid('new-campaign').selectOption({ label: 'No campaign' });
    await page.reload();
    await tid('start-game').waitFor();
    await page.waitForTimeout(300);
    assert.equal(await tid('new-campaign').evaluate((s) => s.selectedOptions[0].textContent.trim()), 'No campaign');
  }
  const filed = await api('list_games', { campaign: campaign.id });
  assert.equal(filed.length, 4, 'each size filed both its battles in the campaign');
});
