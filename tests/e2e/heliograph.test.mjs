// Browser end-to-end test of a Heliograph activation in the real UI, on the Assault on the Cotta: the
// activation toss typed in so the U.S. column wins, the mountain gun activated from its card, its 3"
// blast dragged onto the riflemen on the cotta wall with the odds for that placement, the shot fired with
// typed dice that hit and kill, and the riflemen's morale test that follows. Hidden counters are drawn as
// counters and are not offered as targets. Dice are typed wherever the outcome matters.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

const SCENARIO = 'heliograph/cotta-assault.toml';

let session;
let page, tid, until, text, typeRolls, figures, toClient, logEntries, dismissNotice;

before(async () => {
  session = await launch();
  ({ page, tid, until, text, typeRolls, figures, toClient, logEntries, dismissNotice } = session);
});

after(async () => {
  await session?.close();
});

/** The newest log entry still in force. */
async function newest() {
  return (await logEntries()).find((e) => !e.undone)?.text ?? '';
}

/** Nothing in the side panel or the activation bar is wider than they are: no sideways scrolling. */
async function fitsAcross(size) {
  const over = await page.evaluate(() =>
    [...document.querySelectorAll('aside .panel, [data-testid="prompts"], [data-testid="activation-bar"]')]
      .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className || el.dataset.testid}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  assert.deepEqual(over, [], `content wider than its panel at ${size}`);
}

/** Screenshots at the tablet's two sizes; `focus` is brought back into view on the smaller one. */
async function snap(name, focus) {
  await fitsAcross('1366x1024');
  await page.screenshot({ path: join(out, `${name}.png`) });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(150);
  if (focus) await tid(focus).evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await page.waitForTimeout(100);
  await fitsAcross('1024x768');
  await page.screenshot({ path: join(out, `${name}-1024x768.png`) });
  await page.setViewportSize({ width: 1366, height: 1024 });
  await page.waitForTimeout(150);
}

/** Every button on screen is at least 44 px tall: a finger's width on the tablet. */
async function tapTargetsOk(within) {
  const small = await tid(within)
    .locator('button:visible')
    .evaluateAll((els) => els.map((b) => [b.textContent.trim(), b.getBoundingClientRect().height]).filter(([, h]) => h < 43.5));
  assert.deepEqual(small, [], `buttons under 44 px in ${within}`);
}

