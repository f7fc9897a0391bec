// The bench's figures: percentiles of the taps, by scenario, by system and over all, as a Markdown table.

/** The p-th percentile (0-100) of `xs`, by the nearest rank; null for none. */
export function percentile(xs, p) {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (x) => (x === null || x === undefined ? '–' : `${Math.round(x)}`);

/** One row's figures for a set of taps. */
export function summary(taps) {
  const times = taps.map((t) => t.ms);
  return { taps: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: times.length ? Math.max(...times) : null };
}

/**
 * The Markdown report: a row per scenario (its taps' p50, p95 and slowest, and Start game to the table
 * painted), then per system, then over all.
 */
export function markdown(runs) {
  const lines = [
    '| scenario | system | taps | p50 ms | p95 ms | slowest ms | Start game to table ms | failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  const row = (name, system, taps, start, failed) => {
    const s = summary(taps);
    lines.push(`| ${name} | ${system} | ${s.taps} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} | ${start} | ${failed} |`);
  };
  for (const r of runs) row(r.scenario, r.system, r.taps, ms(r.start?.ms), r.error ? 'yes' : '');
  const systems = [...new Set(runs.map((r) => r.system))];
  for (const system of systems) {
    const mine = runs.filter((r) => r.system === system);
    const starts = mine.map((r) => r.start?.ms).filter((x) => x !== undefined);
    row(`**all ${system}**`, system, mine.flatMap((r) => r.taps), `p50 ${ms(percentile(starts, 50))} · max ${ms(starts.length ? Math.max(...starts) : null)}`, '');
  }
  const starts = runs.map((r) => r.start?.ms).filter((x) => x !== undefined);
  row('**all scenarios**', '', runs.flatMap((r) => r.taps), `p50 ${ms(percentile(starts, 50))} · max ${ms(starts.length ? Math.max(...starts) : null)}`, '');
  return lines.join('\n');
}

/** Every tap slower than `limit` ms, slowest first, to read beside the table. */
export function slowest(runs, limit = 200) {
  return runs
    .flatMap((r) => r.taps.filter((t) => t.ms > limit).map((t) => ({ scenario: r.scenario, ...t })))
    .sort((a, b) => b.ms - a.ms)
    .map((t) => `- ${Math.round(t.ms)} ms: ${t.scenario}: ${t.name} (${t.kind}; result in the DOM after ${Math.round(t.seenMs)} ms; asked ${t.asked?.join(', ') || 'nothing'})`)
    .join('\n');
}
