// Browser test of the screens around a game (issue 35): starting a game is one tap to choose and one to
// start, with the chosen scenario, Start game and where the game will be filed on screen together; New game
// keeps the campaign last chosen; a game's notices stay with the game; a log entry with many dice keeps its
// words readable; and the smaller points of the game's header and turn bars. At 1024x768 and 768x1024; the
// screenshots are tests/e2e/out/game-flow-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/game-flow.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { launch, out } from './harness.mjs';

const SIZES = [
  [1024, 768],
  [768, 1024],
];

let session;
let page, tid, until, text, api;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, api } = session);
  await page.goto(session.base);
});

after(async () => {
  await session?.close();
});

const shot = (name, size) => page.screenshot({ path: join(out, `game-flow-${name}-${size}.png`) });

/** Whether the element's centre is on screen and a tap there reaches it (nothing floats over it). */
async function reachable(locator) {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (hit === el || el.contains(hit));
  });
}

async function gamesScreen([w, h]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/#/`);
  await tid('games-screen').waitFor();
  await tid('start-game').waitFor();
}

test('the chosen scenario and Start game are on one screen, and one more tap starts it', async () => {
  const scenarios = await api('list_scenarios');
  // The last card of the list: the one furthest from where Start game used to be.
  const last = scenarios.filter((s) => !s.problem && !s.own).at(-1);
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await gamesScreen([w, h]);
    const card = tid(`scenario-${last.path}`);
    await card.scrollIntoViewIfNeeded();
    await card.click();
    assert.equal(await card.getAttribute('aria-checked'), 'true');
    await page.waitForTimeout(200);
    await shot('chosen-last', size);
    assert.ok(await reachable(card), `${size}: the chosen card is in sight`);
    assert.ok(await reachable(tid('start-game')), `${size}: Start game is in sight and takes a tap beside the chosen card`);
    assert.equal(await text('start-chosen'), last.title, `${size}: the bar names the chosen scenario`);
    assert.ok(await reachable(tid('new-campaign')), `${size}: where the game is filed is in sight`);

    // The first card too, the list scrolled back to its top.
    const first = scenarios[0];
    await tid(`scenario-${first.path}`).scrollIntoViewIfNeeded();
    await tid(`scenario-${first.path}`).click();
    assert.ok(await reachable(tid('start-game')), `${size}: Start game in sight with the first card chosen`);
    assert.equal(await text('start-chosen'), first.title);

    // Its rulings are one tap away from the bar.
    const ruled = scenarios.find((s) => !s.problem && s.options.length > 0);
    await tid(`scenario-${ruled.path}`).scrollIntoViewIfNeeded();
    await tid(`scenario-${ruled.path}`).click();
    await tid('new-options-open').click();
    await until('the rulings in sight', async () => reachable(tid(`option-${ruled.options[0].name}`)));
    await page.waitForTimeout(400);
    await shot('options', size);
    assert.ok(await reachable(tid('start-game')), `${size}: Start game stays in sight beside the rulings`);
  }
  // One tap to start it.
  await gamesScreen(SIZES[0]);
  await tid(`scenario-${last.path}`).scrollIntoViewIfNeeded();
  await tid(`scenario-${last.path}`).click();
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  assert.equal(await text('game-title'), last.title);
});

