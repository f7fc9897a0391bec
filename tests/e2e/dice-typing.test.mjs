// Browser test of typing the dice rolled at the table, at a landscape and a portrait tablet: a run of digits
// typed on a number pad with no space key (When Empires Clash!'s initiative, 2 D6 a side) is read one die a
// digit and says so, and the caret goes on to the next side's box once the first side's dice are typed (the
// Zulus' D12 is not split: "12" is one of its faces); in
// Sand Pebbles' initiative the caret leaves the first side's box after its one die; in L'Estate dei Boxers,
// following the Boxers phase by phase, the day's own steps (the event test, the Boxers' entry) take typed dice
// from the day bar, beside Go on, and the dice reach the log as typed. Screenshots: tests/e2e/out/dice-typing-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/dice-typing.test.mjs)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';
import { legationToTheFire, post } from './play.mjs';

const SIZES = [
  [1024, 768],
  [768, 1024],
];

/** A new game of `scenario`, opened in the page. */
async function open(s, scenario, seed = '3') {
  await s.page.goto(s.base);
  await s.tid('games-screen').waitFor();
  const game = await s.api('new_game', { scenario, seed, campaign: null, options: null });
  assert.ok(game.id, JSON.stringify(game));
  await s.page.goto(`${s.base}/#/game/${game.id}`);
  return game.id;
}

/** The test id of the element with the keyboard's focus. */
const focused = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

const shot = (page, name) => page.screenshot({ path: join(out, `dice-typing-${name}-${page.viewportSize().width}x${page.viewportSize().height}.png`) });

/** Every roll in force in the game, as the command line's CSV gives it: its label, faces and whether typed. */
function rolls(db, id) {
  const csv = execFileSync(bin, ['game', 'csv', '--db', db, '--what', 'rolls', String(id)], { encoding: 'utf8' });
  const [head, ...rows] = csv.trim().split(/\r?\n/).map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, '')).slice(0, -1));
  const col = (name) => head.indexOf(name);
  return rows
    .filter((r) => r[col('status')] === 'in force')
    .map((r) => ({ label: r[col('label')], faces: r[col('faces')].split(/\s+/).map(Number), typed: r[col('dice')] === 'typed' }));
}

