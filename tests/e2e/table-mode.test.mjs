// Browser end-to-end test of a table in "LAN mode": `sandtable serve --lan`, the host's own browser on
// loopback and two tablets on the machine's LAN address, each its own browser context, on a Heliograph
// ambush whose Moro bands are hidden counters.
//
// - The host opens the game and sits as the referee, who sees the hidden counters whole.
// - A device without the join code is refused (401) with the server's "join this table first".
// - Tablet A joins by the link as the U.S. patrol, tablet B as the Moros; a tablet may not sit as referee.
// - Each device acts in turn (the activation toss, activating, rolling a move) and the others show it by
//   themselves; how long each took is printed.
// - Everything the U.S. tablet's page is sent (every /api/ answer, and its live stream) is searched for the
//   Moros' hidden units' names and kinds: none is there; the Moros' tablet and the referee are sent them.
// - Undo on a tablet undoes for all; the server killed mid-game comes back, and both tablets say they are
//   reconnecting, then catch up by themselves, still joined and in their seats.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/table-mode.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bin, helpers, launch, out, root } from './harness.mjs';

const SCENARIO = 'heliograph/jungle-patrol.toml';
const SIZE = { width: 1024, height: 768 };

// The Moros' hidden units, their names and kinds read from the scenario and its ruleset, so a renamed band
// is still looked for.
const scenarioText = readFileSync(join(root, 'scenarios', SCENARIO), 'utf8');
const rulesetText = readFileSync(join(root, 'scenarios/heliograph/ruleset.toml'), 'utf8');
// Each is shown to a seat that may not know it as "Hidden counter N", id hidden-N, numbered in an order the
// game's seed shuffles (so the test finds which chit is the south band by where it stands).
const HIDDEN = ['north-band', 'south-band', 'riflemen'].map((id) => {
  const block = scenarioText.split('[[units]]').find((b) => new RegExp(`^id = "${id}"$`, 'm').test(b));
  assert.ok(block, `${id} in ${SCENARIO}`);
  assert.match(block, /^hidden = true$/m, `${id} is hidden`);
  const kind = /^kind = "(.+)"$/m.exec(block)[1];
  const kindName = new RegExp(`\\[kinds\\.${kind}\\]\\s*\\nname = "(.+)"`).exec(rulesetText)[1];
  return { id, name: /^name = "(.+)"$/m.exec(block)[1], kind, kindName };
});
// The scenario's ids too, as JSON strings: "riflemen" alone would name what is under the chit.
const SECRETS = [...new Set(HIDDEN.flatMap((u) => [u.name, u.kind, u.kindName, JSON.stringify(u.id)]))];

let session, browser;
/** The three devices: `page`, its helpers, and every /api/ answer its page was sent. */
const dev = {};
let stranger;

/** A device: its own browser context (cookies, storage), its page, and a record of what it was sent. */
async function device(name) {
  const context = await browser.newContext({ viewport: SIZE, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error(`${name} page error:`, e));
  return record(name, context, page);
}

function record(name, context, page) {
  const d = { name, context, page, ...helpers(page), bodies: [], pending: [] };
  page.on('response', (r) => {
    const url = new URL(r.url());
    // The live stream never ends, so its body is read from inside the page instead (`listen`).
    if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/live/')) return;
    d.pending.push(
      r.text().then(
        (body) => d.bodies.push({ url: url.pathname, status: r.status(), sent: r.request().postData(), body }),
        () => {},
      ),
    );
  });
  return d;
}

/** Everything `d`'s page was sent: its /api/ answers so far and what its live stream reader heard. */
async function sent(d) {
  await Promise.allSettled(d.pending);
  const heard = await d.page.evaluate(() => window.__heard ?? '').catch(() => '');
  return { bodies: d.bodies, heard };
}

/**
 * Reads the game's live stream from inside `d`'s page, with its cookies (join code and seat), from the
 * game's first entry on, into `window.__heard`: the raw event stream as the page's EventSource gets it.
 */
async function listen(d, game) {
  await d.page.evaluate(async (id) => {
    window.__heard = '';
    const r = await fetch(`/api/live/${id}`, { headers: { accept: 'text/event-stream' } });
    window.__heardStatus = r.status;
    const reader = r.body.getReader();
    const text = new TextDecoder();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ done: true }));
        if (done) return;
        window.__heard += text.decode(value, { stream: true });
      }
    })();
  }, game);
  assert.equal(await d.page.evaluate(() => window.__heardStatus), 200, `${d.name}'s live stream`);
}