test('New game keeps the campaign last chosen, and says where the game is filed', async () => {
  const campaign = await api('create_campaign', { name: 'Malakand 1897' });
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await gamesScreen([w, h]);
    await tid('new-campaign').selectOption(String(campaign.id));
    await tid('scenario-natives-are-restless/chakdara-fort.toml').scrollIntoViewIfNeeded();
    await tid('scenario-natives-are-restless/chakdara-fort.toml').click();
    await tid('start-game').click();
    await tid('game-screen').waitFor();
    await tid('back').click();
    await tid('games-screen').waitFor();
    // Back at New game, showing every game: the second battle is filed where the first was.
    await until('the campaign kept', async () => (await tid('new-campaign').inputValue()) === String(campaign.id));
    const shown = await tid('new-campaign').evaluate((s) => s.selectedOptions[0].textContent.trim());
    assert.equal(shown, 'Malakand 1897');
    assert.ok(await reachable(tid('new-campaign')), `${size}: where it is filed is in sight`);
    await shot('filed', size);
    await tid('start-game').click();
    await tid('game-screen').waitFor();
    // "None" said as much, so nobody reads an empty field as a choice not yet made.
    await tid('back').click();
    await tid('games-screen').waitFor();
    await tid('new-campaign').selectOption({ label: 'No campaign' });
    await page.reload();
    await tid('start-game').waitFor();
    await page.waitForTimeout(300);
    assert.equal(await tid('new-campaign').evaluate((s) => s.selectedOptions[0].textContent.trim()), 'No campaign');
  }
  const filed = await api('list_games', { campaign: campaign.id });
  assert.equal(filed.length, 4, 'each size filed both its battles in the campaign');
});

/** Every control, outside the notice, that shows under some point of its box (hit-tested, so a control
 * scrolled out of its list does not count). */
function underNotice() {
  return page.evaluate(() => {
    const notice = document.querySelector('[data-testid="notice"]');
    const n = notice.getBoundingClientRect();
    const found = new Set();
    for (let x = n.left + 2; x < n.right; x += 8)
      for (let y = n.top + 2; y < n.bottom; y += 8)
        for (const el of document.elementsFromPoint(x, y)) {
          const control = el.closest('button, select, input, a');
          if (control && !notice.contains(control)) found.add(control.dataset.testid ?? control.textContent.trim().slice(0, 24));
        }
    return [...found];
  });
}

/** A game of `scenario` started through the engine, opened on its screen. */
async function openGame(scenario, [w, h], ready) {
  const id = (await api('new_game', { scenario, seed: '11', campaign: null, options: null })).id;
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/#/game/${id}`);
  await tid(ready).waitFor();
  return id;
}

/** A notice the player must dismiss, raised in the game: faces typed into the dice tray that are not dice. */
async function raiseGameNotice() {
  await tid('tab-dice').click();
  await tid('dice-type').click();
  await tid('dice-faces').fill('x');
  await tid('dice-submit-faces').click();
  await tid('notice').waitFor();
}

test("a game's notices stay with the game, and a notice elsewhere covers no control", async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await openGame('heliograph/cotta-assault.toml', [w, h], 'activation-bar');
    await raiseGameNotice();
    await tid('back').click();
    await tid('games-screen').waitFor();
    await page.waitForTimeout(200);
    assert.equal(await tid('notice').count(), 0, `${size}: the game's notice followed onto the games list`);

    // Nor onto a campaign's record.
    const campaign = await api('create_campaign', { name: `Notices ${size}` });
    const id = (await api('new_game', { scenario: 'heliograph/cotta-assault.toml', seed: '3', campaign: campaign.id, options: null })).id;
    await page.goto(`${session.base}/#/game/${id}`);
    await tid('activation-bar').waitFor();
    await raiseGameNotice();
    await page.goto(`${session.base}/#/campaign/${campaign.id}`);
    await tid('campaign-record').waitFor();
    await page.waitForTimeout(200);
    assert.equal(await tid('notice').count(), 0, `${size}: the game's notice followed onto the campaign record`);

    // A notice of the games list's own (a seed that is not a number) lies over nothing the player taps.
    await gamesScreen([w, h]);
    await tid('new-seed').fill('not a seed');
    await tid('start-game').click();
    await tid('notice').waitFor();
    await page.waitForTimeout(300);
    await shot('notice-games', size);
    assert.deepEqual(await underNotice(), [], `${size}: the notice lies over controls`);
    assert.ok(await reachable(tid('start-game')), `${size}: Start game takes its tap with the notice up`);
    await tid('new-seed').fill('');
    await session.dismissNotice();
  }
});

