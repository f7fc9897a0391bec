// Browser test of a campaign's record: a battle of Assault on the Cotta fought with typed dice shows its
// result and losses at a glance on the games screen; its record page names the players, records the day,
// result, winner and notes, puts named units on the roster and closes the battle by a carry-over rule (one
// unit set by hand); a new game in the campaign carries those units in with what the battle left them.
// Each screen is measured as the sweep measures it (sweep-checks.mjs) at 1024x768; the screenshots are
// tests/e2e/out/campaign-record-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/campaign-record.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

let session;
let page, tid, until, text, api;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, api } = session);
});

after(async () => {
  await session?.close();
});

const lookAt = (name) => lookSound(page, 'campaign-record', name);

/**
 * The battle's result as the record gives it: the system's own verdict where its rules give one (saying "so
 * far" before they end the battle), else the players' record, else "not recorded".
 */
async function resultOf(campaign, game) {
  const b = (await api('campaign_record', { id: campaign })).battles.find((x) => x.game === game);
  return b.result.from === 'system' && !b.result.ended ? `So far: ${b.result.text}` : b.result.text;
}

/** The game's units as its view gives them, by id: `{ total, alive }`. */
async function unitsOf(game) {
  const view = await api('game_view', { id: game });
  return Object.fromEntries(view.units.map((u) => [u.id, { total: u.total, alive: u.alive }]));
}

