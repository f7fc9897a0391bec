// How the screen sweep (sweep.test.mjs) brings each rule system's game to the screens met in the middle of
// a game: a fire or combat panel open with its odds, a prompt owed, a melee, the losses, the what-if, and
// the editor with an error in it, and the photo with its corners placed. The game is moved on through the
// command line (play.mjs), with the dice the system tests type, and the panels are opened as a player
// would; each screen is then swept at every size by resizing the one page. Not a test file itself.
//
// Each script gets `t`: `tid`, `until`, `page`, `toClient`; `act(action)` on its game, through the server as another
// device would (the server keeps the game it has open, so the command line would be unseen); `open()` (re)loads the game
// screen after the command line has moved the game on; `screen(name, ready)` sweeps the page as it stands
// at every size, `ready` run after each resize to bring back into view what the screen is about.

import assert from 'node:assert/strict';
import { CORNERS_PX, H, W, tablePhoto } from './photo-table.mjs';
import { estateToTheWallFire, legationToTheFire, nativesToTheCharge } from './play.mjs';

/**
 * Scrolls `locator` into view the way a player can: by the boxes that scroll (overflow auto or scroll)
 * around it, nearest first, never a box that only hides what it cuts off, as scrollIntoView would. Its top
 * is brought in first when it is taller than the box.
 */
function reveal(locator) {
  return locator.first().evaluate((el) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      const s = getComputedStyle(box);
      const scroller = box === document.scrollingElement || /auto|scroll/.test(s.overflowY);
      if (!scroller || box.scrollHeight <= box.clientHeight) continue;
      const r = el.getBoundingClientRect();
      const b = box === document.scrollingElement ? { top: 0, bottom: innerHeight } : box.getBoundingClientRect();
      if (r.top < b.top || r.height > b.bottom - b.top) box.scrollTop += r.top - b.top;
      else if (r.bottom > b.bottom) box.scrollTop += r.bottom - b.bottom;
    }
  });
}

/**
 * The editor with a blank scenario of `system` and a unit put on its table at `at` (inches, clear of the
 * blank's own terrain) whose figures the rules refuse.
 */
async function editorWithError(t, system, at = { x: 20, y: 20 }) {
  const { tid, page } = t;
  // The last system's draft is let go: the editor then offers a new one.
  await page.evaluate(() => localStorage.removeItem('sandtable.editor.draft'));
  await t.load('/editor');
  await tid('editor-system').selectOption(system);
  await tid('editor-start-blank').click();
  await tid('editor-title').waitFor();
  if (await tid('tool-unit').isEnabled()) {
    await tid('tool-unit').click();
    await tid('tool-side').selectOption('0');
    const spot = await t.toClient(at.x, at.y);
    await page.mouse.click(spot.x, spot.y);
    await tid('unit-row-0').waitFor();
    await tid('field-units.0.figures').fill('0');
    await tid('field-units.0.figures').press('Tab');
  } else {
    // A board of squares or zones has no unit tool: the file typed by hand, its title left open.
    await tid('tab-text').click();
    const file = await tid('editor-text').inputValue();
    await tid('editor-text').fill(file.replace(/^title = .*$/m, 'title = "Unfinished'));
  }
  await tid('problem-line').waitFor();
  await t.screen('editor-error', () => reveal(tid('problem-line')));
}

/** The photo of the table opened on the game screen and its four corners tapped. */
async function photoWithCorners(t) {
  const { tid, page, until } = t;
  await tid('open-photo').click();
  await tid('photo-screen').waitFor();
  await tid('photo-file').first().setInputFiles({ name: 'table.png', mimeType: 'image/png', buffer: tablePhoto() });
  await tid('photo-image').waitFor();
  for (const corner of CORNERS_PX) {
    const box = await tid('photo-image').boundingBox();
    await page.mouse.click(box.x + (corner.x * box.width) / W, box.y + (corner.y * box.height) / H);
  }
  await tid('fit-quality').waitFor();
  await tid('fit-grid').waitFor();
  await t.screen('photo-corners');
}

