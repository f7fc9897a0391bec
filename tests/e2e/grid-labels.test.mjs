// Browser test of the stands' names on When Empires Clash!'s grid (issue 35), over the Zulu War at 1024x768
// (side panel open, the board scrolling across), 768x1024 and 1366x1024: every stand is named, either
// beside it and plainly nearer it than any other stand, at the end of a leader line that reaches it, or as
// a tag on it; a stand's name stays the same when another stand moves; and a board wider than its box
// shows that more lies beyond its edge. Screenshots go to tests/e2e/out/grid-labels/.
//
//   cargo build --bin sandtable && (cd ui && npm run build && node --test ../tests/e2e/grid-labels.test.mjs)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { bin, launch, out } from './harness.mjs';

const shots = join(out, 'grid-labels');
mkdirSync(shots, { recursive: true });

/** Each stand's rectangle on screen, and its name: where it is and how it is tied to the stand. */
function readBoard(page) {
  return page.evaluate(() => {
    const rect = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    };
    const svg = document.querySelector('[data-testid="grid-board"] svg[role="group"]');
    const ctm = svg.getScreenCTM();
    const stands = [...document.querySelectorAll('g.stand')].map((g) => ({ id: g.dataset.testid.slice('stand-'.length), box: rect(g.querySelector('.base')) }));
    const labels = [...document.querySelectorAll('[data-stand-label]')].map((g) => {
      const texts = [...g.querySelectorAll('text')].map(rect);
      const x = Math.min(...texts.map((t) => t.x));
      const y = Math.min(...texts.map((t) => t.y));
      const box = { x, y, w: Math.max(...texts.map((t) => t.x + t.w)) - x, h: Math.max(...texts.map((t) => t.y + t.h)) - y };
      const line = document.querySelector(`line.leader[data-leader-of="${CSS.escape(g.dataset.standLabel)}"]`);
      let end = null;
      if (line) {
        const p = svg.createSVGPoint();
        p.x = line.x2.baseVal.value;
        p.y = line.y2.baseVal.value;
        const q = p.matrixTransform(ctm);
        end = { x: q.x, y: q.y };
      }
      return { id: g.dataset.standLabel, text: [...g.querySelectorAll('text')].map((t) => t.textContent.trim()).join(' '), box, end, tag: g.dataset.tag ?? null };
    });
    return { stands, labels };
  });
}

const gapBetween = (a, b) =>
  Math.hypot(Math.max(a.x - (b.x + b.w), b.x - (a.x + a.w), 0), Math.max(a.y - (b.y + b.h), b.y - (a.y + a.h), 0));

/** Every stand has one name, and each name is its own stand's: nearer it, on a line to it, or on it. */
function assertNamed({ stands, labels }, where) {
  assert.equal(stands.length, 34, `${where}: the Zulu War's 34 stands`);
  for (const s of stands) {
    const mine = labels.filter((l) => l.id === s.id);
    assert.equal(mine.length, 1, `${where}: ${s.id} is named once`);
    const l = mine[0];
    assert.ok(l.text.length > 0, `${where}: ${s.id}'s name has words`);
    if (l.end) {
      const inside = l.end.x >= s.box.x - 2 && l.end.x <= s.box.x + s.box.w + 2 && l.end.y >= s.box.y - 2 && l.end.y <= s.box.y + s.box.h + 2;
      assert.ok(inside, `${where}: the line from "${l.text}" reaches ${s.id}`);
    } else if (l.tag) {
      const cx = l.box.x + l.box.w / 2;
      const cy = l.box.y + l.box.h / 2;
      assert.ok(cx >= s.box.x && cx <= s.box.x + s.box.w && cy >= s.box.y && cy <= s.box.y + s.box.h, `${where}: the tag "${l.text}" is on ${s.id}`);
    } else {
      const own = gapBetween(l.box, s.box);
      for (const o of stands) {
        if (o.id === s.id) continue;
        assert.ok(gapBetween(l.box, o.box) > own, `${where}: "${l.text}" is nearer ${s.id} than ${o.id}`);
      }
    }
  }
  // Stands of different kinds never read alike.
  const texts = labels.map((l) => l.text);
  assert.equal(new Set(texts).size, texts.length, `${where}: no two stands read the same (${texts.join(', ')})`);
}

for (const [width, height] of [
  [1024, 768],
  [768, 1024],
  [1366, 1024],
]) {
  test(`every stand on the Zulu War's grid is named, and keeps its name, at ${width}x${height}`, async () => {
    const session = await launch({ width, height });
    try {
      const { page, tid } = session;
      const env = { ...process.env, SANDTABLE_DB: session.db };
      execFileSync(bin, ['game', 'new', 'zulu-war', '--seed', '3'], { env });
      await page.goto(`${session.base}/#/game/1`);
      await tid('grid-board').waitFor();
      await page.waitForTimeout(300);
      const where = `${width}x${height}`;
      const before = await readBoard(page);
      assertNamed(before, where);
      await page.screenshot({ path: join(shots, `${where}.png`) });

      // The board wider than its box says so at its edge.
      const board = tid('grid-board');
      const overflow = await board.evaluate((b) => b.scrollWidth - b.clientWidth);
      if (overflow > 2) {
        assert.equal(await tid('grid-more-right').count(), 1, `${where}: a shade at the right edge says the board goes on`);
        await board.evaluate((b) => (b.scrollLeft = b.scrollWidth));
        await page.waitForTimeout(200);
        assert.equal(await tid('grid-more-left').count(), 1, `${where}: scrolled across, the shade is at the left edge`);
        assert.equal(await tid('grid-more-right').count(), 0, `${where}: and none at the right, where the board ends`);
        await page.screenshot({ path: join(shots, `${where}-scrolled.png`) });
        await board.evaluate((b) => (b.scrollLeft = 0));
      }
      if (width === 1024) assert.ok(overflow > 2, 'at 1024x768 with the side panel open the board scrolls across');

      // Another stand moves (British Regular Infantry 1, F9 to F8): every stand is still called what it was.
      const act = (a) => execFileSync(bin, ['game', 'act', '1', JSON.stringify(a)], { env });
      act({ type: 'initiative', dice: [5, 6, 3] });
      act({ type: 'take_initiative', side: 'british' });
      act({ type: 'throw_activations', dice: [3, 4] });
      act({ type: 'activate', unit: 'inf-1' });
      act({ type: 'move_to', unit: 'inf-1', to: 'F8', facing: null, in_front: false });
      await page.reload();
      await tid('grid-board').waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="stand-inf-1"]')?.dataset.square === 'F8');
      await page.waitForTimeout(300);
      const after = await readBoard(page);
      assertNamed(after, `${where}, after a move`);
      const names = (b) => Object.fromEntries(b.labels.map((l) => [l.id, l.tag ? null : l.text]));
      const [was, now] = [names(before), names(after)];
      for (const id of Object.keys(was)) if (was[id] && now[id]) assert.equal(now[id], was[id], `${where}: ${id} keeps its name`);
      await page.screenshot({ path: join(shots, `${where}-after-move.png`) });
    } finally {
      await session.close();
    }
  });
}