for (const [width, height] of SIZES) {
  test(`a run of digits is read a die a digit, and the caret goes on to the next side (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid, until, text } = s;
    try {
      await open(s, 'zulu-war');
      await tid('initiative-type').click();
      await tid('initiative-faces').waitFor();
      // A number pad with no space: "34" for the British 2 D6.
      await page.keyboard.type('34');
      await until('the digits read as two dice', async () => (await tid('initiative-read-0').count()) > 0);
      assert.equal(await text('initiative-read-0'), 'Read as 3 4: a die a digit');
      await until('the caret in the Zulus’ box', async () => (await focused(page)) === 'initiative-faces-1');
      await shot(page, 'wec-initiative');
      // The Zulus throw 1 D12: two digits would be one face there, so "9" is typed alone.
      await page.keyboard.type('9');
      await until('the throw ready', async () => await tid('initiative-use').isEnabled());
      await tid('initiative-use').click();
      await tid('initiative-faces').waitFor({ state: 'detached' });
      const thrown = rolls(s.db, 1);
      assert.deepEqual(
        thrown.map((r) => r.faces),
        [[3, 4], [9]],
        JSON.stringify(thrown),
      );
      assert.ok(thrown.every((r) => r.typed));
    } finally {
      await s.close();
    }
  });

  test(`the caret leaves the first side's box once its die is typed (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid, until } = s;
    try {
      await open(s, 'legation-wall');
      await tid('initiative-type').click();
      await tid('initiative-faces').waitFor();
      await page.keyboard.type('4');
      await until('the caret in the second side’s box', async () => (await focused(page)) === 'initiative-faces-1');
      await page.keyboard.type('2');
      await until('the throw ready', async () => await tid('initiative-use').isEnabled());
      await shot(page, 'sp-initiative');
      await page.keyboard.press('Enter');
      await tid('initiative-faces').waitFor({ state: 'detached' });
      assert.deepEqual(
        rolls(s.db, 1).map((r) => r.faces),
        [[4], [2]],
      );
    } finally {
      await s.close();
    }
  });

  test(`the day's own steps take dice typed from the table, phase by phase (${width}x${height})`, async () => {
    const s = await launch({ width, height });
    const { page, tid, until, text } = s;
    try {
      const id = await open(s, 'the-55-days');
      await tid('zone-map').waitFor();
      const stage = () => tid('zone-map').getAttribute('data-stage');
      await tid('estate-advance').click();
      await until('the siege begun', async () => (await stage()) === 'draw');
      await tid('estate-follow').click();
      await until('following', async () => (await tid('estate-follow').getAttribute('aria-pressed')) === 'true');
      await tid('estate-card-type').click();
      await tid('estate-card-typed').fill('KS');
      await tid('estate-card-use').click();
      await until('the event test', async () => (await stage()) === 'event');

      // The event test throws 2 D6: the day bar offers them to be typed beside Go on.
      assert.match(await text('estate-advance'), /Go on/);
      await tid('estate-advance-type').waitFor();
      await shot(page, 'estate-event-bar');
      await tid('estate-advance-type').click();
      await tid('estate-dice-faces').waitFor();
      await until('the event test’s die asked', async () => /event test/.test(await text('estate-dice-roll-0')));
      await shot(page, 'estate-event-boxes');
      // Both dice typed in the first box, with no space: a die a digit, dealt out to the two rolls.
      await page.keyboard.type('34');
      await until('the second die in its own box', async () => (await tid('estate-dice-faces-1').count()) > 0 && (await tid('estate-dice-faces-1').inputValue()) === '4');
      assert.equal(await tid('estate-dice-faces').inputValue(), '3');
      await until('the throw ready', async () => await tid('estate-dice-use').isEnabled());
      await tid('estate-dice-use').click();
      await until('past the event test', async () => (await stage()) !== 'event');

      // Advance on to the Boxers' entry, which throws 1 D6; the boxes stay open for each step that throws.
      while ((await stage()) !== 'attack') {
        if (await tid('estate-dice-faces').count()) await tid('estate-dice').getByRole('button', { name: 'Cancel typing dice' }).click();
        await tid('estate-advance').click();
        await page.waitForTimeout(300);
      }
      if (!(await tid('estate-dice-faces').count())) await tid('estate-advance-type').click();
      await until('the entry roll asked', async () => /entry zone/.test(await text('estate-dice-roll-0')));
      await tid('estate-dice-faces').fill('3');
      await until('the throw ready', async () => await tid('estate-dice-use').isEnabled());
      await shot(page, 'estate-entry');
      await tid('estate-dice-use').click();
      await until('the Boxers in', async () => (await stage()).startsWith('combat'));

      const typed = rolls(s.db, id).filter((r) => r.typed);
      assert.deepEqual(
        typed.map((r) => [r.label, r.faces]),
        [
          ['event test (2D6), first die', [3]],
          ['event test (2D6), second die', [4]],
          ['entry zone (1D6)', [3]],
        ],
      );
      await shot(page, 'estate-combat');
    } finally {
      await s.close();
    }
  });
}

test('faces of two digits typed without a space are said to be more than one die, not misread (1024x768)', async () => {
  const s = await launch({ width: 1024, height: 768 });
  const { page, tid, until } = s;
  try {
    const id = await open(s, 'legation-wall', '11');
    for (const action of legationToTheFire({ charge: false })) await post(s.base, id, action);
    await page.reload();
    await tid('fire-open-us-marines').click();
    await tid('fire-target-boxers-west').click();
    await tid('fire-type').click();
    // The Marines' 10 D20: a keypad with no space gives one long run, which no D20 shows and which, read as
    // a number, is past what can be held exactly.
    await tid('fire-faces').fill('13151617181920121');
    const step = tid('fire-step-0');
    await until('the run said to be several dice', async () => /more than one die/.test(await step.textContent()));
    assert.match(await step.textContent(), /13151617181920121 is more than one die: put a space between the faces, e\.g\. 18 3/);
    assert.ok(await tid('fire-use').isDisabled());
    assert.doesNotMatch(await step.textContent(), /to type/, 'no count of dice still to type while the run is unread');
    await shot(page, 'sp-run-together');
  } finally {
    await s.close();
  }
});