test('a notice leaves the When Empires Clash! grid where it was, and a tap on its words reaches the grid', async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await openGame('when-empires-clash/zulu-war.toml', [w, h], 'grid-table');
    await page.waitForTimeout(300);
    const grid = () => tid('grid-table').evaluate((el) => JSON.stringify(el.getBoundingClientRect()));
    await tid('tab-dice').click();
    const before = await grid();
    await raiseGameNotice();
    await page.waitForTimeout(400);
    await shot('wec-notice', size);
    assert.equal(await grid(), before, `${size}: the grid moved or shrank when the notice came`);
    const through = await tid('notice-message').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
      return !!hit?.closest('[data-testid="grid-table"]');
    });
    assert.ok(through, `${size}: the notice's words catch the tap meant for the grid under them`);
    await session.dismissNotice();
    await page.waitForTimeout(300);
    assert.equal(await grid(), before, `${size}: the grid moved when the notice went`);
  }
});

// ---- The photo screen ----

/** A plain grey photo `w` x `h` as PNG bytes: enough to tap four corners on. */
function greyPng(w, h) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(h * (w + 1), 128);
  for (let y = 0; y < h; y++) rows[y * (w + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('the photo keeps its place between Corners, Measure, Reach and Sync', async () => {
  const [pw, ph] = [800, 600];
  const corners = [
    { x: 100, y: 100 },
    { x: 700, y: 120 },
    { x: 720, y: 520 },
    { x: 80, y: 500 },
  ];
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    const id = await openGame('sand-pebbles/legation-wall.toml', [w, h], 'phase-bar');
    await page.goto(`${session.base}/#/game/${id}/photo`);
    await tid('photo-empty').waitFor();
    await tid('photo-file').first().setInputFiles({ name: 'grey.png', mimeType: 'image/png', buffer: greyPng(pw, ph) });
    await tid('photo-image').waitFor();
    await page.waitForTimeout(300);
    for (const c of corners) {
      const box = await tid('photo-image').boundingBox();
      await page.mouse.click(box.x + (c.x * box.width) / pw, box.y + (c.y * box.height) / ph);
    }
    await until('the four corners fitted', async () => !(await tid('photo-mode-measure').isDisabled()));
    await page.waitForTimeout(300);
    const photo = async () => JSON.stringify(await tid('photo-image').boundingBox());
    const atCorners = await photo();
    await shot('photo-corners', size);
    await tid('photo-mode-measure').click();
    await page.waitForTimeout(300);
    await shot('photo-measure', size);
    assert.equal(await photo(), atCorners, `${size}: the photo moved between Corners and Measure`);
    for (const mode of ['overlay', 'sync', 'calibrate']) {
      await tid(`photo-mode-${mode}`).click();
      await page.waitForTimeout(200);
      assert.equal(await photo(), atCorners, `${size}: the photo moved in ${mode}`);
    }
  }
});

// ---- The log ----

test('a log entry with many dice keeps its words in lines, the dice under them', async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    const id = (await api('new_game', { scenario: 'heliograph/cotta-assault.toml', seed: '7', campaign: null, options: null })).id;
    const volley = { type: 'fire', unit: 'company-a', target: 'cotta-riflemen', dice: [9, 1, 9, 1, 1, 9, 1, 1, 1, 1] };
    for (const action of [{ type: 'initiative', dice: [9, 0] }, { type: 'activate', unit: 'company-a' }, volley, { type: 'undo' }, volley, { type: 'morale', unit: 'cotta-riflemen', dice: [1] }]) {
      const answer = await api('game_act', { id, action });
      assert.equal(answer.game, id, JSON.stringify(answer));
    }
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${session.base}/#/game/${id}`);
    await tid('activation-bar').waitFor();
    if (await tid('tab-log').count()) await tid('tab-log').click();
    await tid('log').waitFor();
    await page.waitForTimeout(300);
    await shot('log', size);
    const shapes = await tid('log')
      .locator('[data-testid="log-entry"]')
      .evaluateAll((els) =>
        els
          .filter((el) => el.querySelector('.roll'))
          .map((el) => {
            const words = el.querySelector('.text').getBoundingClientRect();
            const chips = [...el.querySelectorAll('.roll i')].map((i) => i.getBoundingClientRect());
            const lineHeight = Number.parseFloat(getComputedStyle(el.querySelector('.text')).lineHeight) || 20;
            return {
              undone: el.dataset.undone === 'true',
              wordsWidth: words.width,
              entryWidth: el.getBoundingClientRect().width,
              lines: Math.round(words.height / lineHeight),
              words: el.querySelector('.text').textContent.trim().split(/\s+/).length,
              chips: chips.length,
              over: chips.filter((c) => c.left < words.right && words.left < c.right && c.top < words.bottom && words.top < c.bottom).length,
            };
          }),
      );
    const volleys = shapes.filter((s) => s.chips >= 10);
    assert.equal(volleys.length, 2, `${size}: the volley and its undone copy: ${JSON.stringify(shapes)}`);
    for (const v of volleys) {
      const which = `${size}, ${v.undone ? 'undone' : 'in force'}`;
      assert.equal(v.over, 0, `${which}: dice drawn over the words`);
      assert.ok(v.wordsWidth >= v.entryWidth * 0.7, `${which}: the words squeezed to ${v.wordsWidth} of ${v.entryWidth} px`);
      assert.ok(v.lines < v.words / 3, `${which}: ${v.words} words on ${v.lines} lines`);
    }
  }
});

