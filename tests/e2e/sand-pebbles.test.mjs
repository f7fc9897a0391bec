// Browser end-to-end test of the Sand Pebbles turn sequence in the real UI, on the Legation Wall: both
// initiative rolls and the winner's choice, a charge declared from the unit card with its odds, a gun
// boat's choice of movement dice and the distance it owes before the phase may end, a volley
// with its odds panel and a cover override, the morale prompts for the charge and the stand, the melee,
// and the next turn. Dice are typed in wherever the outcome matters, so every number below is certain.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';

const SCENARIO = 'sand-pebbles/legation-wall.toml';

let session;
let page, tid, until, text, logTotal, figures, toClient, pinch, logEntries, dismissNotice;

before(async () => {
  session = await launch();
  ({ page, tid, until, text, logTotal, figures, toClient, pinch, logEntries, dismissNotice } = session);
});

after(async () => {
  await session?.close();
});

/** The newest log entry still in force. */
async function newest() {
  return (await logEntries()).find((e) => !e.undone)?.text ?? '';
}

async function phaseIs(title) {
  await until(`phase "${title}"`, async () => (await text('phase-title')).endsWith(title));
}

/** Types the initiative dice, each side's own D6, and names the side that goes first. */
async function initiative(allies, boxers, first) {
  await tid('initiative-type').click();
  // Each box says which die it takes, in the engine's words, the second once the first is typed.
  await until('the first die asked for', async () => (await text('initiative-roll-0')) === '1 D6 · Legation Guard');
  await tid('initiative-faces').fill(String(allies));
  await until('the second die asked for', async () => (await text('initiative-roll-1')) === '1 D6 · Boxers');
  if (first === 'boxers') await page.screenshot({ path: join(out, 'sp-initiative-typed.png') });
  await tid('initiative-faces-1').fill(String(boxers));
  await tid('initiative-use').click();
  await until('the initiative winner to choose', async () => /chooses?$/.test(await text('acting-side')));
  await tid(`first-${first}`).click();
  await until('the first side to act', async () => !/chooses?$/.test(await text('acting-side')));
  await dismissNotice();
}

async function endPhase() {
  const before = await logTotal();
  await tid('end-phase').click();
  await until('the phase to end', async () => (await logTotal()) === before + 1);
  assert.match(await newest(), /ends; next:/);
}

/**
 * Screenshots at the tablet's two sizes: the big landscape one, then 1024x768. `focus` is the button the
 * app keeps in view; a resize does not scroll, so it is brought back into view as it would be on the
 * smaller screen.
 */
async function snap(name, focus) {
  await page.screenshot({ path: join(out, `${name}.png`) });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForTimeout(150);
  if (focus) await tid(focus).evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(out, `${name}-1024x768.png`) });
  await page.setViewportSize({ width: 1366, height: 1024 });
  await page.waitForTimeout(150);
}

