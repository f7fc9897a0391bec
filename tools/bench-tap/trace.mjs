// What a Chrome trace says the page's main thread did during a tap: the browser's own work (style, layout,
// paint, hit tests, garbage collection) that a CPU profile lumps together as "(program)", by the trace
// event's name and its own time, so the next thing to make cheaper is named.

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'].join(',');

/** Starts a trace over CDP; `stop` ends it and resolves to its events. */
export async function startTrace(cdp) {
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  const events = [];
  const collect = (e) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', collect);
  return async function stop() {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
    return events;
  };
}

/** The renderer main thread's complete events, each with its own time (its span less its children's). */
function ownTimes(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return new Map();
  const spans = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const own = new Map();
  const open = [];
  for (const s of spans) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= s.ts) open.pop();
    const parent = open.at(-1);
    if (parent) own.set(parent, own.get(parent) - s.dur);
    own.set(s, s.dur);
    open.push(s);
  }
  const byName = new Map();
  for (const [s, us] of own) byName.set(s.name, (byName.get(s.name) ?? 0) + Math.max(0, us));
  return byName;
}

/** The `count` event names with the most own time, one per line, in ms of the slowed page. */
export function busiest(events, count = 12) {
  const byName = ownTimes(events);
  const total = [...byName.values()].reduce((a, b) => a + b, 0);
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `  ${(us / 1000).toFixed(1).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
}

/** Each style recalculation's element count and each layout's dirty and total objects, in order. */
export function restyles(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return '';
  const on = events.filter((e) => e.pid === main.pid && e.tid === main.tid).sort((a, b) => a.ts - b.ts);
  const t0 = on[0]?.ts ?? 0;
  const parts = [];
  for (const e of on) {
    const at = `${((e.ts - t0) / 1000).toFixed(0)}ms`;
    if (e.name === 'UpdateLayoutTree' && e.ph === 'X') parts.push(`style ${e.args?.elementCount ?? '?'} el ${(e.dur / 1000).toFixed(1)}ms @${at}`);
    if (e.name === 'Layout' && e.ph === 'X') {
      const b = e.args?.beginData ?? {};
      parts.push(`layout ${b.dirtyObjects ?? '?'}/${b.totalObjects ?? '?'} ${(e.dur / 1000).toFixed(1)}ms @${at}`);
    }
    if (e.name === 'Paint' && e.ph === 'X') parts.push(`paint ${(e.dur / 1000).toFixed(1)}ms @${at}`);
  }
  return '  ' + parts.join('\n  ');
}
