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
let page, tid, until, text, logEntries;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, logEntries } = session);
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
  await tid('initiative-face-british').fill('5 6');
  await tid('initiative-face-zulus').fill('3');
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