/** A command sent from inside `d`'s page, as its own requests go (its cookies), with extra headers. */
function post(d, command, args, headers = {}) {
  return d.page.evaluate(
    async ({ command, args, headers }) => {
      const r = await fetch(`/api/${command}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(args),
      });
      return { status: r.status, body: await r.text() };
    },
    { command, args, headers },
  );
}

const total = async (d) => Number.parseInt(await d.text('log-total'), 10);
const seatOf = (d) => d.tid('seat').inputValue();
const shot = (d, what) => d.page.screenshot({ path: join(out, `table-mode-${what}.png`) });
const propagation = [];

/**
 * `act` on `actor`; once its own screen shows the new entries, how long until each other device's does,
 * with no reload (their live links alone), timed to ~10 ms.
 */
async function acts(actor, what, act) {
  const others = Object.values(dev).filter((d) => d !== actor);
  const before = await total(actor);
  for (const d of others) assert.equal(await total(d), before, `${d.name} is level with ${actor.name} before: ${what}`);
  await act();
  await actor.until(`${actor.name}'s ${what} answered`, async () => (await total(actor)) > before);
  const answered = Date.now();
  const now = await total(actor);
  const lags = await Promise.all(
    others.map(async (d) => {
      await d.page.waitForFunction(
        (n) => Number.parseInt(document.querySelector('[data-testid="log-total"]')?.textContent ?? '', 10) >= n,
        now,
        { polling: 10, timeout: 5000 },
      );
      return [d.name, Date.now() - answered];
    }),
  );
  const line = `${actor.name}: ${what} -> ${lags.map(([n, ms]) => `${n} ${ms} ms`).join(', ')}`;
  propagation.push(line);
  console.log(`# ${line}`);
  // The live link's promise is "within a moment": far under the two seconds a player would notice.
  for (const [n, ms] of lags) assert.ok(ms < 2000, `${n} heard ${actor.name}'s ${what} after ${ms} ms`);
  for (const d of [actor, ...others]) await d.dismissNotice();
}

before(async () => {
  session = await launch({ ...SIZE, lan: true });
  assert.ok(session.code, 'sandtable serve --lan printed a join code');
  assert.ok(session.lanBase, 'sandtable serve --lan found a room network and printed its join link');
  assert.notEqual(new URL(session.lanBase).hostname, '127.0.0.1');
  browser = session.page.context().browser();
  execFileSync(bin, ['game', 'new', SCENARIO, '--seed', '3'], { env: { ...process.env, SANDTABLE_DB: session.db } });
  dev.host = record('host', session.page.context(), session.page);
  dev.us = await device('us tablet');
  dev.moros = await device('moros tablet');
  stranger = await browser.newContext({ viewport: SIZE, hasTouch: true });
});

after(async () => {
  for (const d of [dev.us, dev.moros]) await d?.context.close();
  await stranger?.close();
  await session?.close();
  if (propagation.length) console.log(`# propagation:\n#   ${propagation.join('\n#   ')}`);
});

test('host, two tablets at two sides: join, seats, live turns, hidden counters, undo and a crash', async () => {
  const { host, us, moros } = dev;
  const { base, lanBase, code } = session;
  const lanPort = new URL(lanBase).port;
  assert.equal(lanPort, new URL(base).port, 'one server, one port');

  // 1. The host, on this machine, opens the game and sits as the referee: the hidden counters by name.
  await host.page.goto(base);
  await host.tid('open-game-1').click();
  await host.tid('activation-bar').waitFor();
  assert.equal(await seatOf(host), 'table', 'a device starts at the whole table');
  assert.match(await host.text('unit-card-hidden-2'), /Hidden counter/, 'the whole table sees a counter');
  assert.deepEqual(
    await host.tid('seat').locator('option').evaluateAll((os) => os.map((o) => o.value)),
    ['table', 'side:us', 'side:moros', 'referee'],
  );
  await host.tid('seat').selectOption('referee');
  for (const u of HIDDEN) {
    await host.until(`the referee to see ${u.name}`, async () => (await host.text(`unit-card-${u.id}`)).includes(u.name));
  }
  assert.equal(await seatOf(host), 'referee');
  await shot(host, 'host-referee');

  // 2. A device without the code: the API says 401 with "join this table first", and so does the page.
  const refused = await stranger.request.post(`${lanBase}/api/list_games`, { data: {}, failOnStatusCode: false });
  assert.equal(refused.status(), 401);
  const why = await refused.json();
  assert.equal(why.kind, 'refused');
  assert.match(why.message, /^join this table first/);
  const strangerPage = await stranger.newPage();
  const opened = await strangerPage.goto(lanBase);
  assert.equal(opened.status(), 401);
  assert.match(await strangerPage.locator('body').innerText(), /join this table first/i);
  await strangerPage.screenshot({ path: join(out, 'table-mode-no-code.png') });
  // A wrong code is told apart from none.
  const wrong = await stranger.request.post(`${lanBase}/api/list_games`, {
    data: {},
    headers: { authorization: 'Bearer ZZZZZZ' },
    failOnStatusCode: false,
  });
  assert.equal(wrong.status(), 401);
  assert.match((await wrong.json()).message, /not this table's/);

  // 3. The host gives each side its own code (Join codes beside the seat, then the side's button), and each
  // tablet joins by its side's link, which opens the game by itself.
  await host.tid('seat-codes').click();
  const codes = {};
  for (const side of ['us', 'moros']) {
    await host.tid(`join-give-${side}`).click();
    codes[side] = (await host.tid(`join-side-${side}`).locator('[data-testid="join-side-code"]').innerText()).trim();
    assert.match(codes[side], /^[A-Z2-9]{6}$/);
  }
  assert.notEqual(codes.us, codes.moros);
  assert.notEqual(codes.us, code);
  await host.page.waitForTimeout(200);
  await shot(host, 'join-sides');
  await host.tid('seat-codes').click();
  for (const [d, side] of [
    [us, 'us'],
    [moros, 'moros'],
  ]) {
    const joined = await d.page.goto(`${lanBase}/?join=${codes[side]}&seat=side:${side}`);
    assert.equal(joined.status(), 200);
    const cookie = (await d.context.cookies()).find((c) => c.name === 'sandtable_join');
    assert.equal(cookie?.value, codes[side], `${d.name} keeps its side's code`);
    assert.ok(cookie.httpOnly, "the page's scripts cannot read the code");
    // The link opens the game its side plays in, not the host's games list, and leaves no code in the address.
    await d.tid('activation-bar').waitFor();
    assert.equal(new URL(d.page.url()).hash, '#/game/1');
    assert.equal(new URL(d.page.url()).searchParams.get('join'), null);
    await d.until(`${d.name} at side:${side}`, async () => (await seatOf(d)) === `side:${side}`);
    // A tablet sits where its code puts it: its picker offers that seat alone, and is not to be changed.
    assert.deepEqual(await d.tid('seat').locator('option').evaluateAll((os) => os.map((o) => o.value)), [`side:${side}`]);
    assert.ok(await d.tid('seat').isDisabled(), `${d.name}'s seat is its code's`);
  }
  // Which chit the south band is, for the U.S.: the one standing where the referee sees the band's leader.
  const whole = JSON.parse((await post(host, 'game_view', { id: 1 })).body);
  const leaderOf = (u) => (u.figures.find((f) => f.role === 'leader') ?? u.figures[0]).pos;
  const bandAt = leaderOf(whole.units.find((u) => u.id === 'south-band'));
  const seenByUs = JSON.parse((await post(us, 'game_view', { id: 1 })).body);
  const chit = seenByUs.units.find((u) => u.masked && Math.hypot(leaderOf(u).x - bandAt.x, leaderOf(u).y - bandAt.y) < 1e-6);
  assert.ok(chit, 'the south band stands as a chit for the U.S.');
  const band = { alias: chit.id, label: chit.name };
  assert.match(band.label, /^Hidden counter \d$/);
  assert.match(await us.text(`unit-card-${band.alias}`), /Hidden counter/);
  await moros.until('the Moros to see their band', async () => (await moros.text('unit-card-south-band')).includes('Juramentado band'));

  // A tablet asking for the referee's seat, or the other side's, is refused by the server (403 on anything it
  // sends asking so; choose_seat says so too), and keeps its seat; a page that only remembers another seat in
  // its cookie is answered for the seat its code gives.
  const asReferee = await post(us, 'game_view', { id: 1 }, { 'x-sandtable-seat': 'referee' });
  assert.equal(asReferee.status, 403);
  assert.match(asReferee.body, /referee's seat is the host's/);
  assert.doesNotMatch(asReferee.body, /Juramentado/);
  const asMoros = await post(us, 'game_view', { id: 1 }, { 'x-sandtable-seat': 'side:moros' });
  assert.equal(asMoros.status, 403);
  assert.match(asMoros.body, /join with that seat's own code/);
  const chosen = await post(us, 'choose_seat', { seat: { seat: 'side', side: 'moros' } });
  assert.equal(chosen.status, 422);
  await us.context.addCookies([{ name: 'sandtable_seat', value: 'side%3Amoros', url: lanBase }]);
  const remembered = await post(us, 'game_view', { id: 1 });
  assert.equal(remembered.status, 200);
  assert.doesNotMatch(remembered.body, /Juramentado/);
  await us.context.addCookies([{ name: 'sandtable_seat', value: 'side%3Aus', url: lanBase }]);
  const still = JSON.parse((await post(us, 'game_view', { id: 1 })).body);
  assert.equal(still.units.find((u) => u.id === band.alias).name, band.label);
  assert.equal(await seatOf(us), 'side:us', 'the picker shows the seat the tablet still has');
  await shot(us, 'us-seat-fixed');

  // The live streams' raw text, read inside the tablets' and the host's pages with their own cookies.
  for (const d of [host, us, moros]) await listen(d, 1);

  // 4. Each acts in turn; the others show it by themselves.
  await acts(us, 'activation toss (U.S. 7, Moros 3)', async () => {
    await us.tid('initiative-type').click();
    await us.typeRolls('initiative', 7, 3);
    await us.tid('initiative-use').click();
  });
  for (const d of [host, moros]) assert.match(await d.text('chooser'), /U\.S\. patrol chooses/);
  await acts(us, 'activate the 1st Squad', () => us.tid('activate-first-squad').click());
  for (const d of [host, moros]) await d.until(`${d.name}: the squad active`, async () => (await d.text('active-unit')) === '1st Squad, 17th Infantry');
  await acts(us, "the 1st Squad's move roll (9 3)", async () => {
    await us.tid('hg-move-first-squad-type').click();
    await us.tid('hg-move-first-squad-faces').fill('9 3');
    await us.tid('hg-move-first-squad-use').click();
  });
  await moros.until('the Moros see the allowance', async () => /clear\/trail 12"/.test(await moros.text('hg-allowance-first-squad')));
  await acts(host, 'end the activation (referee)', () => host.tid('end-activation').click());
  await acts(moros, 'activation toss (U.S. 2, Moros 8+1)', async () => {
    await moros.tid('initiative-type').click();
    await moros.typeRolls('initiative', 2, 8);
    await moros.tid('initiative-use').click();
  });
  for (const d of [host, us]) assert.match(await d.text('chooser'), /Moros choose\b/);
  await acts(moros, 'activate the hidden south band', () => moros.tid('activate-south-band').click());
  await us.until('the U.S. see a counter activate', async () => (await us.text('active-unit')) === band.label);
  await host.until('the referee sees the band', async () => (await host.text('active-unit')) === 'Juramentado band');
  await acts(moros, "the band's move roll (9 9)", async () => {
    await moros.tid('hg-move-south-band-type').click();
    await moros.tid('hg-move-south-band-faces').fill('9 9');
    await moros.tid('hg-move-south-band-use').click();
  });
  await host.until('the referee sees the band may move', async () => (await host.tid('hg-allowance-south-band').count()) === 1);

  // 5. The roster as each side sees it: a counter with "?" to the U.S., the band whole to the Moros.
  const usCard = us.tid(`unit-card-${band.alias}`);
  assert.ok((await usCard.textContent()).includes(band.label));
  assert.match(await usCard.locator('[aria-label="Strength unknown"]').textContent(), /^\s*\?\s*$/);
  assert.equal(await us.tid(`secret-${band.alias}`).count(), 0);
  assert.doesNotMatch(await us.page.locator('body').innerText(), /Juramentado|Datu|Moro riflemen|Moro warriors/);
  const morosCard = moros.tid('unit-card-south-band');
  assert.match(await morosCard.textContent(), /Juramentado band/);
  assert.equal(await moros.text('secret-south-band'), 'Hidden from the enemy');
  assert.equal(await moros.text('alive-south-band'), '8');
  await usCard.scrollIntoViewIfNeeded();
  await morosCard.scrollIntoViewIfNeeded();
  await shot(us, 'us-tablet');
  await shot(moros, 'moros-tablet');
  await shot(host, 'host-referee-live');

  // 6. The U.S. tablet undoes the band's roll: undone on all three.
  await acts(us, 'undo', () => us.tid('undo').click());
  for (const d of [host, us, moros]) {
    await d.until(`${d.name}: the roll undone`, async () => (await d.tid('hg-allowance-south-band').count()) === 0);
    const entries = await d.logEntries();
    const undone = entries.filter((e) => e.undone);
    assert.equal(undone.length, 1, `${d.name}: ${JSON.stringify(entries)}`);
    assert.match(undone[0].text, d === us ? new RegExp(band.label) : /Juramentado band/, `${d.name}: ${undone[0].text}`);
  }
  await shot(moros, 'moros-after-undo');

  // 5, in raw answers: nothing the U.S. tablet was sent names a hidden unit or its kind; the others were.
  // What leaks is gathered here and asserted at the very end, so a leak does not hide the rest.
  const leaks = new Set();
  const checkRaw = async () => {
    // The whole log, and the view, read as the U.S. tablet's page reads them (recorded with the rest).
    for (const d of [us, moros, host]) {
      assert.equal((await post(d, 'game_log', { id: 1, before: null, count: null })).status, 200);
      assert.equal((await post(d, 'game_view', { id: 1 })).status, 200);
    }
    const usSent = await sent(us);
    assert.ok(usSent.bodies.some((b) => b.url === '/api/game_log'), 'the U.S. tablet read the log');
    assert.ok(usSent.bodies.some((b) => b.url === '/api/game_view'), 'the U.S. tablet read the game');
    assert.ok(usSent.bodies.some((b) => b.url === '/api/game_act'), 'and acted on it');
    assert.ok(usSent.heard.includes(`${band.label} activates`), `the U.S. live stream: ${usSent.heard.slice(-500)}`);
    for (const { url, sent: asked, body } of [...usSent.bodies, { url: 'live stream', body: usSent.heard }]) {
      for (const secret of SECRETS) {
        if (body.includes(secret)) leaks.add(`${secret} in ${url} ${asked ?? ''} -> ${body.slice(0, 160)}`);
      }
    }
    for (const d of [moros, host]) {
      const { bodies, heard } = await sent(d);
      const all = bodies.map((b) => b.body).join('\n');
      for (const u of HIDDEN) assert.ok(all.includes(u.name), `${d.name} was sent ${u.name}`);
      assert.ok(heard.includes('Juramentado band activates'), `${d.name}'s live stream names the band`);
    }
    return usSent.bodies.length;
  };
  const checked = await checkRaw();
  console.log(`# the U.S. tablet's answers: ${[...new Set(us.bodies.map((b) => b.url))].join(' ')}`);
  console.log(`# ${checked} answers to the U.S. tablet, and its live stream, searched for ${SECRETS.join(', ')}`);

  // 7. The server dies mid-game and comes back on the same port and database.
  const again = await session.restart();
  assert.equal(again.code, code, 'the join code is kept in the database');
  assert.equal(again.lanBase, lanBase);
  for (const d of [us, moros]) {
    await d.until(`${d.name} says it is reconnecting`, async () => (await d.tid('live-reconnecting').count()) === 1, 15_000);
  }
  await shot(us, 'us-reconnecting');
  for (const d of [host, us, moros]) {
    await d.until(`${d.name} is live again`, async () => (await d.tid('live-reconnecting').count()) === 0, 20_000);
  }
  const hostTotal = await total(host);
  for (const d of [us, moros]) {
    await d.until(`${d.name} has every entry`, async () => (await total(d)) === hostTotal, 10_000);
    // Still joined (the cookie's code is the restarted server's) and still at its side.
    assert.equal((await post(d, 'list_games', {})).status, 200, `${d.name} is still joined`);
    assert.equal(await seatOf(d), d === us ? 'side:us' : 'side:moros');
  }
  assert.equal(await seatOf(host), 'referee');
  // The game goes on after the crash, heard live as before: the Moros roll their band's move again.
  for (const d of [host, us, moros]) await listen(d, 1);
  await acts(moros, "the band's move roll after the restart (8 4)", async () => {
    await moros.tid('hg-move-south-band-type').click();
    await moros.tid('hg-move-south-band-faces').fill('8 4');
    await moros.tid('hg-move-south-band-use').click();
  });
  assert.equal(await us.tid(`unit-card-${band.alias}`).locator('[aria-label="Strength unknown"]').count(), 1);
  await checkRaw();
  await shot(us, 'us-back');
  await shot(moros, 'moros-back');

  // Every answer the U.S. tablet was sent, the odds of the band's move and the live stream included.
  assert.deepEqual([...leaks], [], 'the U.S. tablet was sent a hidden unit\'s name or kind');
});

// A browser opening the table without the code is shown a page that says so, with a box to type it in.
test('a device without the code is shown a page, not the API\'s JSON', async () => {
  const page = await stranger.newPage();
  const opened = await page.goto(session.lanBase);
  assert.equal(opened.status(), 401);
  assert.match(opened.headers()['content-type'] ?? '', /^text\/html/);
  assert.doesNotMatch(await page.locator('body').innerText(), /"kind"/);
  assert.match(await page.locator('body').innerText(), /join this table first/i);
  // Typing the code joins: the app opens.
  await page.locator('input[name="join"]').fill(session.code.toLowerCase());
  await page.locator('button[type="submit"]').click();
  await page.locator('[data-testid="joined-to"]').waitFor();
  await page.close();
});
