// Browser test of sharing from the games screen: a game exported from its card's "⋯" as a file another
// Sandtable can read, imported back through "Import a game file…" as a second game that replays to the
// same log, files that are not game files (not JSON, of a newer format, too large) refused with the reason
// and nothing added, and a campaign's report saved as Markdown and opened as a page to print. With the
// panels open, the screen is measured as the sweep measures it (sweep-checks.mjs) at a landscape and an
// upright tablet's size; the screenshots are tests/e2e/out/share-*.png.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/share.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

const CAMPAIGN = 'Boxer Rising';
const NOTES = 3;

let session;
let page, tid, until, text, logTotal, dismissNotice, api;
let campaign, game, title, exported;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, logTotal, dismissNotice, api } = session);
  await page.goto(session.base);
  await tid('games-screen').waitFor();
  campaign = await api('create_campaign', { name: CAMPAIGN });
  const scenario = (await api('list_scenarios'))[0].path;
  game = (await api('new_game', { scenario, seed: '5', campaign: campaign.id, options: null })).id;
  for (let n = 0; n < NOTES; n++) {
    execFileSync(bin, ['game', 'act', '--db', session.db, String(game), JSON.stringify({ type: 'note', text: `evening note ${n}` })]);
  }
});

after(async () => {
  await session?.close();
});


const allGames = () => api('list_games', { campaign: null });

/** A screenshot, and the sweep's measurements of the screen as it stands, which must find nothing. */
const lookAt = (name) => lookSound(page, 'share', name);