test("a campaign's record: results and losses at a glance, the roster closed and carried into the next battle", async () => {
  await page.goto(session.base);
  await tid('games-screen').waitFor();
  const campaign = await api('create_campaign', { name: 'Lake Lanao' });
  const first = (await api('new_game', { scenario: 'cotta-assault', seed: '7', campaign: campaign.id, options: null })).id;
  // Company A fires at the wall: over 12" a U.S. rifle hits on 8+, the fort takes 1 and standing still
  // gives it back, so the three 9s kill three riflemen and the 1s miss.
  for (const action of [
    { type: 'initiative', dice: [9, 0] },
    { type: 'activate', unit: 'company-a' },
    { type: 'fire', unit: 'company-a', target: 'cotta-riflemen', dice: [9, 1, 9, 1, 1, 9, 1, 1, 1, 1] },
    { type: 'record_losses', unit: 'company-a', count: 3 },
  ]) {
    const answer = await api('game_act', { id: first, action });
    assert.equal(answer.game, first, JSON.stringify(answer));
  }

  // The game's card under its campaign: nothing recorded yet, and each side's losses of what it fielded. The
  // warriors hidden in the jungle are the Moros' secret at the table's screen, so their 12 are not counted,
  // and the line says a unit of theirs is hidden rather than passing the count off as all they fielded.
  await page.reload();
  await tid(`campaign-${campaign.id}`).click();
  await until('the game card to show its losses', async () =>
    (await tid(`game-glance-${first}`).count()) > 0 ? text(`game-glance-${first}`) : null,
  );
  const unrecorded = await resultOf(campaign.id, first);
  assert.equal(await text(`game-glance-${first}`), `${unrecorded} · U.S. column 3/26 · Moros of the cotta 3/14, 1 unit hidden`);
  await lookAt('games-glance');

  // The record page, from the campaign shown.
  await tid('open-campaign-record').click();
  await tid('campaign-record').waitFor();
  assert.equal(await text('record-title'), 'Lake Lanao');
  assert.equal(await text('record-systems'), 'Heliograph');
  for (const [i, name] of ['Ann', 'Bob'].entries()) {
    await tid('player-name').fill(name);
    await tid('add-player').click();
    await tid(`player-${i}`).waitFor();
  }
  await tid('player-name').fill('ann');
  await tid('add-player').click();
  await tid('player-error').waitFor();
  assert.match(await text('player-error'), /named twice/);
  assert.deepEqual((await api('campaign_record', { id: campaign.id })).players, ['Ann', 'Bob']);
  assert.equal(await text(`battle-losses-${first}`), 'U.S. column 3/26 Moros of the cotta 3/14, 1 unit hidden');
  assert.equal(await text(`battle-result-${first}`), unrecorded);

  // The players' record of the battle.
  await tid(`battle-more-${first}`).click();
  await tid(`battle-panel-${first}`).waitFor();
  await tid('battle-edit-date').fill('2026-11-20');
  await tid('battle-edit-result').fill('The cotta held');
  await tid('battle-edit-winner').selectOption('moros');
  await tid('battle-edit-notes').fill('Rain all evening');
  await tid('battle-edit-save').click();
  await until('the record saved', async () => (await text(`battle-date-${first}`)) === '2026-11-20');
  assert.equal(await text(`battle-result-${first}`), await resultOf(campaign.id, first));
  assert.equal((await api('campaign_record', { id: campaign.id })).battles[0].recorded.result, 'The cotta held');
  assert.equal(await text(`battle-notes-${first}`), 'Rain all evening');
  await lookAt('battle-recorded');

  // Company A and the riflemen go on the roster, raised with the figures they began with.
  await tid(`enlist-unit-company-a`).click();
  await tid(`enlist-unit-cotta-riflemen`).click();
  await tid(`enlist-go-${first}`).click();
  await tid(`close-battle-${first}`).waitFor();
  const roster = (await api('campaign_record', { id: campaign.id })).roster;
  const company = roster.find((u) => u.name === 'Company A');
  const riflemen = roster.find((u) => u.name === 'Riflemen on the wall');
  assert.deepEqual([company.raised, riflemen.raised], [10, 10]);

  // Half the losses back: Company A ended with 7 of 10, so 7 + 1; the riflemen are set to 9 by hand.
  await tid('carry-rule-half').click();
  assert.equal(await text('close-next-company-a'), '8');
  assert.equal(await text('close-next-cotta-riflemen'), '8');
  await tid('close-own-cotta-riflemen').fill('9');
  await lookAt('close-the-battle');
  await tid(`close-battle-go-${first}`).click();
  await until('the carry-over recorded', async () => (await text(`roster-next-${company.id}`)) === 'next battle: 8');
  assert.equal(await text(`roster-next-${riflemen.id}`), 'next battle: 9');
  const cells = await tid(`roster-history-${riflemen.id}-${first}`).locator('td').allTextContents();
  assert.deepEqual(
    cells.map((c) => c.replace(/\s+/g, ' ').trim()),
    ['2026-11-20 Assault on the Cotta', '10', '3', '7', '9 set by hand'],
  );
  await tid('roster').scrollIntoViewIfNeeded();
  await lookAt('roster');

  // The next battle carries them in: Company A as Company B, the riflemen on the wall again.
  await tid('record-back').click();
  await tid('games-screen').waitFor();
  await tid(`campaign-${campaign.id}`).click();
  const recorded = await resultOf(campaign.id, first);
  await until('the card to show the recorded result', async () => (await text(`game-glance-${first}`)).startsWith(recorded));
  await tid('scenario-heliograph/cotta-assault.toml').click();
  await tid('carry-units').waitFor();
  await tid(`carry-${company.id}`).selectOption('company-b');
  await tid(`carry-${riflemen.id}`).selectOption('cotta-riflemen');
  const offered = await tid(`carry-${company.id}`).locator('option').allTextContents();
  assert.ok(!offered.some((o) => /Riflemen|Warriors|Lantaka/.test(o)), `only units of its own side: ${offered}`);
  await tid('carry-units').scrollIntoViewIfNeeded();
  await lookAt('carry-units');
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  const second = Number(/#\/game\/(\d+)/.exec(page.url())[1]);
  const units = await unitsOf(second);
  assert.deepEqual(units['company-b'], { total: 8, alive: 8 });
  assert.deepEqual(units['cotta-riflemen'], { total: 9, alive: 9 });
  assert.deepEqual(units['company-a'], { total: 10, alive: 10 }, 'a unit not carried in keeps its figures');

  await page.goto(`${session.base}/#/campaign/${campaign.id}`);
  await tid(`battle-${second}`).waitFor();
  assert.equal(await text(`battle-losses-${second}`), 'U.S. column 0/24 Moros of the cotta 0/13, 1 unit hidden');
  await lookAt('two-battles');

  const record = await api('campaign_record', { id: campaign.id });
  assert.deepEqual(
    record.battles.map((b) => b.game),
    [first, second],
  );
  assert.match(await text(`roster-history-${company.id}-${second}`), /Assault on the Cotta as Company B/);
  const history = record.roster.find((u) => u.id === company.id).history;
  assert.deepEqual(
    history.map((h) => [h.game, h.fought_as, h.started, h.next]),
    [
      [first, 'company-a', 10, 8],
      [second, 'company-b', 8, null],
    ],
  );
});