// ---- The game's header and turn bars ----

test("a game's title reads whole in its header", async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    for (const [scenario, ready] of [
      ['heliograph/cotta-assault.toml', 'activation-bar'],
      ['when-empires-clash/zulu-war.toml', 'battle-bar'],
    ]) {
      await openGame(scenario, [w, h], ready);
      await page.waitForTimeout(200);
      const title = await tid('game-title').evaluate((el) => ({
        text: el.textContent.trim(),
        cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        width: el.getBoundingClientRect().width,
      }));
      await page.screenshot({ path: join(out, `game-flow-header-${scenario.split('/')[0]}-${size}.png`), clip: { x: 0, y: 0, width: w, height: 200 } });
      assert.equal(title.cut, false, `${size}: "${title.text}" is cut in ${title.width} px`);
    }
  }
});

test('handing over with activations unused asks first, and Next turn points forward', async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    const id = await openGame('when-empires-clash/zulu-war.toml', [w, h], 'battle-bar');
    for (const action of [
      { type: 'initiative', dice: [6, 6, 1] },
      { type: 'take_initiative', side: 'british' },
      { type: 'throw_activations', dice: [3, 4] },
    ]) {
      const answer = await api('game_act', { id, action });
      assert.equal(answer.game, id, JSON.stringify(answer));
    }
    await page.reload();
    await tid('activations-left').waitFor();
    const left = Number.parseInt(await text('activations-left'), 10);
    assert.ok(left > 0);
    const entries = await session.logTotal();
    assert.match(await text('end-activations'), /Over to Zulus/);
    await tid('end-activations').click();
    await tid('handover-ask').waitFor();
    await shot('handover-ask', size);
    assert.equal(await text('handover-ask'), `British have ${left} activations unused. Hand over to Zulus?`);
    assert.equal(await session.logTotal(), entries, `${size}: the first tap handed over`);
    // Kept: nothing happened, and the side goes on activating.
    await tid('handover-cancel').click();
    assert.equal(await tid('handover-ask').count(), 0);
    assert.equal(await text('activations-left'), `${left} left`);
    // Asked again and answered: the Zulus activate.
    await tid('end-activations').click();
    await tid('handover-confirm').click();
    await until('the Zulus to throw', async () => /Zulus/.test(await text('battle-side')));
    assert.equal(await session.logTotal(), entries + 1);

    // The Zulus throw and end theirs (confirmed), and the turn is over: Next turn's icon points forward.
    await api('game_act', { id, action: { type: 'throw_activations', dice: [5] } });
    await page.reload();
    await tid('end-activations').waitFor();
    await tid('end-activations').click();
    await tid('handover-confirm').click();
    await tid('battle-next-turn').waitFor();
    await shot('next-turn', size);
    const icon = await tid('battle-next-turn').locator('svg path').evaluate((p) => ({
      // A play-forward triangle holds a point near its left-hand base and not one near the right edge.
      nearLeft: p.isPointInFill(new DOMPoint(6, 7)),
      nearRight: p.isPointInFill(new DOMPoint(18, 7)),
    }));
    assert.deepEqual(icon, { nearLeft: true, nearRight: false }, `${size}: Next turn's icon points back`);
  }
});