/** Clicks `testid` and answers the download it starts: its suggested name and its text. */
async function downloadFrom(testid) {
  const [download] = await Promise.all([page.waitForEvent('download'), tid(testid).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

/** Picks a file for the import as the player would after tapping the button, without the OS dialog. */
async function pickForImport(name, body) {
  await tid('import-game-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) }, { timeout: 60_000 });
}

/** The log total the game screen shows for a game, then back to the games screen. */
async function logTotalOf(id) {
  await tid(`open-game-${id}`).click();
  // At a tablet's size the log is a tab of the side panel, not shown, but its count is in the page.
  await tid('log-total').waitFor({ state: 'attached' });
  const total = await logTotal();
  await page.goto(session.base);
  await tid(`open-game-${id}`).waitFor();
  return total;
}

test('a game exported from its card is a file that imports back as the same game', async () => {
  await page.reload();
  await tid(`open-game-${game}`).waitFor();
  title = await text(`game-title-${game}`);
  const original = (await allGames()).find((g) => g.id === game);
  assert.equal(original.event_count, NOTES);

  await tid(`game-more-${game}`).click();
  await lookAt('game-more');
  const file = await downloadFrom(`game-export-${game}`);
  assert.equal(file.name, `${title} – game ${game}.sandtable.json`);
  exported = JSON.parse(file.text);
  assert.equal(exported.kind, 'sandtable-game');
  assert.equal(exported.format, 1);
  assert.equal(exported.events.length, NOTES);
  assert.equal(await text('notice-message'), `Exported: ${file.name}.`);
  await dismissNotice();

  // Imported while the campaign is shown: the new game is in none, so the list goes to every game to show it.
  await tid(`campaign-${campaign.id}`).click();
  await until('the list to show the campaign', async () => (await tid(`campaign-${campaign.id}`).getAttribute('aria-pressed')) === 'true');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), tid('import-game').click()]);
  assert.deepEqual(await chooser.element().evaluate((el) => [el.dataset.testid, el.accept]), ['import-game-file', '.json,application/json']);
  await chooser.setFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
  await until('the import said', async () => /^Imported:/.test(await text('notice-message')));
  assert.equal(await text('notice-message'), `Imported: ${title} (${NOTES} entries).`);
  assert.equal(await tid('notice').getAttribute('data-tone'), 'info');

  const copy = await until('a second game', async () => (await allGames()).find((g) => g.id !== game));
  assert.equal(copy.scenario_title, original.scenario_title);
  assert.equal(copy.event_count, original.event_count);
  assert.equal(copy.campaign_id ?? null, null, 'filed under no campaign');
  await tid(`open-game-${copy.id}`).waitFor();
  assert.equal(await text(`game-title-${copy.id}`), title);
  assert.match(await text(`open-game-${copy.id}`), new RegExp(`· ${NOTES} events`));
  await lookAt('imported');

  const originalTotal = await logTotalOf(game);
  assert.equal(await logTotalOf(copy.id), originalTotal, 'the copy replays to the same log');
  assert.equal(originalTotal, NOTES);
});

test('a file that is not a game file is refused with the reason, and nothing is added', async () => {
  const before = (await allGames()).length;
  const refusals = [
    ['notes.json', 'evening notes, not a game', /^notes\.json: this is not a Sandtable game file \(it does not read as JSON.*\); nothing was imported\.$/],
    ['newer.sandtable.json', JSON.stringify({ ...exported, format: 2 }), /^newer\.sandtable\.json: this game file was written by a newer Sandtable \(format 2.*update Sandtable to import it; nothing was imported\.$/],
    // Over the limit by a byte is refused before the page reads any of it.
    ['huge.json', Buffer.alloc(32 * 1024 * 1024 + 1, 0x20), /^huge\.json: it is 32\.0 MB, over the 32 MB a game file may be, so it was not read; nothing was imported\.$/],
  ];
  for (const [name, body, said] of refusals) {
    await pickForImport(name, body);
    // Handing 32 MB to the page's file input takes seconds on a busy machine, before the page says a word.
    await until(`the refusal of ${name}`, async () => (await text('notice-message')).startsWith(name), 60_000);
    assert.match(await text('notice-message'), said);
    assert.equal(await tid('notice').getAttribute('data-tone'), 'error');
    assert.equal((await allGames()).length, before, `${name} added no game`);
    if (name === 'newer.sandtable.json') await lookAt('import-refused');
    await dismissNotice();
  }
  assert.equal(await tid('game-list').locator('[data-testid^="open-game-"]').count(), before);
});

test("a campaign's report is saved as Markdown and opened as a page to print", async () => {
  await tid(`campaign-more-${campaign.id}`).click();
  await lookAt('campaign-more');
  const md = await downloadFrom(`campaign-report-md-${campaign.id}`);
  assert.equal(md.name, `${CAMPAIGN}.md`);
  assert.match(md.text, new RegExp(`^# Campaign: ${CAMPAIGN}$`, 'm'));
  assert.match(md.text, new RegExp(`^## 1\\. ${title} \\(`, 'm'), 'names the game');
  assert.match(md.text, /evening note 2/);
  await dismissNotice();

  const [printable] = await Promise.all([page.waitForEvent('popup'), tid(`campaign-report-html-${campaign.id}`).click()]);
  await printable.waitForURL(/^blob:/);
  await printable.locator('h1').waitFor();
  assert.equal((await printable.locator('h1').textContent()).trim(), `Campaign: ${CAMPAIGN}`);
  assert.equal(await printable.title(), `Campaign: ${CAMPAIGN}`);
  await printable.screenshot({ path: join(out, 'share-printable-report.png') });
  await printable.close();
  assert.equal(await tid('notice').count(), 0, 'opened, so nothing to say');
});

test('the share controls sit soundly on a landscape and an upright tablet', async () => {
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${session.base}/?share=${width}x${height}`);
    await tid(`open-game-${game}`).waitFor();
    await tid(`game-more-${game}`).click();
    await tid(`campaign-more-${campaign.id}`).click();
    await lookAt('panels-open');
    await tid(`game-export-${game}`).scrollIntoViewIfNeeded();
    await lookAt('export-in-view');
    for (const id of ['import-game', `game-export-${game}`, `campaign-report-md-${campaign.id}`, `campaign-report-html-${campaign.id}`]) {
      const box = await tid(id).boundingBox();
      assert.ok(box.height >= 44, `${id} is ${box.height} px tall`);
    }
  }
});
