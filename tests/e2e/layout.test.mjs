// Browser end-to-end test of the game screen's layout on the tablet's and the desktop's screens, one game
// of each rule system: upright (768x1024) the table on top at full width and the side panel in a drawer
// below it; on its side (1024x768) and on the desktop (1366x1024, 1440x900) the side panel at the right,
// folding away to a rail. At every size the table's tools, the turn bar's buttons and the header's are on
// screen and nothing lies over them; the drawer or side panel shuts and opens again; upright at 768 px the
// inch table reaches at least 9 px to the inch at Fit. A refusal or an error shows in a lane of its own,
// over none of those buttons, and stays until dismissed. The page may be zoomed; large text is a switch
// that is remembered; the greys of the text are at least 4.5:1 on every surface; no text under 13 px.
//
//   cargo build --bin sandtable && (cd ui && npm run build && npm run test:e2e)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, launch, out, root } from './harness.mjs';

/** One game of each system, in the order they are created: game 1 is the first. */
const GAMES = [
  { system: 'sand-pebbles', scenario: 'sand-pebbles/legation-wall.toml', bar: 'phase-bar', inches: true },
  { system: 'heliograph', scenario: 'heliograph/cotta-assault.toml', bar: 'activation-bar', inches: true },
  { system: 'natives-are-restless', scenario: 'natives-are-restless/boxer-compound.toml', bar: 'siege-bar', inches: true },
  { system: 'when-empires-clash', scenario: 'when-empires-clash/zulu-war.toml', bar: 'battle-bar', board: 'grid-table' },
  { system: 'estate-dei-boxers', scenario: 'estate-dei-boxers/the-55-days.toml', bar: 'day-bar', board: 'zone-map' },
];
const SIZES = [
  [768, 1024],
  [1024, 768],
  [1366, 1024],
  [1440, 900],
];
const TOOLS = ['tool-select', 'tool-template', 'tool-move', 'tool-figures', 'zoom-out', 'zoom-fit', 'zoom-in'];
const HEADER = ['back', 'undo', 'redo', 'display-menu'];

let session;
let page, tid, until;

before(async () => {
  session = await launch({ width: 1366, height: 1024 });
  ({ page, tid, until } = session);
  for (const g of GAMES) execFileSync(bin, ['game', 'new', '--db', session.db, join(root, 'scenarios', g.scenario), '--seed', '3']);
});

after(async () => {
  await session?.close();
});

/**
 * The buttons named (by test id, or every visible button in a container) that are off the screen or
 * under something else: elementFromPoint at a button's centre must be the button or inside it.
 */
async function blocked(selector) {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent.trim().slice(0, 24);
        const inside = r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
        if (!inside) return `${name}: off screen at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(hit === el || el.contains(hit))) {
          const by = hit ? `${hit.tagName.toLowerCase()}${hit.dataset?.testid ? `[${hit.dataset.testid}]` : ''}.${hit.className?.baseVal ?? hit.className}` : 'nothing';
          return `${name}: covered by ${by}`;
        }
        if (r.height < 43.5) return `${name}: ${Math.round(r.height)} px tall`;
        return null;
      })
      .filter(Boolean),
  );
}

const ids = (list) => list.map((id) => `[data-testid="${id}"]`).join(', ');

/** Every control the turn goes on by: the header's, the table's tools, the turn bar's, the side panel's. */
async function controlsReachable(g, size) {
  const bad = [
    ...(await blocked(ids(HEADER))),
    ...(g.inches ? await blocked(ids(TOOLS)) : []),
    ...(await blocked(`[data-testid="${g.bar}"] button`)),
    ...(await blocked(ids(['side-toggle', 'tab-units', 'tab-dice']))),
  ];
  assert.deepEqual(bad, [], `${g.system} at ${size}: controls out of reach`);
  if (g.inches) assert.equal(await tid('zoom-in').count(), 1, 'the table has its zoom buttons');
}

/** The table's (or the system's board's) box on screen. */
async function board(g) {
  return tid(g.inches ? 'table' : g.board).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { w: r.width, h: r.height, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  });
}

/** Screen pixels to one inch of the table as drawn now, from the SVG's own transform. */
async function pxPerInch() {
  return tid('table').evaluate((svg) => svg.getScreenCTM().a);
}

async function open(g, n, [w, h]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${session.base}/#/game/${n}`);
  await tid('game-screen').waitFor();
  await tid(g.bar).waitFor();
  await tid(g.inches ? 'table' : g.board).waitFor();
  // The side panel starts open on a fresh device; a shut one from a previous size is opened.
  if ((await tid('side-toggle').getAttribute('aria-expanded')) !== 'true') await tid('side-toggle').click();
  await page.waitForTimeout(150);
}

