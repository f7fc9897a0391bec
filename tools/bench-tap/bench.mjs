// The tap-to-paint bench (issue 36): every shipped scenario started from New game and played by a fixed
// script of real taps on the real controls, in Chromium at 1024x768 with the CPU slowed 4 times (about a
// mid-range tablet); for each tap the time from its input event to the first frame painted with its result.
// A bench run by hand (tools/bench-tap/run.sh), not a test: it asserts nothing about the figures.
//
//   SANDTABLE_BIN=… SANDTABLE_UI=… node tools/bench-tap/bench.mjs [scenario-path-part …]
//
// Prints a Markdown table and writes tools/bench-tap/out/<timestamp>.json; with BENCH_TAP_PROFILE=1, also
// what took each tap's time.

import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, root } from '../../tests/e2e/harness.mjs';
import { installProbe, timedTap } from './tap.mjs';
import { heaviest, inclusive } from './profile.mjs';
import { busiest, restyles, startTrace } from './trace.mjs';
import { markdown, slowest, summary } from './table.mjs';
import { SCRIPTS } from './scripts/index.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CPU_SLOWDOWN = 4;
const SEED = 7;
// A player reads the result before the next tap; the page's own follow-up work (the live stream's news
// of the action) is let finish, so one tap's cost is not charged to the next.
const BETWEEN_TAPS_MS = 600;
/** BENCH_TAP_PROFILE=1: each tap under the page's CPU profiler too, and what took its time printed (run.sh
 * then builds the UI unminified, so the profile names the UI's own functions). It costs time of its own. */
const PROFILE = Boolean(process.env.BENCH_TAP_PROFILE);
/** BENCH_TAP_TRACE=1: each tap under a Chrome trace, and what the page's main thread spent it on printed (the
 * browser's style, layout and paint, which a profile shows only as "(program)"). */
const TRACE = Boolean(process.env.BENCH_TAP_TRACE);

/** How long the page takes over a fixed piece of arithmetic, in ms: the CPU slowdown shows in it. */
function spin(page) {
  return page.evaluate(() => {
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += Math.sqrt(i);
    return x > 0 ? performance.now() - t0 : 0;
  });
}

/** Every shipped scenario: scenarios/<system>/<name>.toml but the systems' rulesets. */
function shippedScenarios() {
  const dir = join(root, 'scenarios');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(dir, d.name))
        .filter((f) => f.endsWith('.toml') && f !== 'ruleset.toml')
        .map((f) => ({ system: d.name, path: `${d.name}/${f}` })),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** What a script plays with: the page's helpers, and `tap` that times one tap and records it. */
function context(session, taps, cdp) {
  const { page, tid } = session;

  /** Clears a roll's banner, as a player taps it away, so it covers nothing the next tap needs. */
  async function clearNotice() {
    if (await tid('notice-dismiss').count()) await tid('notice-dismiss').click().catch(() => {});
  }

  /**
   * One timed tap. `target` is a test id or a locator; `until` the DOM condition that shows its result
   * (tap.mjs's `met`); `kind` says what sort of tap it is, for the report; `how` makes the input when a
   * click is not it (a tap on a point of the table, a choice in a select).
   */
  async function tap(name, target, until, { kind = 'action', how } = {}) {
    await clearNotice();
    const locator = typeof target === 'string' ? tid(target) : target;
    if (locator) await locator.first().scrollIntoViewIfNeeded();
    // What the page asked the server while the tap was timed, to read a slow one by.
    const asked = [];
    const heard = (req) => asked.push(new URL(req.url()).pathname);
    page.on('request', heard);
    try {
      if (PROFILE) await cdp.send('Profiler.start');
      const stopTrace = TRACE ? await startTrace(cdp) : null;
      const r = await timedTap(page, until, () => (how ? how(locator) : locator.first().click()));
      if (stopTrace) {
        const events = await stopTrace();
        console.error(`${name}: ${Math.round(r.ms)} ms; the main thread's own time:\n${busiest(events)}\nits style, layout and paint:\n${restyles(events)}`);
      }
      if (PROFILE) {
        const { profile } = await cdp.send('Profiler.stop');
        console.error(`${name}: ${Math.round(r.ms)} ms; most time of its own:\n${heaviest(profile, 10)}\nmost time in and under:\n${inclusive(profile, 25)}`);
      }
      taps.push({ name, kind, ...r, asked });
    } finally {
      page.off('request', heard);
    }
    await page.waitForTimeout(BETWEEN_TAPS_MS);
  }

  /** The test ids of the controls on screen whose id starts with `prefix` (and are enabled, with `enabled`). */
  function shown(prefix, { enabled = true } = {}) {
    return page.evaluate(
      ([p, e]) =>
        [...document.querySelectorAll(`[data-testid^="${p}"]`)]
          .filter((el) => el.getClientRects().length > 0 && (!e || !el.disabled))
          .map((el) => el.dataset.testid),
      [prefix, enabled],
    );
  }

  return { ...session, tap, shown, clearNotice };
}