test('while the host is out of reach, Undo, Redo and every action are off', async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    const id = await openGame('heliograph/cotta-assault.toml', [w, h], 'activation-bar');
    await api('game_act', { id, action: { type: 'initiative', dice: [9, 0] } });
    await page.reload();
    await until('Undo on', async () => !(await tid('undo').isDisabled()));
    // The host goes away and stays away while the screen is read.
    await page.route('**/api/live/**', (route) => route.abort());
    await session.restart();
    await tid('live-reconnecting').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(200);
    await shot('reconnecting', size);
    assert.equal(await tid('undo').isDisabled(), true, `${size}: Undo on while reconnecting`);
    const on = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="game-screen"] fieldset.acts')]
        .filter((f) => f.getClientRects().length > 0)
        .map((f) => f.disabled),
    );
    assert.ok(on.length >= 2 && on.every(Boolean), `${size}: acting panels on while reconnecting: ${on}`);
    // Back: the controls come back by themselves.
    await page.unroute('**/api/live/**');
    await tid('live-reconnecting').waitFor({ state: 'detached', timeout: 20_000 });
    await until('Undo back on', async () => !(await tid('undo').isDisabled()));
  }
});

test("the campaign record has the campaign's report and luck ledger", async () => {
  const campaign = await api('create_campaign', { name: 'Lake Lanao record' });
  const id = (await api('new_game', { scenario: 'heliograph/cotta-assault.toml', seed: '7', campaign: campaign.id, options: null })).id;
  await api('game_act', { id, action: { type: 'initiative', dice: [9, 0] } });
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${session.base}/#/campaign/${campaign.id}`);
    await tid('record-reports').waitFor();
    await tid('record-reports').scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await shot('record-reports', size);
    for (const control of [`campaign-report-md-${campaign.id}`, `campaign-report-html-${campaign.id}`, `campaign-ledger-${campaign.id}`])
      assert.ok(await reachable(tid(control)), `${size}: ${control} in sight on the record`);
    await tid(`campaign-ledger-${campaign.id}`).click();
    await tid('luck-ledger').waitFor();
    await shot('record-ledger', size);
    await tid('luck-ledger-close').click();
    await tid('luck-ledger').waitFor({ state: 'detached' });
  }
});

test('the one-off battle button keeps its words inside its border', async () => {
  for (const [w, h] of SIZES) {
    const size = `${w}x${h}`;
    await gamesScreen([w, h]);
    const desk = tid('open-desk-when-empires-clash');
    await desk.scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
    await desk.screenshot({ path: join(out, `game-flow-desk-button-${size}.png`) });
    const fits = await desk.evaluate((b) => {
      const box = b.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(b);
      const words = range.getBoundingClientRect();
      return {
        inside: words.left >= box.left - 0.5 && words.right <= box.right + 0.5 && words.top >= box.top - 0.5 && words.bottom <= box.bottom + 0.5,
        overflow: b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1,
      };
    });
    assert.deepEqual(fits, { inside: true, overflow: false }, `${size}: the button's words run past its border`);
  }
});