for (const [n, g] of GAMES.entries()) {
  test(`${g.system}: the game screen at the tablet's and the desktop's sizes`, async () => {
    for (const [w, h] of SIZES) {
      const size = `${w}x${h}`;
      const portrait = w < h || w <= 820;
      await open(g, n + 1, [w, h]);
      assert.equal(await tid('game-screen').getAttribute('data-layout'), portrait ? 'portrait' : 'landscape', size);
      await controlsReachable(g, size);

      const shown = await board(g);
      const side = await tid('side-panel').evaluate((el) => el.getBoundingClientRect().toJSON());
      if (portrait) {
        // The table on top at full width, the drawer under it, the toolbar above the table.
        assert.ok(side.top >= shown.bottom - 1, `${size}: the drawer is below the table`);
        assert.ok(side.left <= 1 && side.right >= w - 1, `${size}: the drawer is the screen's width`);
        assert.ok(shown.h >= 300, `${size}: the table keeps a usable height (${Math.round(shown.h)} px)`);
      } else {
        assert.ok(side.left >= shown.right - 1, `${size}: the side panel is beside the table`);
      }
      if (g.inches) {
        await tid('zoom-fit').click();
        await page.waitForTimeout(100);
        const fit = await pxPerInch();
        if (portrait && w === 768) assert.ok(fit >= 9, `${g.system} at ${size}: ${fit.toFixed(2)} px per inch at Fit, under 9`);
        console.log(`${g.system} ${size}: ${fit.toFixed(2)} px per inch at Fit`);
      }
      await page.screenshot({ path: join(out, `layout-${g.system}-${size}.png`) });

      // Shut: the table gets the room (the whole width on its side, more height upright).
      await tid('side-toggle').click();
      await until(`the side panel shut at ${size}`, async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'false');
      await page.waitForTimeout(150);
      const shut = await board(g);
      if (portrait) assert.ok(shut.h > shown.h + 100 || shut.w > shown.w, `${size}: a shut drawer gives the table more room (${shown.h} → ${shut.h})`);
      else assert.ok(shut.right > shown.right + 200, `${size}: a folded side panel gives the table the width (${shown.right} → ${shut.right})`);
      assert.equal(await tid('tab-dice').isVisible(), portrait, `${size}: upright the shut drawer keeps its tabs at the foot`);
      await controlsReachable(g, `${size}, side panel shut`);
      if (g.inches) {
        await tid('zoom-fit').click();
        await page.waitForTimeout(100);
        assert.ok((await pxPerInch()) >= (portrait && w === 768 ? 9 : 0));
      }
      await page.screenshot({ path: join(out, `layout-${g.system}-${size}-shut.png`) });

      // And open again.
      await tid('side-toggle').click();
      await until(`the side panel open at ${size}`, async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'true');
      await tid('tab-units').waitFor({ state: 'visible' });
      await controlsReachable(g, `${size}, side panel open again`);
    }
  });
}

test('upright, a tab on the shut drawer opens it, and a drag on its bar makes it taller', async () => {
  await open(GAMES[0], 1, [768, 1024]);
  await tid('side-toggle').click();
  await until('the drawer shut', async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'false');
  await tid('tab-dice').click();
  await until('the drawer open at the dice', async () => (await tid('side-toggle').getAttribute('aria-expanded')) === 'true');
  await tid('dice-roll').waitFor({ state: 'visible' });
  const before = await tid('side-panel').evaluate((el) => el.getBoundingClientRect().height);
  const table = (await board(GAMES[0])).h;
  // A finger drags the bar up by 150 px, starting on a tab: the drawer grows, the tab is not pressed.
  const bar = await tid('tab-log').boundingBox();
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await page.mouse.down();
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2 - 150, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(150);
  const after = await tid('side-panel').evaluate((el) => el.getBoundingClientRect().height);
  assert.ok(Math.abs(after - before - 150) < 12, `the drawer follows the drag: ${before} → ${after}`);
  assert.ok((await board(GAMES[0])).h < table, 'the table gives up the room');
  assert.equal(await tid('tab-log').getAttribute('aria-selected'), 'false', 'a drag is not a tap on the tab');
  await controlsReachable(GAMES[0], '768x1024, drawer dragged taller');
  // Taller still, with the button: the table keeps its least height and the toolbar stays clear.
  await tid('drawer-size').click();
  await page.waitForTimeout(150);
  assert.equal(await tid('drawer-size').getAttribute('aria-pressed'), 'true');
  assert.ok((await board(GAMES[0])).h >= 180, 'the table keeps a usable height under a tall drawer');
  await controlsReachable(GAMES[0], '768x1024, drawer tall');
  await page.screenshot({ path: join(out, 'layout-drawer-tall-768x1024.png') });
  await tid('drawer-size').click();
});

