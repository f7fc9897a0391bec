// Browser test of a game's exports from its card's "⋯": the rolls and the losses saved as CSV, the
// after-action report opened as a page to print with its maps at the entries typed (and a moment that is
// not an entry said under the field), saved as Markdown; the campaign's CSV from its "⋯". Screenshots at
// 1024x768 are tests/e2e/out/reports-*.png, the printable page among them.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/reports.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

let session;
let page, tid, until, text, dismissNotice, api;
let campaign, game, title;

const ACTIONS = [
  { type: 'roll', expr: '2D6', dice: [3, 4], label: 'Sniper, "lucky" shot' },
  { type: 'initiative', dice: [6, 2] },
  { type: 'choose_order', first: 'allies' },
  { type: 'record_losses', unit: 'boxers-west', count: 4 },
  { type: 'record_losses', unit: 'us-marines', count: 1 },
];

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, dismissNotice, api } = session);
  await page.goto(session.base);
  await tid('games-screen').waitFor();
  campaign = await api('create_campaign', { name: 'Peking, 1900' });
  game = (await api('new_game', { scenario: 'sand-pebbles/legation-wall.toml', seed: '5', campaign: campaign.id, options: null })).id;
  for (const action of ACTIONS) {
    execFileSync(bin, ['game', 'act', '--db', session.db, String(game), JSON.stringify(action)]);
  }
});

after(async () => {
  await session?.close();
});

/** Clicks `testid` and answers the download it starts: its suggested name and its text. */
async function downloadFrom(testid) {
  const [download] = await Promise.all([page.waitForEvent('download'), tid(testid).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

test('the rolls and the losses are saved as CSV from the game card', async () => {
  await page.reload();
  await tid(`open-game-${game}`).waitFor();
  title = (await api('list_games', { campaign: null })).find((g) => g.id === game).scenario_title;
  await tid(`game-more-${game}`).click();
  await tid(`game-reports-${game}`).scrollIntoViewIfNeeded();
  await lookSound(page, 'reports', 'game-more');

  const rolls = await downloadFrom(`game-csv-rolls-${game}`);
  assert.equal(rolls.name, `${title} – game ${game} rolls.csv`);
  const lines = rolls.text.split('\r\n');
  assert.equal(lines[0], 'seq,turn,status,side,unit,action,label,expression,faces,total,dice');
  assert.equal(lines[1], '0,1,in force,,,roll,"Sniper, ""lucky"" shot",2D6,3 4,7,typed');
  assert.equal(await text('notice-message'), `Saved: ${rolls.name}.`);
  await dismissNotice();

  const losses = await downloadFrom(`game-csv-losses-${game}`);
  const rows = losses.text.trim().split('\r\n');
  assert.equal(rows[0], 'seq,turn,side,unit,lost,figures,cause');
  assert.deepEqual(
    rows.slice(1).map((r) => r.split(',').slice(0, 5).join(',')),
    ['3,1,Boxers,Boxers of the West Gate,4', '4,1,Legation Guard,U.S. Marines,1'],
  );
  await dismissNotice();
});

test('the after-action report opens as a page to print with the maps asked for', async () => {
  const field = tid(`game-report-moments-${game}`);
  await field.fill('0, two');
  await tid(`game-report-html-${game}`).click();
  assert.match(await text(`game-report-moments-${game}-error`), /“two” is not an entry number/);
  await lookSound(page, 'reports', 'moment-refused');

  await field.fill('40');
  await tid(`game-report-html-${game}`).click();
  await until('the engine says why', async () => (await tid(`game-report-moments-${game}-error`).count()) > 0);
  assert.match(await text(`game-report-moments-${game}-error`), /^Game \d+ has entries 0 to 4, not 40$/);

  await field.fill('0, 3');
  const [printable] = await Promise.all([page.waitForEvent('popup'), tid(`game-report-html-${game}`).click()]);
  await printable.waitForURL(/^blob:/);
  await printable.locator('h1').waitFor();
  assert.equal((await printable.locator('h1').textContent()).trim(), `After-action report: ${title}`);
  const maps = printable.locator('figure.map img');
  assert.equal(await maps.count(), 2);
  const captions = await printable.locator('figure.map figcaption').allTextContents();
  assert.deepEqual(captions, [
    'The table in turn 1, after entry 0: Sniper, "lucky" shot: 2D6 = 7 [3, 4] (typed)',
    'The table in turn 1, after entry 3: Boxers of the West Gate lost 4 figures',
  ]);
  // Each map decoded and laid out by the browser at its own size, scaled down to the page's width.
  const sizes = await maps.evaluateAll((imgs) => imgs.map((i) => [i.naturalWidth, i.complete && i.naturalHeight > 0]));
  assert.deepEqual(sizes, [
    [1248, true],
    [1248, true],
  ]);
  await printable.setViewportSize({ width: 1024, height: 768 });
  await printable.screenshot({ path: join(out, 'reports-printable-1024x768.png') });
  await maps.nth(1).scrollIntoViewIfNeeded();
  await printable.screenshot({ path: join(out, 'reports-printable-map-1024x768.png') });
  await printable.close();
  assert.equal(await tid('notice').count(), 0, 'opened, so nothing to say');

  await field.fill('');
  const md = await downloadFrom(`game-report-md-${game}`);
  assert.equal(md.name, `${title} – game ${game} report.md`);
  assert.match(md.text, new RegExp(`^# After-action report: ${title}$`, 'm'));
  assert.equal(md.text.match(/\]\(data:image\/png;base64,/g).length, 2, 'as set up and at the end');
  assert.match(md.text, /\| Boxers \| 4 \|/);
  await dismissNotice();
});

test("a campaign's rolls are saved as CSV with the game of each", async () => {
  await tid(`campaign-more-${campaign.id}`).click();
  await lookSound(page, 'reports', 'campaign-more');
  const rolls = await downloadFrom(`campaign-csv-rolls-${campaign.id}`);
  assert.equal(rolls.name, 'Peking, 1900 rolls.csv');
  const lines = rolls.text.trim().split('\r\n');
  assert.equal(lines[0], 'game,seq,turn,status,side,unit,action,label,expression,faces,total,dice');
  assert.ok(lines.slice(1).every((l) => l.startsWith(`${game},`)));
  assert.equal(lines.length, 1 + 1 + 2, 'the free roll and both sides\u2019 initiative dice');
  for (const id of [`campaign-csv-rolls-${campaign.id}`, `campaign-csv-losses-${campaign.id}`, `game-csv-rolls-${game}`, `game-report-html-${game}`]) {
    const box = await tid(id).boundingBox();
    assert.ok(box.height >= 44, `${id} is ${box.height} px tall`);
  }
});