async function playScenario(session, { system, path }, cdp) {
  const { page, tid, base } = session;
  const run = { scenario: path, system, taps: [], start: null, error: null };
  const script = SCRIPTS[system];
  try {
    if (!script) throw new Error(`no script for the system ${system}`);
    await page.goto(`${base}/#/`);
    const card = tid(`scenario-${path}`);
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await tid('new-seed').fill(String(script.seeds?.[path] ?? SEED));
    await page.waitForTimeout(BETWEEN_TAPS_MS);
    // Start game to the table painted: its units drawn on the map (figures, stands or counters).
    run.start = await timedTap(page, { css: script.drawn }, () => tid('start-game').click());
    await page.waitForTimeout(BETWEEN_TAPS_MS * 2);
    await script.play(context(session, run.taps, cdp), path);
  } catch (e) {
    run.error = String(e?.message ?? e).split('\n')[0];
  }
  mkdirSync(join(here, 'out'), { recursive: true });
  await page.screenshot({ path: join(here, 'out', `${path.replace(/\W+/g, '-')}.png`) }).catch(() => {});
  return run;
}

async function main() {
  const only = process.argv.slice(2);
  const scenarios = shippedScenarios().filter((s) => only.length === 0 || only.some((o) => s.path.includes(o)));
  const session = await launch({ width: 1024, height: 768 });
  const runs = [];
  const spins = {};
  try {
    await installProbe(session.page);
    await session.page.goto(session.base);
    await spin(session.page); // the loop compiled and warm, so the two figures differ by the slowdown alone
    spins.before = await spin(session.page);
    const cdp = await session.page.context().newCDPSession(session.page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (PROFILE) await cdp.send('Profiler.enable');
    spins.after = await spin(session.page);
    console.error(`CPU slowdown ${CPU_SLOWDOWN}: a fixed loop took ${Math.round(spins.before)} ms, now ${Math.round(spins.after)} ms`);
    for (const s of scenarios) {
      const began = Date.now();
      const run = await playScenario(session, s, cdp);
      runs.push(run);
      const sum = summary(run.taps);
      console.error(
        `${s.path}: start ${Math.round(run.start?.ms ?? NaN)} ms, ${sum.taps} taps, p50 ${Math.round(sum.p50)} ms, p95 ${Math.round(sum.p95)} ms` +
          ` (${Math.round((Date.now() - began) / 1000)} s)${run.error ? `; FAILED: ${run.error}` : ''}`,
      );
    }
  } finally {
    await session.close();
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(here, 'out', `${stamp}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), cpuSlowdown: CPU_SLOWDOWN, spinMs: spins, viewport: '1024x768', seed: SEED, runs }, null, 2));
  console.log(`CPU slowdown ${CPU_SLOWDOWN} (a fixed loop ${Math.round(spins.before)} ms, slowed ${Math.round(spins.after)} ms), 1024x768\n`);
  console.log(markdown(runs));
  const slow = slowest(runs);
  if (slow) console.log(`\nTaps over 200 ms:\n${slow}`);
  console.log(`\nJSON: ${file}`);
  if (runs.some((r) => r.error)) process.exitCode = 1;
}

await main();