test('a Heliograph activation: toss, cannon blast, fire and morale through the UI', async () => {
  await page.goto(session.base);
  await tid(`scenario-${SCENARIO}`).click();
  await tid('new-seed').fill('3');
  await tid('start-game').click();
  await tid('game-screen').waitFor();

  // The activation bar stands where Sand Pebbles has its phase bar; turns end from it, not the header.
  await tid('activation-bar').waitFor();
  assert.equal(await tid('phase-bar').count(), 0);
  assert.equal(await tid('next-turn').count(), 0, 'turns end from the activation bar');
  await until('each side\'s chance on the toss', async () => /U\.S\. column \+0 \d+%/.test(await text('toss-bonus-us')));
  assert.match(await text('toss-bonus-moros'), /Moros of the cotta \+0 \d+%/);
  assert.match(await text('waiting-count'), /^7 units to activate$/);
  assert.match(await text('hg-hint'), /Each side rolls 1 D10 plus its bonus/);

  // The warriors in the jungle are a hidden counter: a "?" chit on the table, no figures, no name.
  // The whole table's screen knows it only by its chit's id.
  const counter = tid('unit-hidden-1');
  assert.equal(await counter.getAttribute('data-hidden'), 'true');
  assert.equal((await figures('hidden-1')).length, 0, 'a hidden counter shows no figures');
  assert.match(await counter.textContent(), /^\s*\?\s*$/);
  assert.match(await tid('unit-card-hidden-1').textContent(), /Hidden counter/);
  assert.doesNotMatch(await tid('unit-card-hidden-1').textContent(), /Warriors in the jungle/);
  assert.equal(await tid('unit-warriors').count(), 0, "not even the scenario's id for it");

  // Nobody activates before the toss.
  assert.equal(await tid('activate-mountain-gun').count(), 0);

  // The toss, typed: one D10 per side (0-9), the U.S. column's 7 against the Moros' 3.
  await tid('initiative-type').click();
  // Each side's die is asked for by name, the second once the first is typed.
  await until('the U.S. die asked for', async () => (await text('initiative-roll-0')) === '1 D10 · U.S. column');
  assert.equal(await tid('initiative-faces-1').count(), 0, 'one box at a time');
  await tid('initiative-faces').fill('7');
  await until('the Moros die asked for', async () => (await text('initiative-roll-1')) === '1 D10 · Moros of the cotta');
  await tid('initiative-faces-1').fill('3');
  await tid('initiative-use').click();
  await until('the U.S. column to choose', async () => /U\.S\. column chooses/.test(await text('chooser')));
  assert.match(await newest(), /Activation toss: U\.S\. column 7 against Moros of the cotta 3: U\.S\. column activates a unit/);
  assert.match(await text('toss-bonus-moros'), /\+1/, 'the loser now has +1 on the next toss');
  await dismissNotice();
  // Only the chooser's units offer Activate.
  assert.equal(await tid('activate-cotta-riflemen').count(), 0);
  assert.ok(await tid('activate-company-a').isEnabled());

  await tid('activate-mountain-gun').click();
  await until('the gun to be active', async () => (await text('active-unit')) === 'Mountain gun');
  assert.equal(await text('active-done'), 'nothing yet');
  assert.match(await text('active-mountain-gun'), /Active · nothing yet/);
  assert.ok(await tid('hg-move-mountain-gun-roll').isEnabled(), 'the gun may roll its move');

  // Fire: the cannon's panel, with the hidden counter left out of the targets.
  await tid('fire-open-mountain-gun').click();
  await tid('fire-panel').waitFor();
  assert.equal(await tid('fire-target-hidden-1').count(), 0, 'a hidden counter is no target');
  assert.doesNotMatch(await tid('fire-panel').textContent(), /Warriors|Hidden counter/);
  await tid('fire-target-cotta-riflemen').click();
  // The 3" blast starts on the riflemen's leader, with the template tool on to drag it.
  await tid('blast').waitFor();
  await until('the blast on the leader', async () => (await text('blast-at')) === '(36.0, 15.0)');
  assert.equal(await tid('table').getAttribute('data-tool'), 'template');
  assert.equal(await tid('template').getAttribute('data-kind'), 'blast');
  assert.match(await text('template-panel'), /Cannon blast 3"/);
  assert.equal(await tid('template-bigger').count(), 0, 'the blast is the size the rules give it');
  await until('the odds at the leader', async () => /each of the 7 figures under the blast dies 50%/.test(await text('fire-odds')));

  // Drag the blast from the open ground below the wall onto it, half an inch west of the leader: six
  // riflemen under it, none on its edge.
  const from = await toClient(33, 22);
  const to = await toClient(35.5, 15);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await until('the blast under the finger', async () => (await text('blast-at')) === '(33.0, 22.0)');
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
  await until('the blast moved', async () => (await text('blast-at')) === '(35.5, 15.0)');
  assert.match(await text('blast-under'), /^6 figures$/);
  await until('the odds for the new placement', async () => /each of the 6 figures under the blast dies 50%/.test(await text('fire-odds')));
  const odds = await text('fire-odds');
  assert.match(odds, /Mountain gun at Riflemen on the wall \(27\.0", long range, 8\+ with target in a fort -1, did not move \+1\)/);
  assert.match(odds, /the shot hits 20%/);
  assert.equal(await tid('fire-odds').locator('.col').count(), 7, 'none to six figures killed');
  await until('the engine count under the template', async () => (await tid('template-under').getAttribute('data-source')) === 'engine');
  assert.equal(await text('template-count-cotta-riflemen'), '6');
  await tapTargetsOk('unit-card-mountain-gun');
  const markers = await tid('unit-card-mountain-gun').locator('.flag-btn').allTextContents();
  assert.deepEqual(markers, ['Activated', 'Routed', 'Jammed', 'Spotted'], "Heliograph's own markers");
  await page.waitForTimeout(400);
  await snap('hg-blast', 'fire-roll');

  // Typed: a 9 to hit, then one D10 per figure under the blast; 5+ kills (5, 7 and 9: three).
  await tid('fire-type').click();
  await until('the fire dice hint', async () => /1 D10 to hit/.test(await text('fire-dice-hint')));
  assert.match(await text('fire-dice-hint'), /then 1 D10 per figure under the blast \(6 now\)/);
  await tid('fire-faces').fill('9 5 0 7 1 9 2');
  await tid('fire-use').click();
  await until('three riflemen down', async () => (await text('alive-cotta-riflemen')) === '7');
  assert.match(
    await newest(),
    /Mountain gun fire at Riflemen on the wall .*: a hit; the 3" blast at \(35\.5, 15\.0\) covers 6 figures: 3 figures killed/,
  );
  assert.match(await text('notice-message'), /3 figures killed/);
  await dismissNotice();
  assert.equal(await text('active-done'), 'fired');
  assert.equal(await tid('fire-open-mountain-gun').count(), 0, 'a unit fires once in its activation');
  assert.equal(await tid('template').count(), 0, 'the blast leaves the table with the fire panel');

  // The riflemen test morale for their casualties: base 60, 3 lost -15, in the cotta +20 = 65%.
  const prompt = tid('prompt-morale-cotta-riflemen');
  await prompt.waitFor();
  assert.match(await text('prompt-text'), /Riflemen on the wall test morale for casualties: base 60 3 lost -15, fort or trench \+20 = 65%/);
  assert.match(await text('prompt-chance'), /65% to pass/);
  await until('the morale odds', async () => /passes 65%/.test(await text('prompt-odds')));
  assert.match(await text('hg-owed'), /Riflemen on the wall test morale/);
  assert.ok(await tid('end-activation').isDisabled(), 'the activation waits for the test');
  await tid('prompt-morale-cotta-riflemen-type').click();
  await until('the morale dice hint', async () => /1 D% \(two D10, 00 = 100\)/.test(await text('prompt-morale-cotta-riflemen-dice-hint')));
  await tapTargetsOk('prompts');
  await page.waitForTimeout(300);
  await snap('hg-morale', 'prompt-morale-cotta-riflemen-use');
  await tid('prompt-morale-cotta-riflemen-faces').fill('40');
  await tid('prompt-morale-cotta-riflemen-use').click();
  await prompt.waitFor({ state: 'detached' });
  assert.match(await newest(), /Riflemen on the wall test morale .* roll 40: pass/);
  await dismissNotice();

  // The activation ends; the next toss gives the Moros their +1.
  await tid('end-activation').click();
  await until('the activation to end', async () => /activation ends/.test(await newest()));
  assert.equal(await tid('active-unit').count(), 0);
  assert.match(await text('waiting-count'), /^6 units to activate$/);
  assert.ok(await tid('roll-initiative').isEnabled());
  const kinds = (await logEntries()).map((e) => e.kind);
  for (const kind of ['initiative', 'activate', 'fire', 'morale', 'end_phase']) {
    assert.ok(kinds.includes(kind), `the log records a ${kind}`);
  }
});

test('Heliograph hidden counters, sighting, jungle movement and the melee sequence through the UI', async () => {
  await page.goto(session.base);
  await tid('scenario-heliograph/jungle-patrol.toml').click();
  await tid('new-seed').fill('5');
  // The table lets the attacker choose the melee's pairings (a named ruling, off by default).
  await tid('option-attacker_pairs').click();
  assert.equal(await tid('option-attacker_pairs').getAttribute('aria-checked'), 'true');
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  await tid('activation-bar').waitFor();
  // Three chits, known to the whole table only as hidden-1 to 3 (north band, south band, riflemen).
  for (const id of ['hidden-1', 'hidden-2', 'hidden-3']) {
    assert.equal(await tid(`unit-${id}`).getAttribute('data-hidden'), 'true', `${id} is a counter`);
  }

  // The U.S. patrol wins the toss and activates the 1st Squad.
  await tid('initiative-type').click();
  await typeRolls('initiative', 7, 3);
  await tid('initiative-use').click();
  await tid('activate-first-squad').click();
  await until('the squad to be active', async () => (await text('active-unit')) === '1st Squad, 17th Infantry');
  await dismissNotice();

  // Sight: one D10 per counter by range from the leader; only the one 23.1" off can be seen (8+).
  await tid('sight-open-first-squad').click();
  await until('the sighting odds', async () => /the counter 23\.1" away is sighted 20%/.test(await text('sight-odds')));
  assert.match(await text('sight-odds'), /the counter 31\.3" away is sighted 0\.0%|the counter 31\.3" away is sighted <0\.1%/);
  await tid('sight-type').click();
  await until('the sighting dice hint', async () => /1 D10 for the counter 23\.1" away \(8\+\)/.test(await text('sight-dice-hint')));
  await tid('sight-faces').fill('9');
  await tid('sight-use').click();
  await until('the counter revealed', async () => /1 counter revealed/.test(await newest()));
  await dismissNotice();
  assert.equal(await tid('unit-north-band').getAttribute('data-hidden'), null);
  assert.equal((await figures('north-band')).length, 12, 'a sighted unit shows its figures');
  assert.match(await tid('unit-card-north-band').textContent(), /Datu's warriors/);
  assert.equal(await tid('sight-open-first-squad').count(), 0, 'one sighting roll per activation');

  // Move: 2 D10 typed 9 and 3: 12" on the trail, 3" (the lowest die) through jungle.
  await tid('hg-move-first-squad-type').click();
  await tid('hg-move-first-squad-faces').fill('9 3');
  await tid('hg-move-first-squad-use').click();
  await until('the allowances', async () => /clear\/trail 12" · jungle 3" \(lowest die\)/.test(await text('hg-allowance-first-squad')));
  assert.equal(await tid('table').getAttribute('data-tool'), 'move');
  assert.match(await text('move-hint'), /leader goes — clear\/trail 12" · jungle 3" \(lowest die\)/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(out, 'hg-move-hint.png') });
  await session.tapTable(19.5, 23);
  await until('the squad to move up the trail', async () => {
    const leader = (await figures('first-squad')).find((f) => f.role === 'leader');
    return Math.abs(leader.x - 19.5) < 0.1;
  });
  assert.match(await newest(), /moved 11\.5" \(clear or trail: the total of \[9, 3\] = 12\)/);
  assert.equal(await text('active-done'), 'sighted · moved');

  // Figures: placed one by one within 6" of the leader, shown by a ring, and formed up into a column.
  await tid('unit-first-squad').locator('[data-role="leader"]').first().waitFor();
  await tid('tool-figures').click();
  await tid('coherency-ring').waitFor();
  assert.match(await text('formation-bar'), /Drag a figure of 1st Squad, 17th Infantry — within 6" of the leader/);
  const squad = await figures('first-squad');
  const leader = squad.find((f) => f.role === 'leader');
  const last = squad[squad.length - 1];
  const from = await toClient(last.x, last.y);
  const to = await toClient(leader.x + 2, leader.y + 3);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await tid('figure-ghost').waitFor();
  assert.match(await tid('placement-guide').textContent(), /3\.6" from leader/);
  await page.screenshot({ path: join(out, 'hg-figure-drag.png') });
  await page.mouse.up();
  await until('the figure to be placed', async () => /put .* away, 3\.6" from the leader/.test(await newest()));
  const placed = (await figures('first-squad')).find((f) => f.id === last.id);
  assert.ok(Math.abs(placed.x - (leader.x + 2)) < 0.05 && Math.abs(placed.y - (leader.y + 3)) < 0.05, JSON.stringify(placed));
  await tid('form-column').click();
  await until('the column', async () => /forms up around its leader, facing \d+°: a column 1" apart/.test(await newest()));
  await snap('hg-figures-column', 'formation-bar');
  // Back into the line it moved in, so the charge that follows meets the squad as it stood.
  await tid('form-line').click();
  await until('the line', async () => /a line 1" apart/.test(await newest()));
  await tid('figures-done').click();
  assert.equal(await tid('table').getAttribute('data-tool'), 'select');

  await tid('end-activation').click();
  await until('the activation to end', async () => /activation ends/.test(await newest()));

  // The Moros win the next toss (8 + their bonus of 1) and charge the squad with the warriors.
  await tid('initiative-type').click();
  await typeRolls('initiative', 2, 8);
  await tid('initiative-use').click();
  await until('the Moros to choose', async () => /Moros choose$/.test(await text('chooser')));
  await dismissNotice();
  assert.ok((await page.locator('[data-testid^="activate-hidden-"]').count()) >= 1, 'a hidden counter can be activated by its side');
  await tid('activate-north-band').click();
  await tid('hg-move-north-band-type').click();
  await tid('hg-move-north-band-faces').fill('9 9');
  await tid('hg-move-north-band-use').click();
  await until('the warriors\' allowances', async () => /clear\/trail 18" · jungle 9" \(highest die\)/.test(await text('hg-allowance-north-band')));
  await tid('charge-open').click();
  assert.match(await text('charge-target-first-squad'), /within reach/);
  await tid('charge-target-first-squad').click();
  assert.match(await text('charge-note'), /tests morale first/);
  await tid('charge-go').click();
  await until('the charge', async () => /Datu's warriors charge 1st Squad, 17th Infantry/.test(await newest()));

  // Melee sequence 1: the defender tests to stand (70%) and holds on a 30.
  await tid('prompt-morale-first-squad').waitFor();
  assert.match(await text('prompt-text'), /tests morale to stand against a charge: base 70 = 70%/);
  assert.match(await text('hg-owed'), /the melee of Datu's warriors against 1st Squad, 17th Infantry \(the defender's morale test\)/);
  await tid('prompt-morale-first-squad-type').click();
  await tid('prompt-morale-first-squad-faces').fill('30');
  await tid('prompt-morale-first-squad-use').click();
  await until('the squad to hold', async () => /rolls 30: holds: it may fire at the charging unit/.test(await newest()));
  await dismissNotice();

  // 2: defensive fire at the chargers alone, or none.
  const card = tid('prompt-defensive-fire');
  await card.waitFor();
  assert.ok(await tid('no-defensive-fire').isEnabled());
  assert.deepEqual(
    await card.locator('[data-testid^="fire-target-"][role="radio"]').evaluateAll((els) => els.map((e) => e.dataset.testid)),
    ['fire-target-north-band'],
  );
  await until('the defensive fire odds', async () => /1st Squad, 17th Infantry at Datu's warriors \(0\.5", short range, 7\+\): 10 D10/.test(await text('fire-odds')));
  await tapTargetsOk('prompt-defensive-fire');
  await page.waitForTimeout(300);
  await snap('hg-defensive-fire', 'no-defensive-fire');
  await tid('fire-type').click();
  await tid('fire-faces').fill('9 9 0 0 0 0 0 0 0 0');
  await tid('fire-use').click();
  await until('two warriors down', async () => (await text('alive-north-band')) === '10');
  await dismissNotice();

  // 3: the chargers test to close (65, 2 of 12 lost at -3 each = 59%) and pass on a 20.
  await tid('prompt-morale-north-band').waitFor();
  assert.match(await text('prompt-text'), /test morale to close into melee: base 65 2 lost -6 = 59%/);
  await tid('prompt-morale-north-band-type').click();
  await tid('prompt-morale-north-band-faces').fill('20');
  await tid('prompt-morale-north-band-use').click();
  await until('the warriors to close', async () => /roll 20: close: melee/.test(await newest()));
  await dismissNotice();

  // 4: the fight, ten one-on-one fights: the warriors win the first three, the squad the other seven.
  const melee = tid('prompt-melee-north-band');
  await melee.waitFor();
  assert.match(await text('prompt-text'), /^Fight the melee: Datu's warriors against 1st Squad, 17th Infantry$/);
  await until('the melee odds', async () => /at least one defender falls/.test(await text('prompt-odds')));
  assert.match(await text('prompt-odds'), /at least one attacker falls/);
  // The attacker may say who fights whom; a pairing that leaves a warrior out while a defender has room is
  // refused in the odds already, and "roster order" puts the engine's pairing back.
  const firstPick = tid('melee-pairs').locator('select').first();
  await firstPick.selectOption((await firstPick.locator('option').nth(1).getAttribute('value')) ?? '');
  await snap('hg-melee-pairs');
  await until('a half-made pairing to be refused', async () => /stand out while a defender has room/.test(await text('prompt-odds-error')));
  await firstPick.selectOption('');
  await until('the roster order again', async () => /at least one defender falls/.test(await text('prompt-odds')));
  assert.equal(await text('prompt-melee-north-band-roll'), 'Fight the melee');
  await page.waitForTimeout(300);
  await snap('hg-melee', 'prompt-melee-north-band-roll');
  await tid('prompt-melee-north-band-type').click();
  await until('the melee dice hint', async () => /1 D10 for the attackers, then 1 D10 for the defender/.test(await text('prompt-melee-north-band-dice-hint')));
  await tid('prompt-melee-north-band-faces').fill(['9 0', '9 0', '9 0', ...Array(7).fill('0 9')].join(' '));
  await tid('prompt-melee-north-band-use').click();
  await until('the melee result', async () => /Melee, Datu's warriors against 1st Squad, 17th Infantry: .*7 attackers and 3 defenders lost; Datu's warriors test morale/.test(await newest()));
  await until('the roster to show the losses', async () => (await text('alive-north-band')) === '3' && (await text('alive-first-squad')) === '7');
  await dismissNotice();
  // The side that lost more tests morale after the melee.
  await tid('prompt-morale-north-band').waitFor();
  assert.match(await text('prompt-text'), /after the melee/);
});