test('a refusal shows in its own lane, covers no control, and stays until dismissed', async () => {
  for (const [w, h] of [
    [768, 1024],
    [1024, 768],
  ]) {
    const size = `${w}x${h}`;
    await open(GAMES[0], 1, [w, h]);
    await page.clock.install();
    // Faces the engine refuses: a 7 on a D6, typed into the dice tray.
    await tid('tab-dice').click();
    await tid('quick-2D6').click();
    await tid('dice-type').click();
    await tid('dice-faces').fill('7 2');
    await tid('dice-submit-faces').click();
    await tid('notice').waitFor();
    assert.notEqual(await tid('notice').getAttribute('data-tone'), 'info');
    const notice = await tid('notice').boundingBox();
    const controls = await page
      .locator(`${ids([...HEADER, ...TOOLS])}, [data-testid="phase-bar"] button`)
      .evaluateAll((els) => els.filter((el) => el.getClientRects().length).map((el) => [el.dataset.testid ?? el.textContent.trim(), el.getBoundingClientRect().toJSON()]));
    const over = controls.filter(
      ([, r]) => r.left < notice.x + notice.width && notice.x < r.right && r.top < notice.y + notice.height && notice.y < r.bottom,
    );
    assert.deepEqual(over.map(([n]) => n), [], `${size}: the notice lies over controls`);
    await controlsReachable(GAMES[0], `${size} with a notice up`);
    const close = await tid('notice-dismiss').boundingBox();
    assert.ok(close.width >= 43.5 && close.height >= 43.5, `${size}: the close button is a finger wide (${close.width}x${close.height})`);
    // Half a minute later it is still there: an error waits for the player.
    await page.clock.fastForward(30_000);
    await page.waitForTimeout(100);
    assert.equal(await tid('notice').count(), 1, `${size}: the refusal stays`);
    await page.screenshot({ path: join(out, `layout-notice-${size}.png`) });
    await tid('notice-dismiss').click();
    await tid('notice').waitFor({ state: 'detached' });
    await page.goto('about:blank');
  }
});

test('the page may be zoomed, large text is remembered, and the greys read at 4.5:1', async () => {
  await open(GAMES[1], 2, [1024, 768]);
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  assert.doesNotMatch(viewport, /user-scalable\s*=\s*(no|0)|maximum-scale/, `the page may be zoomed: ${viewport}`);

  // Large text: from the header's display menu, on the root, kept across a reload.
  const rootPx = () => page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
  assert.equal(await rootPx(), 16);
  await tid('display-menu').click();
  await tid('large-text').click();
  assert.ok((await rootPx()) >= 18, 'large text makes the root text larger');
  await page.screenshot({ path: join(out, 'layout-large-text-1024x768.png') });
  await page.reload();
  await tid('game-screen').waitFor();
  assert.ok((await rootPx()) >= 18, 'large text is remembered');
  await controlsReachable(GAMES[1], '1024x768, large text');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.waitForTimeout(150);
  await controlsReachable(GAMES[1], '768x1024, large text');
  await page.screenshot({ path: join(out, 'layout-large-text-768x1024.png') });
  await tid('display-menu').click();
  await tid('large-text').click();
  assert.equal(await rootPx(), 16);
  await page.setViewportSize({ width: 1024, height: 768 });

  // The text greys against every surface text sits on.
  const ratios = await page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    const rgb = (v) => {
      const h = css.getPropertyValue(v).trim();
      return [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255);
    };
    const lum = (c) => {
      const [r, g, b] = c.map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [x, y] = [lum(rgb(a)), lum(rgb(b))].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    return ['--text', '--text-dim', '--text-faint'].flatMap((fg) =>
      ['--bg', '--panel', '--panel-2', '--panel-3'].map((bg) => [`${fg} on ${bg}`, ratio(fg, bg)]),
    );
  });
  const low = ratios.filter(([, r]) => r < 4.5).map(([n, r]) => `${n} ${r.toFixed(2)}:1`);
  assert.deepEqual(low, [], 'text greys under 4.5:1');

  // No text on the game screen under 13 px (the table's own drawing aside, which scales with the zoom).
  for (const n of [1, 2, 3, 4, 5]) {
    await open(GAMES[n - 1], n, [1024, 768]);
    const small = await tid('game-screen').evaluate((root) =>
      [...root.querySelectorAll('*')]
        .filter((el) => !el.closest('svg') && el.getClientRects().length > 0)
        .filter((el) => [...el.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
        .map((el) => [el.textContent.trim().slice(0, 30), Number.parseFloat(getComputedStyle(el).fontSize)])
        .filter(([, px]) => px < 12.95),
    );
    assert.deepEqual(small, [], `${GAMES[n - 1].system}: text under 13 px`);
  }
});
