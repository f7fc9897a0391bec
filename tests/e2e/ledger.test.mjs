// Browser test of the luck ledger from the games screen: a game's, opened from its card's "⋯", and its
// campaign's, from the campaign's "⋯": each side's dice against their exact chances, in plain words; closed
// by its button or Escape, focus back where it was. Measured as the sweep measures a screen
// (sweep-checks.mjs) at a landscape and an upright tablet's size; the screenshots are
// tests/e2e/out/ledger-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/ledger.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

let session;
let page, tid, text, api;
let campaign, game;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, text, api } = session);
  await page.goto(session.base);
  await tid('games-screen').waitFor();
  campaign = await api('create_campaign', { name: 'Peking, summer 1900' });
  game = (await api('new_game', { scenario: 'legation-wall', seed: '11', campaign: campaign.id, options: null })).id;
  const actions = [
    { type: 'initiative', dice: [6, 1] },
    { type: 'choose_order', first: 'allies' },
    { type: 'roll_move', unit: 'us-marines', dice: [6, 6] },
    { type: 'roll_move', unit: 'rn-sailors', dice: [6, 5] },
    { type: 'roll', expr: '2D6', dice: [3, 4], label: 'the boiler' },
    { type: 'end_phase' },
    { type: 'roll_move', unit: 'boxers-west', dice: [1, 2, 1] },
  ];
  for (const action of actions) {
    const view = await api('game_act', { id: game, action });
    assert.equal(view.game, game, JSON.stringify(view));
  }
  await page.reload();
  await tid(`open-game-${game}`).waitFor();
});

after(async () => {
  await session?.close();
});

test("a game's ledger from its card: each side against its chances, in words", async () => {
  await tid(`game-more-${game}`).click();
  await tid(`game-ledger-${game}`).click();
  await tid('luck-ledger').waitFor();
  const sides = tid('ledger-side');
  assert.equal(await sides.count(), 3, 'the Guard, the Boxers, the free rolls');
  // Each side's movement row (Sand Pebbles also counts its initiative wins, in a row of their own).
  const cells = (at) => sides.nth(at).locator('tbody tr', { hasText: 'inches' }).first().locator('td').allInnerTexts();
  assert.equal(await sides.nth(0).locator('h3').innerText(), 'Legation Guard');
  assert.deepEqual(await cells(0), ['movement inches\n2 throws', '26.0', '35', '+9.0', 'lucky: 1 game in 259 does this well']);
  assert.deepEqual(await cells(1), ['movement inches\n1 throw', '16.5', '10', '−6.5', 'unlucky: 1 game in 54 does this badly']);
  assert.match(await sides.nth(2).locator('h3').innerText(), /^Free rolls/);
  assert.equal((await sides.nth(2).locator('tbody tr').first().locator('td').allInnerTexts()).at(-1), 'about as expected');
  for (const size of [{ width: 1024, height: 768 }, { width: 768, height: 1024 }]) {
    await page.setViewportSize(size);
    await lookSound(page, 'ledger', 'game');
  }
  await page.setViewportSize({ width: 1024, height: 768 });
  await tid('ledger-throws').click();
  const newest = tid('luck-ledger').locator('table').last().locator('tbody tr').first().locator('td');
  assert.deepEqual(await newest.allInnerTexts(), ['6', '1', 'Boxers', 'movement inches', '16.5', '10']);
  await lookSound(page, 'ledger', 'game-throws');
  await page.keyboard.press('Escape');
  await tid('luck-ledger').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), `game-ledger-${game}`);
});

test("a campaign's ledger from its chip: its games added up, counted in campaigns", async () => {
  await tid(`campaign-more-${campaign.id}`).click();
  await tid(`campaign-ledger-${campaign.id}`).click();
  await tid('luck-ledger').waitFor();
  assert.match(await text('luck-ledger'), /Peking, summer 1900/);
  assert.match(await text('luck-ledger'), /lucky: 1 campaign in 259 does this well/);
  await lookSound(page, 'ledger', 'campaign');
  await tid('luck-ledger-close').click();
  await tid('luck-ledger').waitFor({ state: 'detached' });
});
