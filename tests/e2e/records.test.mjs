// Browser test of keeping a campaign's records on the games screen: campaigns made (a name another has in
// any case refused at the field), a new game filed under the campaign the list shows, a game renamed and
// moved between campaigns from its card's "⋯", put away and brought back by the notice's Undo and from the
// Put away section, and a campaign renamed, put away (its games stay) and brought back. Nothing is deleted.
// With the panels open, the screen is measured as the sweep measures it (sweep-checks.mjs) at a landscape
// and an upright tablet's size; the screenshots are tests/e2e/out/records-*.png. The screen's About line
// gives the workspace's version, as `sandtable --version` does.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/records.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, root } from './harness.mjs';
import { lookSound } from './sweep-checks.mjs';

let session;
let page, tid, until, text, dismissNotice, api;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  ({ page, tid, until, text, dismissNotice, api } = session);
});

after(async () => {
  await session?.close();
});


const campaignNamed = async (name) => (await api('list_campaigns')).find((c) => c.name === name);
const gameOnList = async (id) => (await api('list_games', { campaign: null })).find((g) => g.id === id);

/** A screenshot, and the sweep's measurements of the screen as it stands, which must find nothing. */
const lookAt = (name) => lookSound(page, 'records', name);

async function addCampaign(name) {
  await tid('campaign-name').fill(name);
  await tid('create-campaign').click();
}

async function renameGame(id, name) {
  await tid(`game-more-${id}`).click();
  await tid(`game-rename-${id}`).fill(name);
  await tid(`game-rename-${id}`).press('Enter');
}

