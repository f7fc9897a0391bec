// Browser end-to-end test of L'Estate dei Boxers on The 55 days, where the app plays the Boxers: the game
// is made from the shipped scenario in the browser; at set-up the zone map, the Boxers' arrows, a zone's
// panel, a placement the rules refuse (shown in the panel with its rule) and one they allow; the siege
// begins and black attack cards are typed in until a day brings combat; the Boxers' phases followed one
// by one; a zone fires from its panel's Fire button with the odds shown first and a typed die; a soldier
// move drawn on the map (and every counter the flames drive out moved the same way); then the day runs to
// its end and its fires are ruins on the map; "What if…" plays the rest of the siege out under each strategy
// (shown on a landscape and a portrait tablet) and is marked stale once the next card is drawn. The game's
// state is read back through the command line on the same database, to know what the map must show.
// A second game reaches losses the player shares out (6.4) by typed dice and cards: the losses card above
// the panel's tabs, its taps, Undo last and Clear, Confirm, and Sandtable's own choice after an undo.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/estate-dei-boxers.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';
import { estateToTheMelee, post as postTo } from './play.mjs';

const SCENARIO = 'estate-dei-boxers/the-55-days.toml';
// Black kings, queens, jacks and aces: each brings an attack unless an event calls it off.
const ATTACK_CARDS = ['KS', 'KC', 'QS', 'QC', 'JS', 'JC', 'AS', 'AC'];

let session;
let page, tid, until, text, logTotal, logEntries;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, logTotal, logEntries } = session);
});

after(async () => {
  await session?.close();
});

const snap = (name) => page.screenshot({ path: join(out, `${name}.png`) });

/** The siege as the engine sees it now (by default the game the first test made, the database's first). */
function siege(id = 1) {
  return JSON.parse(execFileSync(bin, ['game', 'show', '--db', session.db, String(id), '--json'], { encoding: 'utf8' })).rules.view;
}

/** An action posted to the server as another device would, through its HTTP API; fails on a refusal. */
const post = (id, action) => postTo(session.base, id, action);

const stage = () => tid('zone-map').getAttribute('data-stage');

async function newest() {
  return (await logEntries()).find((e) => !e.undone)?.text ?? '';
}

/** Presses a button that acts, and waits for the engine's answer: a new log entry, or a refusal. */
async function press(testid) {
  if (await tid('estate-refusal').count()) await tid('estate-refusal-dismiss').click();
  const before = await logTotal();
  await tid(testid).click();
  await until(`the answer to ${testid}`, async () => (await logTotal()) > before || (await tid('estate-refusal').count()) > 0);
  return (await tid('estate-refusal').count()) === 0;
}

/** Nothing in the side panel or the day bar is wider than it is: no sideways scrolling. */
async function fitsAcross() {
  const over = await page.evaluate(() =>
    [...document.querySelectorAll('aside .panel, [data-testid="day-bar"], [data-testid="zone-map"]')]
      .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className || el.dataset.testid}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  assert.deepEqual(over, [], 'content wider than its panel');
}

/** Every button in `within` is at least 44 px tall and on screen: a finger's width on the tablet. */
async function buttonsOk(within) {
  const bad = await tid(within)
    .locator('button:visible')
    .evaluateAll((els) =>
      els
        .map((b) => [b.textContent.trim(), b.getBoundingClientRect()])
        .filter(([, r]) => r.height < 43.5 || r.right > window.innerWidth + 0.5 || r.left < -0.5)
        .map(([t, r]) => `${t}: ${Math.round(r.height)} px tall at x ${Math.round(r.left)}-${Math.round(r.right)}`),
    );
  assert.deepEqual(bad, [], `buttons too small or off screen in ${within}`);
}