test('a Sand Pebbles turn: charge, fire, morale and melee through the UI', async () => {
  await page.goto(session.base);
  await tid(`scenario-${SCENARIO}`).click();
  await tid('new-seed').fill('11');
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  assert.equal(await tid('next-turn').count(), 0, 'a turn sequence ends turns from the phase bar, not the header');

  // Movement initiative: the Boxers' 5 beats the Legation Guard's 2, and they move first.
  await initiative(2, 5, 'boxers');
  await phaseIs('First side moves and charges');
  assert.match(await text('acting-side'), /^Boxers$/);
  assert.equal(await tid('step-move_first').getAttribute('data-current'), 'true');
  assert.ok(await tid('roll-move-us-marines').isDisabled(), 'the Legation Guard waits for phase B');
  // The canal shows which way it flows, for junks that lose 1D6 going upstream.
  assert.ok((await tid('flow-arrows').locator('line').count()) >= 3, 'flow arrows in the canal');

  // The sword band rolls 24" of movement (typed 6 6 6) and charges the sailors on the wall, 19" away.
  await tid('select-boxers-east').click();
  // The card offers Sand Pebbles' own markers, and no other system's.
  const markers = tid('unit-card-boxers-east').locator('.flag-btn');
  assert.deepEqual(await markers.allTextContents(), ['Pinned', 'Routed']);
  assert.match(await tid('flag-boxers-east-pinned').getAttribute('title'), /may fire, but not move/);
  await tid('type-move-boxers-east').click();
  await until('the movement dice hint', async () => /3 D6/.test(await text('move-dice-hint-boxers-east')));
  await tid('move-boxers-east-faces').fill('6 6 6');
  await tid('move-boxers-east-faces').press('Enter');
  await until('the band\'s movement', async () => /Move 24"/.test(await text('allowance-boxers-east')));
  await tid('charge-open').click();
  const reach = tid('charge-target-rn-sailors');
  assert.ok(await reach.isEnabled());
  assert.match(await reach.textContent(), /within reach/);
  assert.match(await text('charge-target-others'), /Gun boat Monocacy [\d.]+", needs [\d.]+"/, 'those out of reach are named, not offered');
  await reach.click();
  await until('the charge odds', async () => /the charge goes in/.test(await text('charge-odds')));
  const chargeOdds = await text('charge-odds');
  assert.match(chargeOdds, /the defender stands/);
  assert.match(chargeOdds, /the attacker takes the position \d+%/);
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(out, 'sp-charge-odds.png') });
  await tid('charge-go').click();
  await until('the charge in the log', async () => /Sword and spear band charges Royal Navy sailors/.test(await newest()));
  assert.match(await text('charging-boxers-east'), /Charging Royal Navy sailors/);
  assert.match(await tid('unit-card-rn-sailors').textContent(), /pinned/);
  assert.equal(await tid('charge-open').count(), 0, 'a unit charges once a turn');

  await endPhase();
  await phaseIs('Second side moves and charges');
  assert.match(await text('acting-side'), /^Legation Guard$/);

  // B: the gun boat picks how many D6 it moves (2D6+6 here, typed 3 4) and must then steam the 7" of
  // dice before the phase may end; the 6" is optional. Its machine gun, aboard, goes with it.
  // The Gardner gun rides in the boat: no roll, no move, no charge of its own, and a chip that says why.
  assert.match(await text('aboard-boat-gun'), /^aboard Gun boat Monocacy$/);
  assert.equal(await tid('roll-move-boat-gun').count(), 0, 'a gun aboard is not offered Roll move');
  await tid('select-boat-gun').click();
  assert.equal(await tid('type-move-boat-gun').count(), 0);
  assert.equal(await tid('charge-open').count(), 0, 'a gun aboard is not offered Charge');
  assert.ok(await tid('tool-move').isDisabled());
  assert.ok(await tid('roll-move-us-marines').isEnabled(), 'the Marines on the wall may roll');

  await tid('select-gun-boat').click();
  await tid('move-choice-gun-boat').selectOption('2D6+6');
  await tid('type-move-gun-boat').click();
  await tid('move-gun-boat-faces').fill('3 4');
  await tid('move-gun-boat-faces').press('Enter');
  await until('the boat\'s movement', async () => /Move 13" \[3 4\]/.test(await text('allowance-gun-boat')));
  assert.ok(await tid('end-phase').isDisabled(), 'End phase waits for the boat');
  assert.match(await text('phase-owed'), /Gun boat Monocacy must still move 7\.0"/);
  assert.equal(await tid('charge-open').count(), 0, 'a boat may not charge');

  // The move tool shows the boat's path budget, not a ring: what it can reach once turns are paid for
  // (6" per 90 degrees) and the 7" of dice it must cover.
  assert.equal(await tid('move-ring').count(), 0);
  assert.match(await text('move-budget'), /13\.0" left must move 7\.0" turns 6" per 90°/);
  assert.match(await text('move-hint'), /13\.0" left, must move 7\.0"; turns cost 6" per 90°/);

  // A route dragged east 4", then 45 degrees to port: 3" of turning on top of the inches. Zoomed in on
  // the river so the screenshot shows the budget at a readable size.
  const boat = (await figures('gun-boat'))[0];
  const gun = await figures('boat-gun');
  const box = await tid('table').boundingBox();
  await pinch({ x: boat.x + 6, y: boat.y - 2 }, { x: box.x + box.width / 2, y: box.y + box.height * 0.45 });
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, 'sp-ship-reach.png') });
  const start = await toClient(boat.x, boat.y);
  const bend = await toClient(boat.x + 4, boat.y);
  const end = await toClient(boat.x + 6, boat.y - 2);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(bend.x, bend.y, { steps: 6 });
  await until('the budget mid-route', async () => /4\.0" \+ 0\.0" turning = 4\.0" of 13\.0" 9\.0" left · must move 3\.0" more/.test(await text('move-preview-label')));
  await page.mouse.move(end.x, end.y, { steps: 6 });
  const label = await until('the turn in the budget', async () => {
    const t = await text('move-preview-label');
    return /\+ 3\.0" turning = 9\.8" of 13\.0" 3\.2" left · dice covered/.test(t) && t;
  });
  assert.match(await text('turn-cost'), /3\.0"/);
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(out, 'sp-ship-budget.png') });
  await page.mouse.up();
  await until('the boat to move', async () => (await figures('gun-boat'))[0].x > boat.x + 5.9);
  // The engine charged what the tablet showed.
  const chip = await text('allowance-gun-boat');
  const engineLeft = Number(/([\d.]+)" left/.exec(chip)[1]);
  const shownLeft = Number(/([\d.]+)" left ·/.exec(label)[1]);
  assert.ok(Math.abs(engineLeft - shownLeft) <= 0.15, `engine left ${engineLeft}", preview showed ${shownLeft}"`);
  const moved = (await figures('gun-boat'))[0];
  const [dx, dy] = [moved.x - boat.x, moved.y - boat.y];
  assert.ok(Math.abs(dx - 6) < 0.2 && Math.abs(dy + 2) < 0.2, `the boat ends where the route did (${dx}, ${dy})`);
  // The gun aboard goes with the boat and turns with it: each crewman keeps his distance from the boat.
  const apart = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
  assert.ok(
    (await figures('boat-gun')).every((f, i) => Math.abs(apart(f, moved) - apart(gun[i], boat)) < 0.02),
    'the gun aboard moves and turns with the boat',
  );
  await tid('zoom-fit').click();
  await until('End phase to open', async () => tid('end-phase').isEnabled());
  await endPhase();
  await phaseIs('Initiative for fire');

  // Fire initiative: the Legation Guard wins 6 to 1 and fires first.
  await initiative(6, 1, 'allies');
  await phaseIs('First side fires');

  // The Marines fire at the West Gate Boxers, 19.25" off in the open: 10 D20 hitting on 1-7.
  await tid('fire-open-us-marines').click();
  await tid('fire-panel').waitFor();
  await tid('fire-target-boxers-west').click();
  await until('the fire odds', async () => /U\.S\. Marines at Boxers of the West Gate: 10 D20 hitting on 1-7 \(open\)/.test(await text('fire-odds')));
  const fireOdds = await text('fire-odds');
  assert.match(fireOdds, /the leader is killed \d+(\.\d)?%/);
  assert.match(fireOdds, /at least one figure lost/);
  assert.equal(await tid('fire-odds').locator('.col').count(), 11, 'none to ten figures lost');
  assert.match(await text('fire-target-boxers-west'), /19\.2" in range/);
  // Behind walls they would be hit on 1-6; back to the cover the table gives.
  const columns = await tid('fire-cover').locator('option').allTextContents();
  assert.deepEqual(columns.slice(1), ['Open', 'Walls', 'Redoubt or ships', 'Windows or doors'], 'the chart\'s cover columns');
  await tid('fire-cover').selectOption('walls');
  await until('the walls column', async () => /hitting on 1-6 \(walls\)/.test(await text('fire-odds')));
  await tid('fire-cover').selectOption('');
  await until('the open column again', async () => /hitting on 1-7 \(open\)/.test(await text('fire-odds')));
  await page.waitForTimeout(500);
  await snap('sp-fire-odds', 'fire-roll');

  await tid('fire-type').click();
  await until('the fire dice hint', async () => /10 D20 to hit/.test(await text('fire-dice-hint')));
  assert.match(await text('fire-dice-hint'), /then 1 D6 per natural 1 that got through: 6 kills the leader/);
  await page.screenshot({ path: join(out, 'sp-fire-typed.png') });
  // A natural 1 among the D20s: only then is the leader's D6 asked for, beside its own roll.
  await tid('fire-faces').fill('1 3 15 16 17 18 19 20 12 11');
  await until('the leader die asked for', async () => /^1 D6 · natural 1: leader on a 6$/.test(await text('fire-roll-1')));
  assert.ok(await tid('fire-use').isDisabled(), 'not yet: the leader die is owed');
  await tid('fire-faces-1').fill('7');
  await until('a D6 has no 7', async () => /7 is not a face of a D6/.test(await text('fire-problem-1')));
  await page.screenshot({ path: join(out, 'sp-fire-typed-steps.png') });
  await tid('fire-faces-1').fill('3');
  await until('the dice enough', async () => !(await tid('fire-use').isDisabled()));
  await tid('fire-use').click();
  await until('two Boxers down', async () => (await text('alive-boxers-west')) === '10');
  assert.match(await newest(), /U\.S\. Marines fire at Boxers of the West Gate \(19\.2", open, hit on 1-7\): 10 D20, 2 hits: 2 figures lost/);
  assert.match(await text('notice-message'), /2 figures lost/, 'the banner shows what the volley did');
  await dismissNotice();
  assert.match(await text('fire-barred'), /fired this turn/i, 'the panel gives the rules engine\'s reason');
  assert.ok(await tid('fire-open-us-marines').isDisabled());
  assert.match(await text('fired-us-marines'), /Fired/);

  await endPhase();
  await phaseIs('Second side fires');
  await endPhase();

  // E: the band must pass a morale test to finish its charge; the phase cannot close until it has.
  await phaseIs('Morale checks to finish charges');
  const prompt = tid('prompt-morale-boxers-east');
  await prompt.waitFor();
  assert.ok(await tid('end-phase').isDisabled(), 'End phase waits for the test');
  assert.match(await text('phase-owed'), /Sword and spear band tests morale to finish its charge/);
  assert.match(await prompt.textContent(), /passes on 1-4/);
  assert.match(await text('prompt-chance'), /67% to pass/);
  await until('the morale odds', async () => /passes 67%/.test(await text('prompt-odds')));
  await snap('sp-morale-prompt');
  await tid('prompt-morale-boxers-east-type').click();
  await until('the morale dice hint', async () => /^Type 1 D6$/.test(await text('prompt-morale-boxers-east-dice-hint')));
  await tid('prompt-morale-boxers-east-faces').fill('2');
  await tid('prompt-morale-boxers-east-use').click();
  await prompt.waitFor({ state: 'detached' });
  assert.match(await newest(), /rolled 2: passes: the charge goes in/);
  await dismissNotice();
  assert.ok(await tid('end-phase').isEnabled());
  await endPhase();

  // F: the sailors test to stand (1-5 with their leader, widened to 1-6 by the wall they stand on) and roll
  // a 3: the die is still rolled, as the chart has a number there.
  await phaseIs('Morale checks to stand');
  await tid('prompt-morale-rn-sailors').waitFor();
  assert.match(await text('prompt-chance'), /100% to pass/);
  await tid('prompt-morale-rn-sailors-type').click();
  await tid('prompt-morale-rn-sailors-faces').fill('3');
  await tid('prompt-morale-rn-sailors-use').click();
  await tid('prompt-morale-rn-sailors').waitFor({ state: 'detached' });
  assert.match(await newest(), /rolled 3: pass: they stand/);
  await dismissNotice();
  await endPhase();

  // G: the melee, 1D6+18 against 1D6+10 (the wall's +1). Typed: 4 and 3, a rout of 3+4, the loser loses 2, the winner 3/2.
  await phaseIs('Melee');
  const melee = tid('prompt-melee-boxers-east');
  await melee.waitFor();
  assert.ok(await tid('phase-next-turn').isDisabled(), 'the turn waits for the melee');
  await until('the melee odds', async () => /the attacker takes the position/.test(await text('prompt-odds')));
  assert.match(await text('prompt-odds'), /attacker's margin/);
  await page.screenshot({ path: join(out, 'sp-melee-prompt.png') });
  await tid('prompt-melee-boxers-east-type').click();
  await until('the melee dice hint', async () =>
    /^Type 1 D6 for the attacker\s*then 1 D6 for the defender\s*then 2 D6: the loser's rout/.test(await text('prompt-melee-boxers-east-dice-hint')),
  );
  await tid('prompt-melee-boxers-east-faces').fill('4 3 3 4 2 3');
  await tid('prompt-melee-boxers-east-use').click();
  await melee.waitFor({ state: 'detached' });
  assert.match(
    await newest(),
    /Melee: Sword and spear band 22 .* Royal Navy sailors 13 .*defending walls \+1.*Sword and spear band wins and loses 1 figure; Royal Navy sailors rout 7" and lose 2 figures/,
  );
  await until('the roster to show the losses', async () => (await text('alive-rn-sailors')) === '6' && (await text('alive-boxers-east')) === '14');
  await dismissNotice();

  // The melee ends the turn.
  await tid('phase-next-turn').click();
  await until('turn 2', async () => (await text('turn')) === 'Turn 2');
  assert.equal(await tid('step-move_initiative').getAttribute('data-current'), 'true');
  assert.ok(await tid('roll-initiative').isEnabled());
  // The panel shows the newest entries; the whole turn's are paged back in.
  await until('the whole log shown', async () => {
    if (await tid('log-earlier').count()) await tid('log-earlier').click();
    return (await logEntries()).length === (await logTotal());
  });
  const kinds = (await logEntries()).map((e) => e.kind).reverse();
  for (const kind of ['initiative', 'choose_order', 'roll_move', 'charge', 'end_phase', 'fire', 'morale', 'melee', 'next_turn']) {
    assert.ok(kinds.includes(kind), `the log records a ${kind}`);
  }
});