test('a campaign kept from the games screen: filed, renamed, moved, put away and brought back', async () => {
  await page.goto(session.base);
  await tid('games-screen').waitFor();

  // Two campaigns; a third named as the first in another case is refused, at the field.
  await addCampaign('Boxer Rising');
  await until('the first campaign', () => campaignNamed('Boxer Rising'));
  await addCampaign('boxer RISING');
  await tid('campaign-name-error').waitFor();
  assert.match(await text('campaign-name-error'), /^There is already a campaign named "boxer RISING".*choose another name/);
  assert.equal(await tid('campaign-name').getAttribute('aria-invalid'), 'true');
  await lookAt('campaign-refused');
  await addCampaign('Relief Column');
  await tid('campaign-name-error').waitFor({ state: 'detached' });
  const boxer = await until('the first campaign', () => campaignNamed('Boxer Rising'));
  const relief = await until('the second campaign', () => campaignNamed('Relief Column'));
  assert.equal((await api('list_campaigns')).length, 2, 'the refused name made no campaign');

  // With a campaign shown, a new game is filed under it unless the player picks another.
  await tid(`campaign-${boxer.id}`).click();
  await until('the new game filed under the campaign shown', async () => (await tid('new-campaign').inputValue()) === String(boxer.id));
  await tid(`campaign-${relief.id}`).click();
  await until('and follows the campaign shown', async () => (await tid('new-campaign').inputValue()) === String(relief.id));
  await tid(`campaign-${boxer.id}`).click();
  await until('back to the first', async () => (await tid('new-campaign').inputValue()) === String(boxer.id));
  await tid('start-game').click();
  await tid('game-screen').waitFor();
  const id = Number(/#\/game\/(\d+)/.exec(page.url())[1]);
  assert.equal((await gameOnList(id)).campaign_id, boxer.id, 'list_games files it under the campaign');
  await page.goto(session.base);
  await tid(`open-game-${id}`).waitFor();
  const title = await text(`game-title-${id}`);
  assert.match(await text(`game-system-${id}`), /· Boxer Rising$/);

  // Rename: prefilled with the name; an empty one is refused at the field; Escape leaves it as it was.
  await tid(`game-more-${id}`).click();
  assert.equal(await tid(`game-rename-${id}`).inputValue(), title);
  await tid(`game-rename-${id}`).fill('   ');
  await tid(`game-rename-${id}`).press('Enter');
  await tid(`game-rename-${id}-error`).waitFor();
  assert.match(await text(`game-rename-${id}-error`), /^A game needs a name/);
  await lookAt('game-rename-refused');
  await tid(`game-rename-${id}`).press('Escape');
  await tid(`game-rename-${id}`).waitFor({ state: 'detached' });
  assert.equal((await gameOnList(id)).name, title);
  await renameGame(id, 'Second attempt');
  await tid(`game-rename-${id}`).waitFor({ state: 'detached' });
  await until('the card says the new name', async () => /^Sand Pebbles · Second attempt · Boxer Rising$/.test(await text(`game-system-${id}`)));
  assert.equal(await text(`game-title-${id}`), title, 'the card keeps the scenario title');
  assert.equal((await gameOnList(id)).name, 'Second attempt');

  // Move it to the other campaign; the card's main button still opens the game.
  await tid(`game-more-${id}`).click();
  assert.equal(await tid(`game-move-${id}`).inputValue(), String(boxer.id));
  await tid(`game-move-${id}`).selectOption(String(relief.id));
  await until('the card names the other campaign', async () => /· Relief Column$/.test(await text(`game-system-${id}`)));
  assert.equal((await gameOnList(id)).campaign_id, relief.id);

  // Put away, then Undo from the notice.
  await tid(`game-more-${id}`).click();
  await lookAt('game-more');
  await tid(`game-archive-${id}`).click();
  await tid(`open-game-${id}`).waitFor({ state: 'detached' });
  assert.equal(await text('notice-message'), `Put away: ${title} (Second attempt).`);
  assert.equal(await gameOnList(id), undefined, 'off the list the engine keeps');
  await lookAt('game-put-away');
  await tid('notice-undo').click();
  await tid(`open-game-${id}`).waitFor();
  assert.equal((await gameOnList(id)).archived, false);

  // Put away again; brought back from the Put away section, which is shut until asked and says how many.
  await tid(`game-more-${id}`).click();
  await tid(`game-archive-${id}`).click();
  await tid(`open-game-${id}`).waitFor({ state: 'detached' });
  await dismissNotice();
  assert.equal(await text('archived-toggle'), '› Put away (1)');
  assert.equal(await tid('archived-toggle').getAttribute('aria-expanded'), 'false');
  assert.equal(await tid(`bring-back-game-${id}`).count(), 0);
  await tid('archived-toggle').click();
  await lookAt('put-away-open');
  await tid(`bring-back-game-${id}`).click();
  await tid(`open-game-${id}`).waitFor();
  await tid('archived-toggle').waitFor({ state: 'detached' });
  await dismissNotice();

  // A campaign: renaming it as the other is refused at the field; renamed; put away, its game stays.
  await tid(`campaign-more-${relief.id}`).click();
  assert.equal(await tid(`campaign-rename-${relief.id}`).inputValue(), 'Relief Column');
  await tid(`campaign-rename-${relief.id}`).fill('BOXER rising');
  await tid(`campaign-rename-${relief.id}`).press('Enter');
  await tid(`campaign-rename-${relief.id}-error`).waitFor();
  assert.match(await text(`campaign-rename-${relief.id}-error`), /already a campaign named "BOXER rising".*choose another name/);
  await lookAt('campaign-rename-refused');
  await tid(`campaign-rename-${relief.id}`).fill('Relief of Peking');
  await tid(`campaign-rename-${relief.id}`).press('Enter');
  await until('the chip renamed', async () => /^Relief of Peking/.test(await text(`campaign-${relief.id}`)));
  await until('and the card', async () => /· Relief of Peking$/.test(await text(`game-system-${id}`)));

  await tid(`campaign-${relief.id}`).click();
  await tid(`campaign-more-${relief.id}`).click();
  await tid(`campaign-archive-${relief.id}`).click();
  await tid(`campaign-${relief.id}`).waitFor({ state: 'detached' });
  assert.equal(await text('notice-message'), 'Put away: Relief of Peking.');
  // The list it showed is gone, so it shows every game again, the put-away campaign's included.
  await tid(`open-game-${id}`).waitFor();
  assert.match(await text(`game-system-${id}`), /· Relief of Peking$/);
  assert.equal((await gameOnList(id)).campaign_id, relief.id);
  await tid('notice-undo').click();
  await tid(`campaign-${relief.id}`).waitFor();

  await tid(`campaign-more-${relief.id}`).click();
  await tid(`campaign-archive-${relief.id}`).click();
  await tid(`campaign-${relief.id}`).waitFor({ state: 'detached' });
  await dismissNotice();
  await tid('archived-toggle').click();
  await tid(`bring-back-campaign-${relief.id}`).click();
  await tid(`campaign-${relief.id}`).waitFor();
  assert.equal((await campaignNamed('Relief of Peking')).archived, false);
  await dismissNotice();
});

test('the panels and the Put away section sit soundly on a landscape and an upright tablet', async () => {
  const id = (await api('list_games', { campaign: null }))[0].id;
  const campaign = (await api('list_campaigns'))[0].id;
  // A second game, put away, so the section has something to show.
  const other = await page.evaluate(async () => {
    const r = await fetch('/api/list_scenarios', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    return (await r.json())[0].path;
  });
  const made = await api('new_game', { scenario: other, seed: '7', campaign: null, options: null });
  await api('rename_game', { id: made.id, name: 'A long name given to a game put away for another evening' });
  await api('archive_game', { id: made.id, archived: true });

  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto(`${session.base}/?records=${width}x${height}`);
    await tid(`open-game-${id}`).waitFor();
    await lookAt('games');
    assert.match(await text(`open-game-${id}`), /Open ›$/);

    await tid(`game-more-${id}`).click();
    await tid(`campaign-more-${campaign}`).click();
    await tid('archived-toggle').click();
    await tid(`bring-back-game-${made.id}`).scrollIntoViewIfNeeded();
    await lookAt('everything-open');
    await tid(`game-more-${id}`).scrollIntoViewIfNeeded();
    await lookAt('panels-open');
    // The "⋯" is a finger's width and the card's full height beside it.
    const more = await tid(`game-more-${id}`).boundingBox();
    const card = await tid(`open-game-${id}`).boundingBox();
    assert.ok(more.width >= 44 && more.height >= 44, `the "⋯" is ${more.width}x${more.height}`);
    assert.ok(more.x >= card.x + card.width, 'beside the card, not over it');
  }
});

test("the games screen's About line gives the workspace's one version, the one the command line gives", async () => {
  const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8');
  const version = /\[workspace\.package\][^[]*?\nversion = "([^"]+)"/.exec(cargo)[1];
  const cli = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
  await page.goto(`${session.base}/#/`);
  await tid('about').waitFor();
  assert.equal(await text('about'), `Sandtable ${version} · MIT licence`);
  assert.equal(cli, `sandtable ${version}`);
});