/** The labels of the zones on the map do not run into each other. */
async function labelsApart() {
  const clash = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-zone] text.label')].map((t) => ({ z: t.parentElement.dataset.zone, r: t.getBoundingClientRect() }));
    const hits = [];
    for (const a of boxes)
      for (const b of boxes)
        if (a.z < b.z && a.r.left < b.r.right && b.r.left < a.r.right && a.r.top < b.r.bottom && b.r.top < a.r.bottom) hits.push(`${a.z}/${b.z}`);
    return hits;
  });
  assert.deepEqual(clash, [], 'zone labels overlap');
}

/**
 * Moves the defenders of `zone` out along one step, trying its neighbours in turn (the engine is the
 * judge of each; a refusal is read in the panel and the next is tried). Returns where they went.
 * `shot` names a screenshot of the first path drawn, before it is sent.
 */
async function moveOut(zone, ids, avoid = () => false, shot = null) {
  const view = siege();
  const here = view.map.zones.find((z) => z.id === zone);
  const ways = here.adjacent.filter((id) => !avoid(view.map.zones.find((z) => z.id === id)));
  await tid(`zone-${zone}`).click();
  await until(`the panel of ${zone}`, async () => (await tid('zone-panel').getAttribute('data-zone')) === zone);
  for (const id of ids) await tid(`counter-${id}`).click();
  for (const to of ways) {
    await tid(`zone-${to}`).click();
    await until('the path drawn', async () => (await text('move-route')).endsWith(to));
    if (shot) await snap(shot);
    shot = null;
    if (await press('move-send')) {
      await tid('zone-close').click();
      return to;
    }
    assert.match(await text('estate-refusal-rule'), /^Rule: L'Estate dei Boxers/);
    await tid('move-clear').click();
  }
  await tid('zone-close').click();
  return null;
}

test('a combat day of the siege: set-up, an attack card, the Boxers followed, a fire with its odds, a move, the day to its end', async () => {
  await page.goto(session.base);
  await tid(`scenario-${SCENARIO}`).click();
  await tid('new-seed').fill('3');
  await tid('start-game').click();
  await tid('zone-map').waitFor();
  let view = siege();

  // Set-up: the whole map, every zone drawn with its own label, the entry zones by their numbers.
  assert.equal(await stage(), 'setup');
  assert.equal(await text('estate-day'), 'Set-up');
  assert.equal(await text('estate-advance'), 'Begin the siege');
  assert.equal(await page.locator('[data-zone]').count(), view.map.zones.length);
  assert.equal(await tid('out-of-bounds').count(), view.map.out_of_bounds.length);
  assert.match(await text('map-reconstruction'), /Sandtable's reconstruction/);
  for (const z of view.map.zones.filter((z) => z.entry !== null)) {
    assert.equal(await tid(`zone-${z.id}`).locator('text.entry-n').textContent(), String(z.entry), `entry number of ${z.id}`);
  }
  for (const z of view.map.zones.filter((z) => z.barricade)) {
    assert.equal(await tid(`zone-${z.id}`).locator('.barricade').count(), 1, `barricade in ${z.id}`);
  }
  await labelsApart();

  // The Boxers' arrows only when asked for: one line for each arrow the map has.
  assert.equal(await tid('boxer-arrows').count(), 0);
  await tid('toggle-arrows').click();
  const arrows = view.map.zones.reduce((n, z) => n + (z.red ? 1 : 0) + (z.green ? 1 : 0), 0);
  assert.equal(await tid('boxer-arrows').locator('[data-arrow]').count(), arrows);
  await snap('estate-arrows-1024x768');
  await tid('toggle-arrows').click();
  assert.equal(await tid('boxer-arrows').count(), 0);

  // A zone's panel: its full name, its ground, who is there; the chips on the map sum the same points.
  // A tap on the map brings the panel forward even from the dice.
  await tid('tab-dice').click();
  await tid('zone-GB1').click();
  await tid('zone-panel').waitFor({ state: 'visible' });
  assert.equal(await text('zone-name'), 'British Legation (north)');
  assert.match(await text('zone-panel'), /GB1 · major British legation · quarter 1/);
  const gb1 = view.counters.filter((c) => c.zone === 'GB1');
  assert.equal(await tid('zone-counters').locator('li').count(), gb1.length);
  const gb1Zone = view.map.zones.find((z) => z.id === 'GB1');
  assert.match(await tid('zone-GB1').locator('[data-chip="soldiers"] text').textContent(), new RegExp(`^${gb1Zone.soldiers}★$`));
  await fitsAcross();
  await buttonsOk('day-bar');
  await buttonsOk('estate-panel');
  await snap('estate-setup-1024x768');

  // A placement the rules refuse, said in the panel with its rule; then one they allow.
  const forbidden = view.map.zones.find((z) => z.forbidden && !z.entry).id;
  await tid('counter-gb-1').click();
  assert.equal(await press(`zone-${forbidden}`), false, 'no defender is placed beside an entry zone');
  assert.match(await text('estate-refusal-rule'), /^Rule: L'Estate dei Boxers, 8 \(set-up\)$/);
  assert.ok((await text('estate-refusal-message')).length > 10);
  assert.ok(await press('zone-GB2'), 'a British counter may go to the other British zone');
  assert.match(await newest(), /British soldiers 1/);
  assert.equal(siege().counters.find((c) => c.id === 'gb-1').zone, 'GB2');
  await tid('zone-close').click();

  await press('estate-advance');
  assert.equal(await stage(), 'draw');
  assert.match(await text('estate-step'), /draw the day's card/);

  // Black attack cards from the table's own deck until a day brings combat (an event may call one off).
  let day = 0;
  for (const card of ATTACK_CARDS) {
    await tid('estate-card-type').click();
    await tid('estate-card-typed').fill(card);
    await press('estate-card-use');
    day += 1;
    assert.match(await text('estate-day'), new RegExp(`^Day ${day} of 54$`));
    assert.equal(await tid('estate-card').getAttribute('data-card'), card.replace('S', '♠').replace('C', '♣'));
    assert.match(await text('estate-brings'), /1 day less of supply/);
    // Following phase by phase from the first card: each Boxers' phase stops for the player to see.
    if (day === 1) {
      assert.ok(await press('estate-follow'));
      assert.equal(await tid('estate-follow').getAttribute('aria-pressed'), 'true');
    }
    while (!['draw', 'over'].includes(await stage()) && !(await stage()).startsWith('combat/')) await press('estate-advance');
    if ((await stage()).startsWith('combat/')) break;
  }
  assert.ok((await stage()).startsWith('combat/'), 'a day with combat');

  // Phase by phase: Advance runs one of the Boxers' phases and names it so.
  const phases = [];
  while ((await stage()) !== 'combat/soldier_fire') {
    assert.equal(await text('estate-advance'), 'Run the Boxers’ phase');
    phases.push(await text('estate-step'));
    await press('estate-advance');
  }
  assert.ok(phases.some((p) => /Boxer movement/.test(p)), `the Boxers' movement followed: ${phases.join(' | ')}`);
  await snap('estate-boxers-moved-1024x768');

  // Phase 3: the zones owed fire are marked on the map; one fires from its panel, odds first.
  view = siege();
  assert.ok(view.fires.length > 0, 'a zone owes fire');
  for (const f of view.fires) assert.equal(await page.locator(`[data-mark="owed-${f.from}"]`).count(), 1);
  const fire = view.fires.find((f) => f.choices.some((c) => c.guns !== 'tep')) ?? view.fires[0];
  const choice = fire.choices.find((c) => c.guns !== 'tep') ?? fire.choices[0];
  await tid(`zone-${fire.from}`).click();
  const key = `${fire.from}-${choice.target}-${choice.guns}`;
  await tid(`fire-choice-${key}`).waitFor();
  const odds = await tid(`fire-odds-${key}`).locator('li').allTextContents();
  assert.ok(odds.length > 0 && odds.every((o) => /\d+%/.test(o)), `odds shown: ${odds}`);
  const total = odds.reduce((n, o) => n + Number(/(\d+)%/.exec(o)[1]), 0);
  assert.ok(total >= 98 && total <= 102, `the odds sum to 100%: ${total}`);
  assert.equal(await tid(`fire-choices-${fire.from}`).locator('button', { hasText: 'Fire' }).count(), fire.choices.length);
  await tid(`fire-choice-${key}`).scrollIntoViewIfNeeded();
  await fitsAcross();
  await buttonsOk('estate-panel');
  await snap('estate-fire-odds-1024x768');
  await tid('fire-die').fill('4');
  assert.ok(await press(`fire-${key}`));
  const fired = (await logEntries()).find((e) => !e.undone && e.kind === 'fire');
  assert.ok(fired, 'the fire is in the log');
  assert.match(fired.text, /die 4|psychological test 4/);
  assert.ok(!siege().fires.some((f) => f.from === fire.from), 'the zone has fired');

  // The log keeps the procedure's lines apart.
  const lines = await tid('log').locator('[data-kind="advance"] .text').first().evaluate((el) => [getComputedStyle(el).whiteSpace, el.innerText.split('\n').length]);
  assert.equal(lines[0], 'pre-line');
  assert.ok(lines[1] > 1, 'a phase of several steps reads on several lines');

  // The day's combat runs by itself now; the other fires as Sandtable suggests them.
  assert.ok(await press('estate-follow'));
  let moved = false;
  for (let guard = 0; guard < 60 && !['draw', 'over'].includes(await stage()); guard++) {
    const now = await stage();
    // Losses owed (its own fire's S results) wait for the player; left to Sandtable by Advance below.
    if (now === 'combat/soldier_fire' && !siege().losses) {
      assert.equal(await text('estate-advance'), 'Fire as Sandtable suggests');
      await press('estate-advance');
    } else if (now === 'combat/soldier_move') {
      view = siege();
      const burning = new Set(view.map.zones.filter((z) => z.fire).map((z) => z.id));
      const stuck = view.counters.filter((c) => c.at === 'zone' && burning.has(c.zone) && c.mp_left !== null);
      // Those the flames drive out go first, to a neighbour not burning; then one move of the player's own.
      for (const zone of new Set(stuck.map((c) => c.zone))) {
        const ids = stuck.filter((c) => c.zone === zone).map((c) => c.id);
        assert.ok(await moveOut(zone, ids, (z) => z.fire), `the counters in burning ${zone} got out`);
        moved = true;
      }
      if (!moved) {
        const mover = view.counters.find((c) => c.kind === 'soldiers' && c.mp_left > 0 && !burning.has(c.zone));
        moved = (await moveOut(mover.zone, [mover.id], (z) => z.fire, 'estate-move-1024x768')) !== null;
      }
      assert.ok(await tid('estate-end-moves').isEnabled(), 'the moves may end');
      await press('estate-end-moves');
    } else {
      await press('estate-advance');
    }
  }
  assert.ok(moved, 'a soldier move was made');
  assert.equal(await stage(), 'draw', 'the day ran to its end');

  // After the combat: the fires are ruins now, drawn so on the map, and the panel says so.
  view = siege();
  const ruins = view.map.zones.filter((z) => z.ruin).map((z) => z.id);
  for (const z of view.map.zones) {
    assert.equal(await tid(`zone-${z.id}`).getAttribute('data-ruin'), String(z.ruin), `ruin of ${z.id}`);
    assert.equal(await tid(`zone-${z.id}`).getAttribute('data-fire'), String(z.fire), `fire of ${z.id}`);
  }
  if (ruins.length > 0) {
    await tid(`zone-${ruins[0]}`).click();
    assert.match(await text('zone-marks'), /in ruins/);
  }
  assert.match(await text('estate-step'), /draw the day's card/);
  assert.match(await text('estate-vp'), /^\d+ VP · /);
  await fitsAcross();
  await buttonsOk('day-bar');
  await snap('estate-after-combat-1024x768');

  // What if: the rest of the siege played out under each strategy, from the overview (no zone open). The
  // server is a debug build here, so the games take their time; the button says it is busy meanwhile.
  if (await tid('zone-close').count()) await tid('zone-close').click();
  await tid('whatif-ask').scrollIntoViewIfNeeded();
  assert.equal(await text('whatif-ask'), 'What if…');
  await tid('whatif-ask').click();
  await until('the forecast busy or done', async () => (await tid('whatif-busy').count()) > 0 || (await tid('whatif-result').count()) > 0);
  if (await tid('whatif-busy').count()) await snap('estate-whatif-busy-1024x768');
  await until('the forecast', async () => (await tid('whatif-result').count()) > 0 || (await tid('whatif-error').count()) > 0, 90_000);
  assert.equal(await tid('whatif-error').count(), 0, `no forecast: ${await tid('whatif-error').textContent().catch(() => '')}`);
  const plans = tid('whatif-result').locator('[data-testid^="whatif-plan-"]');
  assert.equal(await plans.count(), 4, 'four strategies');
  assert.equal(await plans.first().getAttribute('data-testid'), 'whatif-plan-guard-the-roads', 'the careful plan first');
  for (const plan of await plans.all()) {
    const name = (await plan.getAttribute('data-testid')).replace('whatif-plan-', '');
    const shares = await plan.locator('[data-testid^="whatif-share-"] .p').allTextContents();
    assert.equal(shares.length, 5, `five bands for ${name}`);
    assert.ok(shares.every((p) => /^(<0\.1|\d+(\.\d)?)%$/.test(p)), `percentages for ${name}: ${shares}`);
    const sum = shares.reduce((n, p) => n + (Number.parseFloat(p.replace('<', '')) || 0), 0);
    assert.ok(sum >= 97 && sum <= 103, `${name}'s bands sum to 100%: ${sum}`);
    assert.match(await text(`whatif-mean-${name}`), /^−?\d+\.\d VP −?\d+\.\d to −?\d+\.\d$/);
  }
  assert.match(await text('whatif-assumes'), /games per strategy\. From day 1 as the table stands/);
  assert.equal(await tid('whatif-ask').isDisabled(), true, 'the same point forecasts the same: nothing to ask again');
  await fitsAcross();
  await buttonsOk('estate-panel');
  await snap('estate-whatif-1024x768');
  await page.setViewportSize({ width: 768, height: 1024 });
  await tid('whatif-plan-hold-major-legations').scrollIntoViewIfNeeded();
  await fitsAcross();
  await buttonsOk('estate-panel');
  await buttonsOk('day-bar');
  await snap('estate-whatif-768x1024');

  // The next card moves the game on: the forecast stays, marked as about the table as it was.
  assert.ok(await press('estate-draw'));
  await tid('whatif-stale').waitFor();
  assert.equal(await text('whatif-ask'), 'Ask again');
  await tid('whatif-stale').scrollIntoViewIfNeeded();
  await snap('estate-whatif-stale-768x1024');
  await page.setViewportSize({ width: 1024, height: 768 });
});

/** The sizes of the text in `within` smaller than 13 px: text to read across a dim room. */
async function smallText(within) {
  return tid(within).evaluate((root) =>
    [...root.querySelectorAll('*')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && el.getClientRects().length > 0)
      .map((el) => [el.textContent.trim().slice(0, 30), Number.parseFloat(getComputedStyle(el).fontSize)])
      .filter(([, px]) => px < 13),
  );
}

/**
 * A new game (seed 3) brought through the HTTP API to a Boxer melee on the Tartar Wall by the American
 * barricade (see play.mjs): `join` counters go there at set-up, `dice` are the fire's and the melee's.
 */
function toTheMelee(id, join, dice) {
  return estateToTheMelee((action) => post(id, action), () => siege(id), join, dice);
}

/** A new game of the siege from the browser, with seed 3; its id. */
async function newGame() {
  await page.goto(session.base);
  await tid(`scenario-${SCENARIO}`).click();
  await tid('new-seed').fill('3');
  await tid('start-game').click();
  await tid('zone-map').waitFor();
  return Number(/#\/game\/(\d+)/.exec(page.url())[1]);
}

test('the player shares out the losses of a Boxer melee: who takes each point, then Sandtable\'s choice after an undo', async () => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const id = await newGame();

  // Two more American counters join the third and the Colt on the wall; the melee's die 1 costs them two
  // points, for three counters of two.
  await toTheMelee(id, ['us-1', 'us-2'], [3, 1]);
  const owed = siege(id).losses;
  assert.ok(owed, 'losses are owed');
  assert.equal(owed.zone, 'TW2');
  assert.equal(owed.points, 2);
  assert.deepEqual(
    owed.counters.map((c) => c.id),
    ['us-1', 'us-2', 'us-3'],
  );
  await page.reload();
  await tid('zone-map').waitFor();

  // The card above the tabs, on whichever tab: the zone, the points, the cause, one row per counter; the
  // zone ringed on the map; the day bar's step says what the game waits on, and its button who decides else.
  await tid('tab-dice').click();
  await tid('losses-panel').waitFor();
  assert.equal(await text('losses-title'), 'Losses in Tartar Wall (American barricade): 2 points');
  assert.equal(await text('losses-by'), "Caused by the Boxers' melee.");
  assert.equal(await tid('losses-panel').locator('[data-testid^="loss-us-"]').count(), 3);
  assert.equal(await tid('losses-civilians').count(), 0);
  assert.equal(await page.locator('[data-mark="losing-TW2"]').count(), 1);
  assert.match(await text('estate-step'), /choose who takes 2 points of loss in Tartar Wall \(American barricade\)/);
  assert.equal(await text('estate-advance'), 'Sandtable chooses');
  assert.equal(await tid('losses-confirm').isDisabled(), true);
  assert.equal(await text('losses-count'), '0 of 2 placed');

  // Each tap puts a point on the counter and says what it does; a counter takes no more than it has.
  await tid('loss-us-1').click();
  assert.equal(await text('loss-tally-us-1'), '−1');
  assert.match(await text('loss-result-us-1'), /flipped to 1/);
  assert.equal(await text('losses-count'), '1 of 2 placed');
  assert.equal(await tid('losses-confirm').isDisabled(), true);
  await buttonsOk('losses-due');
  await fitsAcross();
  assert.deepEqual(await smallText('losses-due'), [], 'text under 13 px');
  await snap('estate-losses-1024x768');
  await tid('loss-us-1').click();
  assert.equal(await text('loss-tally-us-1'), '−2');
  assert.match(await text('loss-result-us-1'), /to the wounded pool/);
  assert.equal(await tid('losses-confirm').isDisabled(), false);
  assert.equal(await tid('loss-us-1').getAttribute('aria-disabled'), 'true');
  await tid('loss-us-1').click({ force: true });
  assert.equal(await text('loss-tally-us-1'), '−2', 'a counter of 2 takes 2 points at most');
  assert.equal(await tid('loss-us-2').isDisabled(), true, 'every point is placed');

  // Undo last takes one tap back, Clear all of them; then one point each on two counters.
  await tid('losses-undo').click();
  assert.equal(await text('loss-tally-us-1'), '−1');
  await tid('losses-clear').click();
  assert.equal(await text('loss-tally-us-1'), '');
  assert.equal(await text('losses-count'), '0 of 2 placed');
  await tid('loss-us-1').click();
  await tid('loss-us-2').click();
  assert.match(await text('loss-result-us-2'), /flipped to 1/);
  assert.equal(await text('losses-count'), '2 of 2 placed');
  await page.setViewportSize({ width: 768, height: 1024 });
  await buttonsOk('losses-due');
  await fitsAcross();
  await snap('estate-losses-768x1024');
  await page.setViewportSize({ width: 1024, height: 768 });

  // Confirm: both counters flipped, none to the wounded pool, and the procedure goes on.
  assert.ok(await press('losses-confirm'));
  await tid('losses-panel').waitFor({ state: 'detached' });
  let view = siege(id);
  assert.equal(view.losses, null);
  const points = (v, c) => v.counters.find((x) => x.id === c);
  assert.deepEqual(['us-1', 'us-2', 'us-3'].map((c) => [points(view, c).points, points(view, c).at]), [
    [1, 'zone'],
    [1, 'zone'],
    [2, 'zone'],
  ]);
  assert.ok((await logEntries()).some((e) => !e.undone && /American soldiers 2 lose a point \(flipped to 1\)/.test(e.text)));

  // Undone, the question is back, asked afresh; left to Sandtable, one counter goes to the wounded pool.
  await tid('undo').click();
  await tid('losses-panel').waitFor();
  assert.equal(await text('losses-count'), '0 of 2 placed');
  assert.ok(await press('losses-auto'));
  await tid('losses-panel').waitFor({ state: 'detached' });
  view = siege(id);
  assert.equal(view.losses, null);
  assert.equal(['us-1', 'us-2', 'us-3'].filter((c) => points(view, c).at === 'wounded').length, 1);
});

test('losses beyond the soldiers fall on a gun the player picks, once every soldier point is taken', async () => {
  await page.setViewportSize({ width: 1024, height: 768 });
  const id = await newGame();
  // The Nordenfelt joins the Americans' one counter and the Colt on the wall; the melee costs three points:
  // the soldiers' two, and one on a gun of the two.
  await toTheMelee(id, ['nordenfelt'], [3, 3]);
  const owed = siege(id).losses;
  assert.equal(owed?.points, 3);
  assert.deepEqual(
    owed.counters.map((c) => [c.id, c.gun]),
    [
      ['us-3', false],
      ['nordenfelt', true],
      ['colt', true],
    ],
  );
  await page.reload();
  await tid('losses-panel').waitFor();

  // The guns wait for the soldiers: said on their rows, and a tap does nothing.
  assert.match(await text('loss-nordenfelt'), /after every soldier point/);
  assert.equal(await tid('loss-nordenfelt').isDisabled(), true);
  await tid('loss-us-3').click();
  await tid('loss-us-3').click();
  assert.match(await text('loss-result-us-3'), /to the wounded pool/);
  assert.equal(await tid('loss-nordenfelt').isDisabled(), false, 'the soldiers are all taken: a gun may take the rest');
  await tid('loss-nordenfelt').click();
  assert.equal(await text('loss-tally-nordenfelt'), '−1');
  assert.match(await text('loss-result-nordenfelt'), /gun destroyed, crew fights on/);
  assert.equal(await tid('loss-colt').isDisabled(), true, 'every point is placed');
  assert.equal(await text('losses-count'), '3 of 3 placed');
  await buttonsOk('losses-due');
  await fitsAcross();
  assert.deepEqual(await smallText('losses-due'), [], 'text under 13 px');
  await snap('estate-losses-guns-1024x768');

  assert.ok(await press('losses-confirm'));
  await tid('losses-panel').waitFor({ state: 'detached' });
  const view = siege(id);
  const at = (c) => view.counters.find((x) => x.id === c);
  assert.equal(at('us-3').at, 'wounded');
  assert.deepEqual([at('nordenfelt').points, at('nordenfelt').at], [1, 'zone']);
  assert.deepEqual([at('colt').points, at('colt').at], [2, 'zone']);
});
