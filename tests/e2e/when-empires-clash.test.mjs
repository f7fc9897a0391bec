// Browser end-to-end test of a When Empires Clash! battle on its grid: the initiative thrown with typed
// dice (2D6 against a D12, one box a side), the activations thrown, a stand activated from the grid, moved
// by a tap on a lit square, then a fire combat and a close combat from the combat panel with both sides'
// additions, one struck by the table, the exact odds and typed dice; the recoil the app finds.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';

let session;
let page, tid, until, text, typeRolls, logEntries;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, typeRolls, logEntries } = session);
  // The battle is set up from a scenario file, as `sandtable game new` does at the desk.
  execFileSync(bin, ['game', 'new', join(root, 'tests/e2e/fixtures/wec-skirmish.toml'), '--seed', '5'], {
    env: { ...process.env, SANDTABLE_DB: session.db },
  });
});

after(async () => {
  await session?.close();
});

async function newest() {
  return (await logEntries()).find((e) => !e.undone)?.text ?? '';
}

const snap = (name) => page.screenshot({ path: join(out, `${name}.png`) });
const square = (name) => page.locator(`[data-testid="grid-table"] g.square[data-square="${name}"]`);

test('a When Empires Clash! turn on the grid: initiative, a move, a fire and a close combat', async () => {
  await page.goto(session.base);
  await tid('open-game-1').click();
  await tid('grid-table').waitFor();
  await tid('battle-bar').waitFor();
  assert.equal(await tid('table').count(), 0, 'the grid takes the place of the inch table');
  assert.match(await text('battle-turn'), /^Turn 1 of 12$/);
  // 2D6 against a D12 with ties thrown again: 216 of the 396 untied throws.
  assert.match(await text('initiative-chance-british'), /^55%$/);
  await snap('wec-start');

  await tid('initiative-type').click();
  // A tie (11 each) is thrown again: the form asks for the throw again only once the tie is typed.
  await tid('initiative-faces').fill('5 6');
  await until('the Zulus die asked for', async () => (await text('initiative-roll-1')) === '1 D12 · Zulus');
  await tid('initiative-faces-1').fill('11');
  await until('the throw again asked for', async () => (await text('initiative-roll-2')) === '2 D6 · British again, after a tie');
  await snap('wec-initiative-tie');
  await typeRolls('initiative', '5 6', '11', '5 6', '3');
  await tid('initiative-use').click();
  await until('the initiative thrown', async () => /British 11 against Zulus 3/.test(await newest()));
  await tid('take-initiative').click();
  await tid('throw-activations-type').click();
  await tid('throw-activations-faces').fill('3 4');
  await tid('throw-activations-use').click();
  await until('nine activations', async () => (await text('activations-left')) === '9 left');

  // Picked on the grid, the stand's card offers its activation; active, its legal squares light up.
  await tid('stand-inf-1').click();
  await tid('activate-inf-1').click();
  await until('legal squares lit', async () => (await page.locator('g.square.reach').count()) > 0);
  assert.equal(await square('F8').evaluate((el) => el.classList.contains('reach')), true);
  await snap('wec-legal-squares');
  await square('F9').click();
  await until('the move logged', async () => /24th Foot, A Company moves F10 to F9 \(1 square\)/.test(await newest()));

  // Now two squares from the impi: the combat panel offers the fire, with both sides' lines.
  await tid('combat-panel').waitFor();
  assert.match(await text('combat-lines-mine'), /stand's value \+3/);
  await until('fire odds', async () => /destroyed/.test(await text('combat-odds')));
  await snap('wec-fire-panel');
  // 5 + 5 + 3 = 13 against 4 + 2 = 6: at most half, destroyed.
  await tid('combat-type').click();
  await tid('combat-faces').fill('5 5 4');
  await tid('combat-use').click();
  await until('the fire resolved', async () => /uKhandempemvu Regiment is destroyed/.test(await newest()));

  // The second company closes with the regiment beside it; the table strikes nothing, the Zulus win.
  await tid('stand-inf-2').click();
  await tid('activate-inf-2').click();
  await tid('combat-panel').waitFor();
  await until('close combat offered', async () => /close combat/.test(await text('combat-target-impi-2')));
  await tid('combat-target-impi-2').click();
  assert.match(await text('combat-recoil'), /If iNgobamakhosi Regiment is beaten back: recoils I9 -> /);
  await until('close combat odds', async () => /recoils/.test(await text('combat-odds')));
  await snap('wec-close-combat');
  await tid('combat-type').click();
  await tid('combat-faces').fill('1 1 12');
  await tid('combat-use').click();
  await until('the attacker recoils', async () => /24th Foot, B Company recoils H10 -> H11/.test(await newest()));
  await snap('wec-after-combat');
});

test('at the desk: two armies built and checked, a one-off battle set up by typed dice, and started', async () => {
  await page.goto(session.base);
  await tid('open-desk-when-empires-clash').click();
  await tid('army-screen').waitFor();
  await tid('army-first-list').selectOption('zulu-war--british');
  await tid('army-second-list').selectOption('zulu-war--zulu');
  await until('the British list checked', async () => /36 of 36 points · 14 stands/.test(await text('army-first-check')));
  assert.match(await text('army-first-ok'), /A legal army/);

  // One company more is 39 points: over the agreed 36, said at once; one fewer puts it right.
  await tid('army-first-more-0').click();
  await until('the overspend reported', async () => /39 points: more than the army's 36/.test(await text('army-first-check')));
  await page.screenshot({ path: join(out, 'wec-army-builder.png') });
  await tid('army-first-less-0').click();
  await until('legal again', async () => (await tid('army-first-ok').count()) === 1);
  await tid('army-first-name').fill('Wood’s Column');
  await tid('army-first-save').click();
  await until('saved', async () => (await tid('army-first-list').locator('option', { hasText: '(saved)' }).count()) === 1);

  // Terrain 4 and 2, baselines 3 and 5, depth 2 and 6, commanders 6 and 1.
  await tid('one-off-dice').fill('4 2 3 5 2 6 6 1');
  await tid('throw-set-up').click();
  await tid('one-off-preview').waitFor();
  const preview = await text('one-off-preview');
  assert.match(preview, /Wood’s Column: terrain pieces 4/);
  assert.match(preview, /Commanders: Wood’s Column Exceptional \(3\), Zulu Army Poor \(1\)/);
  await page.screenshot({ path: join(out, 'wec-one-off-setup.png') });
  await tid('start-one-off').click();
  await tid('grid-table').waitFor();
  assert.match(await text('battle-turn'), /^Turn 1 of 12$/);
  await page.screenshot({ path: join(out, 'wec-one-off-battle.png') });
});

test('at the desk: the terrain placed by hand in turn and the baseline chosen, then laid out', async () => {
  await page.goto(session.base);
  await tid('open-desk-when-empires-clash').click();
  await tid('army-first-list').selectOption('zulu-war--british');
  await tid('army-second-list').selectOption('zulu-war--zulu');
  // Terrain 2 and 1 (the British first), the Zulus choose the baseline, depth 2 and 3, commanders 3 and 4.
  await tid('one-off-dice').fill('2 1 1 5 2 3 3 4');
  await tid('throw-set-up').click();
  await tid('place-by-hand').click();
  assert.match(await text('placer-turn'), /^British Army place piece 1 of 3/);
  const cell = (name) => page.locator(`[data-testid="terrain-placer"] rect[data-square="${name}"]`);
  await tid('piece-Wood').click();
  await cell('C5').click();
  assert.match(await text('placer-turn'), /^Zulu Army place piece 2 of 3/);
  await tid('piece-Low hill').click();
  await cell('H5').click();
  await tid('piece-Stone wall').click();
  await cell('K8').click();
  assert.match(await text('placer-turn'), /Zulu Army won the baseline throw: choose your edge/);
  await tid('edge-west').click();
  await page.screenshot({ path: join(out, 'wec-terrain-placed.png') });
  await tid('lay-out').click();
  // The preview thrown before the pieces were placed stays up until the laid-out one comes: wait for its
  // baseline, which only the placed layout has.
  await until('laid out as placed', async () => /Zulu Army chose the west edge/.test(await text('one-off-preview')));
  assert.match(await text('one-off-preview'), /British Army places wood/);
  await tid('start-one-off').click();
  await tid('grid-table').waitFor();
  assert.equal(await page.locator('g.square.woods[data-square="C5"]').count(), 1);
  await page.screenshot({ path: join(out, 'wec-placed-battle.png') });
});
