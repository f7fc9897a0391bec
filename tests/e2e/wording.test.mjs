// Browser test of the words and chips a new player reads, at a landscape and a portrait tablet: a plural
// side's name takes a plural verb ("Boxers go first", "Legation Guard goes first"); Sand Pebbles' phase
// letters are captioned with what they stand for; L'Estate dei Boxers' day bar names the day the card
// will be while it waits for the card, and what the last card brought stays readable (14 px, 4.5 : 1);
// a destroyed stand's card in When Empires Clash! stays readable; a campaign's losses seen from the
// table's shared screen say the Moros are hidden rather than 0/0. Screenshots: tests/e2e/out/wording-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/wording.test.mjs)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { inspect } from './sweep-checks.mjs';

const SIZES = [
  [1024, 768],
  [768, 1024],
];

async function open(s, scenario, { seed = '3', campaign = null } = {}) {
  await s.page.goto(s.base);
  await s.tid('games-screen').waitFor();
  const game = await s.api('new_game', { scenario, seed, campaign, options: null });
  assert.ok(game.id, JSON.stringify(game));
  await s.page.goto(`${s.base}/#/game/${game.id}`);
  return game.id;
}

async function act(s, id, action) {
  const answer = await s.api('game_act', { id, action });
  assert.equal(answer.game, id, `${JSON.stringify(action)}: ${JSON.stringify(answer)}`);
}

const shot = (page, name) => page.screenshot({ path: join(out, `wording-${name}-${page.viewportSize().width}x${page.viewportSize().height}.png`) });

/** What the sweep's measures find too faint or too small among the text that matches `words`. */
async function unreadable(page, words) {
  const found = await page.evaluate(inspect, { boards: [] });
  return [...found.contrast, ...found.small].filter((m) => words.test(m));
}

for (const [width, height] of SIZES) {
  test(`side names agree with their verbs, and the phase letters say what they are (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid, text, until } = s;
    try {
      const id = await open(s, 'legation-wall');
      await tid('phase-bar').waitFor();
      for (const [g, caption] of ['Movement', 'Fire', 'Morale, melee'].entries()) assert.equal(await text(`step-caption-${g}`), caption);
      await act(s, id, { type: 'initiative', dice: [4, 2] });
      await until('the order to choose', async () => (await tid('first-boxers').count()) > 0);
      assert.equal(await text('first-boxers'), 'Boxers go first');
      assert.equal(await text('first-allies'), 'Legation Guard goes first');
      assert.equal(await text('acting-side'), 'Legation Guard chooses');
      assert.deepEqual(await unreadable(page, /Movement|Fire|Morale, melee/), []);
      await shot(page, 'sand-pebbles-order');
    } finally {
      await s.close();
    }
  });

  test(`the Estate day bar names the card's day, and what the card brought reads at arm's length (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid, text, until } = s;
    try {
      await open(s, 'the-55-days');
      await tid('zone-map').waitFor();
      const stage = () => tid('zone-map').getAttribute('data-stage');
      await tid('estate-advance').click();
      await until('the first draw', async () => (await stage()) === 'draw');
      // The card to be drawn is the first day's.
      assert.equal(await text('estate-day'), 'Day 1 of 54');
      assert.match(await text('estate-step'), /draw the day's card/);
      // A red two: no Boxer activity, so one Go on ends the day.
      await tid('estate-card-type').click();
      await tid('estate-card-typed').fill('2H');
      await tid('estate-card-use').click();
      await until('the card drawn', async () => (await stage()) !== 'draw');
      await tid('estate-advance').click();
      await until('the day over', async () => (await stage()) === 'draw');
      assert.equal(await text('estate-day'), 'Day 2 of 54');
      assert.match(await text('estate-brings'), /Day 1’s card brought.*1 day less of supply/);
      const size = await tid('estate-brings').locator('.brings').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      assert.ok(size >= 14, `the card's chips are ${size} px`);
      assert.deepEqual(await unreadable(page, /day less of supply|card brought|event \d/), []);
      await shot(page, 'estate-day-over');
    } finally {
      await s.close();
    }
  });

  test(`a destroyed stand's card stays readable (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid } = s;
    try {
      const id = await open(s, 'zulu-war');
      await tid('battle-bar').waitFor();
      const view = await s.api('game_view', { id });
      const stand = view.units.find((u) => u.id === 'inf-1');
      await act(s, id, { type: 'record_losses', unit: 'inf-1', count: stand.alive });
      await tid('unit-card-inf-1').scrollIntoViewIfNeeded();
      await tid('unit-card-inf-1').getByText('Out of the game').waitFor();
      const name = stand.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      assert.deepEqual(await unreadable(page, new RegExp(`${name}|Out of the game`)), []);
      await shot(page, 'wec-destroyed-stand');
    } finally {
      await s.close();
    }
  });

  test(`a campaign's losses seen from the table say the hidden side is hidden (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid, text } = s;
    try {
      await page.goto(s.base);
      await tid('games-screen').waitFor();
      const campaign = await s.api('create_campaign', { name: 'Mindanao' });
      const game = (await s.api('new_game', { scenario: 'jungle-patrol', seed: '3', campaign: campaign.id, options: null })).id;
      await page.goto(`${s.base}/#/campaign/${campaign.id}`);
      await tid(`battle-losses-${game}`).waitFor();
      const losses = await text(`battle-losses-${game}`);
      assert.match(losses, /Moros hidden/);
      assert.doesNotMatch(losses, /0\/0/);
      await shot(page, 'campaign-hidden');
    } finally {
      await s.close();
    }
  });
}
