// Browser test of L'Estate dei Boxers' zone map on a tablet, landscape and portrait, in the normal and the
// Large text settings: every zone's name (and entry number) is drawn at the map's least text size (14 px,
// or larger with Large text, as the root font grows), inside its own zone, and no chip, flame or barricade
// (of its own zone or another's) lies over it, nor another zone's words; every chip lies inside its zone.
// Played to the wall's fire on The 55 days (the Tartar Wall by the American barricade holding the
// defenders' 8 points, a gun, 60 led Boxers and a barricade: the most crowded zone of the set-up's map).
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/zone-labels.test.mjs)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, out } from './harness.mjs';
import { estateToTheWallFire, game, newGame } from './play.mjs';

const SIZES = [
  [768, 1024],
  [1024, 768],
];

let session;

before(async () => {
  session = await launch({ width: 1024, height: 768 });
  newGame(session.db, 'estate-dei-boxers/the-55-days.toml', 3);
  const { act, view } = game(session.db, 1);
  await estateToTheWallFire(async (a) => act(a), async () => view(), ['us-1', 'us-2']);
});

after(async () => {
  await session?.close();
});

/** What the map draws, as the player sees it: each zone's name, its chips and marks, with their boxes. */
async function measure(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { l: r.left, t: r.top, r: r.right, b: r.bottom };
    };
    const zones = [...document.querySelectorAll('[data-testid="zone-map"] [data-zone]')].map((g) => ({
      id: g.dataset.zone,
      ground: box(g.querySelector('rect.ground')),
      name: [...g.querySelectorAll(':scope > text')].map((t) => ({
        text: t.textContent,
        px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
        box: box(t),
      })),
      things: [...g.querySelectorAll('.chip rect, .barricade .halo, path.flame')].map((el) => ({
        what: el.closest('.chip')?.dataset.chip ?? (el.closest('.barricade') ? 'barricade' : 'flame'),
        box: box(el),
      })),
    }));
    const scroller = document.querySelector('[data-testid="zone-map"] svg').parentElement;
    const left = scroller.getBoundingClientRect().left - scroller.scrollLeft;
    const scroll = { width: scroller.scrollWidth, box: scroller.clientWidth, zonesRight: Math.max(...zones.map((z) => z.ground.r)) - left + 1 };
    return { zones, root: parseFloat(getComputedStyle(document.documentElement).fontSize), scroll };
  });
}

const cross = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
const within = (a, b) => a.l >= b.l - 0.5 && a.r <= b.r + 0.5 && a.t >= b.t - 0.5 && a.b <= b.b + 0.5;

/** What is wrong with the map at a viewport `w` by `h`, in the text size asked for, as the player sees it. */
async function lookAt(w, h, large, shot) {
  const { page, tid } = session;
  const found = [];
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/?zones=${w}x${h}${large}#/game/1`);
  await tid('zone-map').waitFor();
  await page.evaluate((on) => (on ? localStorage.setItem('sandtable.display.largeText', 'true') : localStorage.removeItem('sandtable.display.largeText')), large);
  await page.reload();
  await tid('zone-map').waitFor();
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  await page.screenshot({ path: join(out, `zone-labels-${w}x${h}${large ? '-large' : ''}${shot}.png`) });
  const { zones, root, scroll } = await measure(page);
  const least = (14 * root) / 16;
  if (large && !(root > 16)) found.push(`${w}x${h}: Large text left the root at ${root} px`);
  assert.equal(zones.length, 44, 'the map has all its zones');
  for (const z of zones) {
    if (z.name.length !== 1) found.push(`${w}x${h} ${z.id}: ${z.name.length} names`);
    for (const n of z.name) {
      if (n.px < least - 0.05) found.push(`${w}x${h} ${z.id}: "${n.text}" at ${n.px.toFixed(1)} px, under ${least.toFixed(1)}`);
      if (!within(n.box, z.ground)) found.push(`${w}x${h} ${z.id}: "${n.text}" runs out of its zone`);
      for (const o of zones) {
        for (const t of o.things) if (cross(n.box, t.box)) found.push(`${w}x${h} ${z.id}: "${n.text}" under ${o.id}'s ${t.what}`);
        if (o !== z) for (const m of o.name) if (cross(n.box, m.box)) found.push(`${w}x${h} ${z.id}: "${n.text}" runs into ${o.id}'s "${m.text}"`);
      }
    }
    for (const t of z.things) if (!within(t.box, z.ground)) found.push(`${w}x${h} ${z.id}: its ${t.what} runs out of the zone`);
  }
  // A map grown past its box scrolls to its zones' far edge and no further: never into empty space.
  if (scroll.width > scroll.box && scroll.width > scroll.zonesRight + 2) found.push(`${w}x${h}: the map scrolls ${Math.round(scroll.width - scroll.zonesRight)} px past its zones`);
  const chips = zones.find((z) => z.id === 'TW2').things.map((t) => t.what);
  assert.deepEqual(chips.sort(), ['barricade', 'boxers', 'guns', 'soldiers'].sort(), `${w}x${h}: what the wall by the barricade holds`);
  return found;
}

for (const large of [false, true]) {
  test(`the zones' names read whole at ${large ? 'Large text' : 'the normal text size'} on a tablet`, async () => {
    const found = [];
    for (const [w, h] of SIZES) found.push(...(await lookAt(w, h, large, '')));
    await session.page.evaluate(() => localStorage.removeItem('sandtable.display.largeText'));
    assert.deepEqual(found, []);
  });
}

// Whatever box the map is given (a phone on its side, a small laptop, a tall narrow window), at Large
// text its zones are widened, made taller or, where nothing else gives, the map scrolls: no chip spills
// out of its zone over a neighbour's name.
test("every chip stays in its own zone at Large text, however small the map's box", async () => {
  const found = [];
  for (const [w, h] of [
    [800, 600],
    [1280, 720],
    [700, 1000],
    [900, 700],
    [640, 900],
  ])
    found.push(...(await lookAt(w, h, true, '-box')));
  await session.page.evaluate(() => localStorage.removeItem('sandtable.display.largeText'));
  assert.deepEqual(found, []);
});
