// Browser end-to-end test of The Natives are Restless Tonight on The Boxer Compound, played card by card
// with typed cards and dice so every step is known: the set-up (the natives' four groups mustered and
// raised) and a group of Boxers charging the Japanese Marines are played through the command line on the
// same database; then in the browser a black queen is typed in, the U.S. Marines fire at a group with the
// odds shown first and a rifle counter spent, the group tests morale, the defenders pass and the melee is
// fought on the queen, a red king brings no melee so the natives roll for reinforcements, and the group
// they bring is raised from the siege bar.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { game, newGame, nativesToTheCharge } from './play.mjs';

let session;
let page, tid, until, text, logEntries, dismissNotice;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, logEntries, dismissNotice } = session);
  newGame(session.db, 'natives-are-restless/boxer-compound.toml', 7);
  await nativesToTheCharge(game(session.db, 1).act);
});

after(async () => {
  await session?.close();
});

async function newest() {
  return (await logEntries()).find((e) => !e.undone)?.text ?? '';
}

const snap = (name) => page.screenshot({ path: join(out, `${name}.png`) });

/** Nothing in the side panel or the siege bar is wider than it is: no sideways scrolling. */
async function fitsAcross(size) {
  const over = await page.evaluate(() =>
    [...document.querySelectorAll('aside .panel, [data-testid="prompts"], [data-testid="siege-bar"]')]
      .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.className || el.dataset.testid}: ${el.scrollWidth} > ${el.clientWidth}`),
  );
  assert.deepEqual(over, [], `content wider than its panel at ${size}`);
}

/** Every button in `within` is at least 44 px tall: a finger's width on the tablet. */
async function tapTargetsOk(within) {
  const small = await tid(within)
    .locator('button:visible')
    .evaluateAll((els) => els.map((b) => [b.textContent.trim(), b.getBoundingClientRect().height]).filter(([, h]) => h < 43.5));
  assert.deepEqual(small, [], `buttons under 44 px in ${within}`);
}

async function typeDice(testid, faces) {
  await tid(`${testid}-type`).click();
  await tid(`${testid}-faces`).fill(faces);
  await tid(`${testid}-use`).click();
}

test('a siege turn card by card: a typed black queen, a volley, morale, a melee, then reinforcements', async () => {
  await page.goto(session.base);
  await tid('open-game-1').click();
  await tid('siege-bar').waitFor();
  assert.equal(await tid('siege-card').getAttribute('data-card'), '6♥');
  assert.match(await text('siege-next'), /^Draw the next card$/);
  assert.match(await text('siege-deck'), /^52 cards · A♠ still in the deck$/);
  assert.match(await text('siege-relief'), /Relief column awaited/);
  assert.equal(await text('siege-rifle'), '20');
  assert.equal(await text('siege-gun'), '5');
  assert.match(await text('reserve-boxer_swordsmen'), /^42 Boxers \(swords and pole arms\)$/);
  assert.match(await text('melee-japanese-marines'), /^In melee with Boxers \(swords and pole arms\) 4$/);
  await fitsAcross('1024x768');
  await tapTargetsOk('siege-bar');
  await snap('nar-start-1024x768');

  // A black queen from the table's own deck: the defenders have two actions, then the melees.
  await tid('siege-card-type').click();
  await tid('siege-card-typed').fill('qs');
  await tid('siege-card-use').click();
  await until('the queen in play', async () => (await tid('siege-card').getAttribute('data-card')) === 'Q♠');
  assert.equal(await text('siege-side'), 'Eight Nations · 2 actions left');
  assert.match(await text('siege-next'), /^The defenders have 2 actions left, then melees or reinforcements$/);
  assert.match(await newest(), /Card 3: Q♠ \(typed\); the defenders take 2 actions/);
  assert.ok(await tid('siege-draw').isDisabled(), 'no card while actions are left');
  await dismissNotice();

  // The Japanese Marines are locked in melee: they may get off a shot at the Boxers they fight while it
  // waits for its card, but not move.
  assert.equal(await tid('siege-fire-open-japanese-marines').count(), 1, 'a shot while the melee waits');
  assert.equal(await tid('siege-move-japanese-marines').count(), 0, 'no move out of a melee');

  // The U.S. Marines fire at the north group: the odds before the dice, then one counter spent.
  assert.match(await text('siege-not-now-us-marines'), /^Not now: combine, crew a gun$/);
  await tid('select-us-marines').click();
  assert.match(await text('siege-barred-us-marines-crew'), /^Crew a gun: U\.S\. Colt machine gun has its full crew/);
  await tapTargetsOk('unit-card-us-marines');
  await snap('nar-unit-actions-1024x768');
  await tid('siege-fire-open-us-marines').click();
  await tid('siege-fire-panel').waitFor();
  assert.equal(await tid('siege-fire-target-natives-4').count(), 0, 'a group in a melee is not offered');
  await tid('siege-fire-target-natives-1').click();
  await until('the fire odds', async () => /at least one kill/.test(await text('siege-fire-odds')));
  const odds = await text('siege-fire-odds');
  assert.match(odds, /U\.S\. Marines: kills \(7 dice at Boxers \(swords and pole arms\) 1 in the open: every 6 points of the total kill one\)/);
  assert.match(odds, /mean 3\.67/);
  assert.match(odds, /hold \(morale, if they test\) 39%/);
  assert.match(await text('siege-fire-ammunition'), /rifle 20 · gun 5/);
  await tid('siege-fire-panel').evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  await fitsAcross('1024x768');
  await snap('nar-fire-odds-1024x768');
  // 1+1+1+1+1+1+2 = 8: one kill in the open.
  await typeDice('siege-fire', '1 1 1 1 1 1 2');
  await until('the volley', async () => /U\.S\. Marines fire: .* a total of 8: 1 killed; ammunition counters left: 19 rifle, 5 gun/.test(await newest()));
  assert.equal(await text('siege-rifle'), '19');
  assert.equal(await text('siege-side'), 'Eight Nations · 1 action left');
  await dismissNotice();

  // The group lost one: it must roll over 1 on a D6 to hold.
  await tid('prompt-morale-natives-1').waitFor();
  assert.match(await text('prompt-morale-natives-1'), /Morale test 83% to hold/);
  assert.match(await text('siege-next'), /Boxers \(swords and pole arms\) 1 test morale/);
  await snap('nar-morale-1024x768');
  await typeDice('prompt-morale-natives-1', '4');
  await until('they hold', async () => /roll 4, over 1 casualty: they hold/.test(await newest()));
  await dismissNotice();

  // The last action given up: on a queen the melee in contact is fought now.
  await tid('siege-pass').click();
  await tid('prompt-melee-japanese-marines').waitFor();
  assert.match(await text('siege-next'), /Fight the melees in contact \(1 left\)/);
  const melee = await text('prompt-melee-japanese-marines');
  // The charge stopped at the west wall, which the Marines' end man holds: they defend it (every 12).
  assert.match(melee, /Melee 100% defenders win/);
  assert.match(melee, /Japanese Marines against Boxers \(swords and pole arms\) 4/);
  await until('the melee odds', async () => /the natives flee \(morale\)/.test(await text('prompt-odds')));
  await dismissNotice();
  await fitsAcross('1024x768');
  // The card's roll is below its odds: the prompt list scrolls to it, as a player would.
  await tid('prompt-melee-japanese-marines-roll').scrollIntoViewIfNeeded();
  await snap('nar-melee-1024x768');
  // 21 against the natives in the open (3 kill), 12 against the marines defending the wall (1), morale 5 over 3.
  await typeDice('prompt-melee-japanese-marines', '3 3 3 3 3 3 3 2 2 2 2 2 2 5');
  await until('the melee fought', async () => /Melee: the defenders roll 21 .* killing 3; .* defending a building or prepared position, killing 1; .* they hold; the defenders win; Boxers \(swords and pole arms\) 4 fall back 8\.0"/.test(await newest()));
  assert.match(await text('siege-next'), /^Draw the next card$/);
  await dismissNotice();

  // A red king and nothing in contact: the natives pass, then roll for reinforcements.
  await tid('siege-card-type').click();
  await tid('siege-card-typed').fill('KH');
  await tid('siege-card-use').click();
  await until('the king in play', async () => (await tid('siege-card').getAttribute('data-card')) === 'K♥');
  assert.equal(await text('siege-side'), 'Boxers · 2 actions left');
  await dismissNotice();
  await tid('siege-pass').click();
  await tid('prompt-reinforce-').waitFor();
  assert.match(await text('prompt-reinforce-'), /Reinforcements 67% a group comes/);
  await until('the reinforcement odds', async () => /a group comes/.test(await text('prompt-odds')));
  await dismissNotice();
  await snap('nar-reinforce-1024x768');
  // A 2: the east edge; 3 and 4 on the average dice and a 2: seven basic troops.
  await typeDice('prompt-reinforce-', '2 3 4 2');
  await until('the group rolled', async () => /Reinforcements: a 2 on the D6 brings a group on the east edge \(2\): \[3, 4\] and a 2: 7 basic troops/.test(await newest()));
  assert.match(await text('pending-0'), /^edge 2: 7 basic$/);
  assert.ok(await tid('siege-draw').count() === 0, 'the group is placed before the next card');
  await dismissNotice();
  await tapTargetsOk('siege-bar');
  await snap('nar-raise-1024x768');
  await tid('raise').click();
  await until('the group on the table', async () => /Boxers \(swords and pole arms\) 5 arrive on the east edge: 7 figures/.test(await newest()));
  await tid('unit-card-natives-5').waitFor();
  assert.match(await text('reserve-boxer_swordsmen'), /^35 /);
  assert.ok(await tid('siege-draw').isEnabled());
  await dismissNotice();

  // The bar on a portrait tablet: the buttons under the siege's state, nothing cut off.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.waitForTimeout(200);
  await fitsAcross('768x1024');
  await tapTargetsOk('siege-bar');
  await page.screenshot({ path: join(out, 'nar-portrait-768x1024.png') });
  await tid('siege-bar').screenshot({ path: join(out, 'nar-bar-portrait-768x1024.png') });
});
