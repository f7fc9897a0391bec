// Browser test that a unit's range ring is for aiming its volley: drawn while the Marines pick a target on
// the Legation Wall, taken up with the tape once the volley is fired (they may not fire again this turn),
// and drawn again when the player picks another unit and comes back to them. Screenshots of both are kept
// in tests/e2e/out/fire-ring/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/fire-ring.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { legationToTheFire, newGame, post } from './play.mjs';

const shots = join(out, 'fire-ring');
let session;

before(async () => {
  mkdirSync(shots, { recursive: true });
  session = await launch({ width: 1024, height: 768 });
});
after(async () => session?.close());

test('the range ring and the tape are taken up once the volley is fired', async () => {
  const { page, tid, until } = session;
  newGame(session.db, 'sand-pebbles/legation-wall.toml', 11);
  for (const action of legationToTheFire()) await post(session.base, 1, action);
  await page.goto(`${session.base}/#/game/1`);
  await tid('game-screen').waitFor();
  await tid('fire-open-us-marines').click();
  await tid('fire-target-boxers-west').click();
  await until('the fire odds', async () => /hitting on 1-7/.test(await tid('fire-odds').textContent()));
  const ring = () => tid('range-ring').count();
  const rangeWords = () => page.locator('[data-testid="table"] text', { hasText: 'Rifle (Marines) 24"' }).count();
  assert.equal(await ring(), 1, 'the Marines\' reach is drawn while they aim');
  assert.equal(await rangeWords(), 1);
  assert.equal(await page.locator('[data-testid="table"] text', { hasText: '· in range' }).count(), 1, 'and the tape to the target');
  await page.screenshot({ path: join(shots, 'aiming.png') });

  await tid('fire-type').click();
  await tid('fire-faces').fill('1 3 15 16 17 18 19 20 12 11 3');
  await tid('fire-use').click();
  await until('the volley in the log', async () => /U\.S\. Marines fire at Boxers of the West Gate/.test(await tid('log').first().textContent()));
  await until('the ring taken up', async () => (await ring()) === 0);
  assert.equal(await rangeWords(), 0, 'nor its caption');
  assert.equal(await page.locator('[data-testid="table"] text', { hasText: '· in range' }).count(), 0, 'nor the tape');
  assert.match(await tid('fire-barred').textContent(), /already fired/);
  await page.screenshot({ path: join(shots, 'fired.png') });

  // Looking at the Marines again is looking at them afresh: their reach is shown.
  await tid('select-tiger-men').click();
  await tid('select-us-marines').click();
  await until('the ring drawn again', async () => (await ring()) === 1);
});

test("a ring's words keep off other units' figures", async () => {
  const { page, tid } = session;
  await page.goto(`${session.base}/#/game/1`);
  await tid('game-screen').waitFor();
  // The Boxers of the West Gate's muskets reach 18" north, to the wall the Marines stand on: the words at the
  // ring's top would lie over the Marines.
  await tid('select-boxers-west').click();
  const words = page.locator('[data-testid="range-ring"] text', { hasText: 'Musket (Boxers) 18"' });
  await words.waitFor();
  const box = await words.boundingBox();
  const under = await page.locator('[data-testid="table"] [data-figure]').evaluateAll(
    (els, b) =>
      els
        .filter((el) => !el.closest('[data-testid="unit-boxers-west"]'))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.x < b.x + b.width && b.x < r.x + r.width && r.y < b.y + b.height && b.y < r.y + r.height;
        })
        .map((el) => el.closest('[data-testid^="unit-"]').dataset.testid),
    box,
  );
  await page.screenshot({ path: join(shots, 'ring-words.png') });
  assert.deepEqual([...new Set(under)], [], 'the range words lie over no other unit');
});
