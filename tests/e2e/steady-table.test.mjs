// The table never moves back and forth while a turn's steps go by, whatever the rule system's bar above it
// shows at each step (a typing form, a longer hint, a card's reason), on a tablet on its side and upright:
// room once given to the bar is kept for the game, and the bar never lies over the table's tools;
// and a result laid over the table leaves the unit that just acted in sight. Dice and cards are typed, so
// every step is the same each run.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { game, legationToTheFire, nativesToTheCharge, newGame } from './play.mjs';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];

/** Each system's game on a fresh database, numbered as opened below; the siege brought to its charge first. */
async function games(db) {
  newGame(db, 'sand-pebbles/legation-wall.toml', 11);
  newGame(db, 'heliograph/cotta-assault.toml', 3);
  newGame(db, 'tests/e2e/fixtures/wec-skirmish.toml', 5);
  newGame(db, 'natives-are-restless/boxer-compound.toml', 7);
  await nativesToTheCharge(game(db, 4).act);
}

/** The table (or a system's own board) on the screen, rounded to the pixel. */
async function board(t) {
  const box = await t.page.locator('[data-testid="table"], [data-testid="grid-table"]').first().boundingBox();
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/**
 * Walks `steps` (each a name and what the player does), checking after each that the board has not come
 * back up or grown back since the last step (room once given to the bar is kept: the table never moves
 * back and forth), that it has not moved sideways, and that the bar lies over none of the table's tools.
 */
async function steady(t, size, system, steps) {
  await t.page.waitForTimeout(300);
  let last = await board(t);
  for (const [name, step] of steps) {
    await step();
    await t.page.waitForTimeout(250);
    const now = await board(t);
    await t.page.screenshot({ path: join(out, `steady-${system}-${name}-${size}.png`) });
    const at = `${system} at ${size}, ${name}`;
    assert.ok(Math.abs(now.x - last.x) <= 2 && Math.abs(now.width - last.width) <= 2, `${at}: the board went sideways, ${JSON.stringify(last)} to ${JSON.stringify(now)}`);
    assert.ok(now.y >= last.y - 2, `${at}: the board came back up from ${last.y} to ${now.y}`);
    assert.ok(now.height <= last.height + 2, `${at}: the board grew back from ${last.height} px tall to ${now.height}`);
    const band = await t.tid('bar-band').boundingBox();
    const bar = await t.tid('bar-band').locator(':scope > *').first().boundingBox();
    assert.ok(bar.y + bar.height <= band.y + band.height + 1, `${at}: the bar (${Math.round(bar.height)} px) lies out of its band (${Math.round(band.height)} px) over the table`);
    last = now;
  }
}

async function open(t, id, bar) {
  await t.page.goto(t.base);
  await t.tid(`open-game-${id}`).click();
  await t.tid(bar).waitFor();
}

for (const { width, height } of SIZES) {
  const size = `${width}x${height}`;

  test(`the table stands still through each system's steps at ${size}`, async () => {
    const t = await launch({ width, height });
    try {
      const { tid, until, text } = t;
      await games(t.db);

      await open(t, 1, 'phase-bar');
      await steady(t, size, 'sand-pebbles', [
        ['type-dice', () => tid('initiative-type').click()],
        ['first-die', async () => {
          await tid('initiative-faces').fill('6');
          await tid('initiative-faces-1').waitFor();
        }],
        ['initiative-done', async () => {
          await tid('initiative-faces-1').fill('1');
          await tid('initiative-use').click();
          await until('the winner to choose', async () => /chooses?$/.test(await text('acting-side')));
        }],
        ['acting', async () => {
          await tid('first-allies').click();
          await until('the allies to move', async () => (await text('acting-side')) === 'Legation Guard');
        }],
      ]);

      await open(t, 2, 'activation-bar');
      await steady(t, size, 'heliograph', [
        ['type-dice', () => tid('initiative-type').click()],
        ['tossed', async () => {
          await t.typeRolls('initiative', '7', '3');
          await tid('initiative-use').click();
          await until('the U.S. column to choose', async () => /chooses/.test(await text('chooser')));
        }],
        ['activated', async () => {
          await t.dismissNotice();
          await tid('activate-mountain-gun').click();
          await until('the gun active', async () => (await text('active-unit')) === 'Mountain gun');
        }],
        ['ended', async () => {
          await tid('end-activation').click();
          await until('the next toss', async () => (await tid('active-unit').count()) === 0);
        }],
      ]);

      await open(t, 3, 'battle-bar');
      await steady(t, size, 'when-empires-clash', [
        ['type-dice', () => tid('initiative-type').click()],
        ['thrown', async () => {
          await t.typeRolls('initiative', '5 6', '3');
          await tid('initiative-use').click();
          await tid('take-initiative').click();
          await tid('throw-activations-type').click();
          await tid('throw-activations-faces').fill('3 4');
          await tid('throw-activations-use').click();
          await until('nine activations', async () => (await text('activations-left')) === '9 left');
        }],
        ['picked', async () => {
          await t.dismissNotice();
          await tid('stand-inf-1').click();
          await tid('activate-inf-1').waitFor();
        }],
        ['acting', async () => {
          await tid('activate-inf-1').click();
          await tid('battle-active').waitFor();
        }],
      ]);

      await open(t, 4, 'siege-bar');
      await steady(t, size, 'natives', [
        ['type-card', () => tid('siege-card-type').click()],
        ['drawn', async () => {
          await tid('siege-card-typed').fill('qs');
          await tid('siege-card-use').click();
          await until('the queen in play', async () => (await tid('siege-card').getAttribute('data-card')) === 'Q♠');
        }],
        ['passed', async () => {
          await t.dismissNotice();
          await tid('siege-pass').click();
          await until('the card played', async () => /card played/.test(await text('siege-side')));
        }],
      ]);
    } finally {
      await t.close();
    }
  });

  test(`a result laid over the table leaves the unit that acted in sight at ${size}`, async () => {
    const t = await launch({ width, height });
    try {
      const { tid, text, page } = t;
      newGame(t.db, 'sand-pebbles/legation-wall.toml', 11);
      const sp = game(t.db, 1);
      for (const action of legationToTheFire({ charge: false })) sp.act(action);
      await open(t, 1, 'phase-bar');

      // The gun boat's Gardner gun, at the table's foot on the canal, fires: the result names it.
      await tid('select-boat-gun').click();
      await tid('fire-open-boat-gun').click();
      await tid('fire-target-boxers-west').click();
      await tid('fire-type').click();
      await tid('fire-faces').fill('2 3 4 5 9 10 11 12 13');
      await tid('fire-use').click();
      await tid('notice').waitFor();
      assert.match(await text('notice-message'), /Monocacy's Gardner gun fire at Boxers of the West Gate/);
      await page.waitForTimeout(250);
      await page.screenshot({ path: join(out, `steady-notice-${size}.png`) });
      const notice = await tid('notice').boundingBox();
      const gun = await tid('unit-boat-gun').boundingBox();
      const apart = notice.y + notice.height <= gun.y || gun.y + gun.height <= notice.y || notice.x + notice.width <= gun.x || gun.x + gun.width <= notice.x;
      assert.ok(apart, `the result ${JSON.stringify(notice)} covers the Gardner gun ${JSON.stringify(gun)}`);

      // A tap on the table goes through to it and takes the result down.
      const table = await tid('table').boundingBox();
      await page.mouse.click(table.x + table.width / 2, table.y + table.height / 2);
      await tid('notice').waitFor({ state: 'detached' });
    } finally {
      await t.close();
    }
  });
}
