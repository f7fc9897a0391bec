// What a CPU profile (CDP `Profiler.stop`) says took the page's time: the functions with the most time of
// their own, so a slow tap's cause is named without opening DevTools.

/** The `count` functions with the most self time, one per line: milliseconds, share, name and place. */
export function heaviest(profile, count = 15) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const own = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)') return;
    const file = frame.url.split('/').pop() || '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    own.set(key, (own.get(key) ?? 0) + dt);
    total += dt;
  });
  return [...own]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)
    .join('\n');
}

/** The `count` named functions of the page's own scripts with the most time spent in them and what they called. */
export function inclusive(profile, count = 15) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const spent = new Map();
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = nodes.get(at).callFrame;
      if (!f.functionName || !f.url.includes('/assets/')) continue;
      const key = `${f.functionName} :${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      spent.set(key, (spent.get(key) ?? 0) + dt);
    }
  });
  return [...spent]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, us]) => `  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`)
    .join('\n');
}