export const MIDGAME = {
  /** The Legation Wall, as sand-pebbles.test.mjs plays it: a charge, the Marines' volley, morale, the melee. */
  'sand-pebbles': {
    scenario: 'sand-pebbles/legation-wall.toml',
    seed: 11,
    async play(t) {
      const { tid, until, act } = t;
      for (const action of legationToTheFire()) await act(action);
      await t.open();
      await tid('fire-open-us-marines').click();
      await tid('fire-target-boxers-west').click();
      await until('the fire odds', async () => /hitting on 1-7/.test(await tid('fire-odds').textContent()));
      await t.screen('fire', () => reveal(tid('fire-odds')));

      await act({ type: 'fire', unit: 'us-marines', target: 'boxers-west', dice: [1, 3, 15, 16, 17, 18, 19, 20, 12, 11, 3] });
      await t.open();
      await t.screen('losses', () => reveal(tid('alive-boxers-west')));

      await act({ type: 'end_phase' });
      await act({ type: 'end_phase' });
      await t.open();
      await tid('prompt-morale-boxers-east').waitFor();
      await until('the morale odds', async () => /passes/.test(await tid('prompt-odds').textContent()));
      await t.screen('prompt', () => reveal(tid('prompt-morale-boxers-east')));

      await act({ type: 'morale', unit: 'boxers-east', dice: [2] });
      await act({ type: 'end_phase' });
      await act({ type: 'morale', unit: 'rn-sailors', dice: [3] });
      await act({ type: 'end_phase' });
      await t.open();
      await tid('prompt-melee-boxers-east').waitFor();
      await until('the melee odds', async () => /attacker takes the position/.test(await tid('prompt-odds').textContent()));
      await t.screen('melee', () => reveal(tid('prompt-melee-boxers-east-roll')));

      await photoWithCorners(t);
      await editorWithError(t, 'sand-pebbles');
    },
  },

  /** The Cotta assault, as heliograph.test.mjs plays it: the mountain gun's blast with its odds, then morale. */
  heliograph: {
    scenario: 'heliograph/cotta-assault.toml',
    seed: 3,
    async play(t) {
      const { tid, until, act } = t;
      await act({ type: 'initiative', dice: [7, 3] });
      await act({ type: 'activate', unit: 'mountain-gun' });
      await t.open();
      await tid('fire-open-mountain-gun').click();
      await tid('fire-target-cotta-riflemen').click();
      await tid('blast').waitFor();
      await until('the fire odds', async () => (await tid('fire-odds').locator('.col').count()) > 0);
      await t.screen('fire', () => reveal(tid('fire-odds')));

      // The blast half an inch west of the leader, over six riflemen: a 9 to hit, then a D10 for each.
      await act({ type: 'fire', unit: 'mountain-gun', target: 'cotta-riflemen', at: { x: 35.5, y: 15 }, dice: [9, 5, 0, 7, 1, 9, 2] });
      await t.open();
      await tid('prompt-morale-cotta-riflemen').waitFor();
      await t.screen('prompt', () => reveal(tid('prompt-morale-cotta-riflemen')));

      await photoWithCorners(t);
      await editorWithError(t, 'heliograph');
    },
  },

  /** The Boxer Compound, as natives.test.mjs plays it: a black queen, the Marines' volley, morale, the melee. */
  'natives-are-restless': {
    scenario: 'natives-are-restless/boxer-compound.toml',
    seed: 7,
    async play(t) {
      const { tid, until, act } = t;
      await nativesToTheCharge(act);
      await act({ type: 'draw_card', card: 'QS' });
      await t.open();
      await tid('select-us-marines').click();
      await tid('siege-fire-open-us-marines').click();
      await tid('siege-fire-target-natives-1').click();
      await until('the fire odds', async () => /at least one kill/.test(await tid('siege-fire-odds').textContent()));
      await t.screen('fire', () => reveal(tid('siege-fire-panel')));

      await act({ type: 'fire', unit: 'us-marines', target: 'natives-1', dice: [1, 1, 1, 1, 1, 1, 2] });
      await t.open();
      await tid('prompt-morale-natives-1').waitFor();
      await t.screen('prompt', () => reveal(tid('prompt-morale-natives-1')));

      await act({ type: 'morale', unit: 'natives-1', dice: [4] });
      await act({ type: 'pass' });
      await t.open();
      await tid('prompt-melee-japanese-marines').waitFor();
      await until('the melee odds', async () => /the natives flee/.test(await tid('prompt-odds').textContent()));
      await t.screen('melee', () => reveal(tid('prompt-melee-japanese-marines-roll')));

      await editorWithError(t, 'natives-are-restless', { x: 8, y: 30 });
    },
  },

  /** The skirmish of when-empires-clash.test.mjs: a fire from the combat panel, a stand destroyed, a close combat. */
  'when-empires-clash': {
    scenario: 'tests/e2e/fixtures/wec-skirmish.toml',
    seed: 5,
    async play(t) {
      const { tid, until, act } = t;
      await act({ type: 'initiative', dice: [5, 6, 11, 5, 6, 3] });
      await act({ type: 'take_initiative', side: 'british' });
      await act({ type: 'throw_activations', dice: [3, 4] });
      await act({ type: 'activate', unit: 'inf-1' });
      await act({ type: 'move_to', unit: 'inf-1', to: 'F9' });
      await t.open();
      await tid('stand-inf-1').click();
      await tid('combat-panel').waitFor();
      await until('the fire odds', async () => /destroyed/.test(await tid('combat-odds').textContent()));
      await t.screen('fire', () => reveal(tid('combat-odds')));

      await act({ type: 'fire', unit: 'inf-1', target: 'impi-1', dice: [5, 5, 4] });
      await t.open();
      await t.screen('losses', () => reveal(tid('unit-card-impi-1')));

      await act({ type: 'activate', unit: 'inf-2' });
      await t.open();
      await tid('stand-inf-2').click();
      await tid('combat-panel').waitFor();
      await tid('combat-target-impi-2').click();
      await until('the close combat odds', async () => /recoils/.test(await tid('combat-odds').textContent()));
      await t.screen('melee', () => reveal(tid('combat-odds')));

      await editorWithError(t, 'when-empires-clash');
    },
  },

  /** The 55 days, as estate-dei-boxers.test.mjs plays it: the wall's fire with its odds, the losses shared out, what if. */
  'estate-dei-boxers': {
    scenario: 'estate-dei-boxers/the-55-days.toml',
    seed: 3,
    async play(t) {
      const { tid, until, act, view } = t;
      await estateToTheWallFire(act, view, ['us-1', 'us-2']);
      await t.open();
      await tid('zone-TW2').click();
      await tid('fire-choices-TW2').waitFor();
      await t.screen('fire', () => reveal(tid('fire-choices-TW2')));

      await act({ type: 'fire', from: 'TW2', target: 'TW2', guns: 'join', dice: [3, 1] });
      await t.open();
      await tid('losses-panel').waitFor();
      await tid('loss-us-1').click();
      await t.screen('losses', () => reveal(tid('losses-panel')));

      // Sandtable shares out the losses, and the day runs on to the next card: the forecast is asked there.
      while ((await view()).stage.stage !== 'draw') await act({ type: 'advance' });
      await t.open();
      if (await tid('zone-close').count()) await tid('zone-close').click();
      await reveal(tid('whatif-ask'));
      await tid('whatif-ask').click();
      await until('the forecast', async () => (await tid('whatif-result').count()) > 0 || (await tid('whatif-error').count()) > 0, 120_000);
      assert.equal(await tid('whatif-error').count(), 0, `no forecast: ${await tid('whatif-error').textContent().catch(() => '')}`);
      await t.screen('what-if', () => reveal(tid('whatif-result')));

      await editorWithError(t, 'estate-dei-boxers');
    },
  },
};
