// One axis of the zone map, its narrow zones widened. The stretches between the zones' edges are given
// new lengths so that every zone is at least its least size across, the wide zones giving up, all in the
// same proportion, what the narrow ones need; only where the wide ones cannot give up enough does the map
// grow (and scroll) — a zone is never left narrower than its contents, or they would spill over its
// neighbours' names.

export interface Axis {
  /** The zones' edges, in map units, ascending. */
  at: number[];
  /** Where each edge falls, in pixels. */
  p: number[];
  /** How many pixels longer than its box the axis grew. */
  grown: number;
}

/**
 * `spans` are the zones' [start, end] in map units, `mins` the least each is across in pixels; the axis
 * runs from `lo` to `hi`, `s` pixels a unit, in a box `room` pixels long, where it is centred (a map
 * held to scale by its other axis leaves room on this one, which the narrow zones take before the wide
 * ones give up any). The stretches beyond the zones (the first and last) keep their length: the city's
 * names are written in them. Grown past its box, it starts at the box's start, and scrolls.
 */
export function widen(spans: number[][], mins: number[], lo: number, hi: number, s: number, room: number): Axis {
  const at = [...new Set([lo, hi, ...spans.flat()])].sort((a, b) => a - b);
  const base = at.slice(1).map((a, i) => (a - at[i]) * s);
  const total = base.reduce((a, b) => a + b, 0);
  const idx = (v: number) => at.findIndex((a) => Math.abs(a - v) < 1e-9);
  // The zones across fewest stretches are met first: a zone across several is then often wide enough
  // already from what its narrow parts were given.
  const runs = spans.map(([a, b], n) => ({ from: idx(a), to: idx(b), min: mins[n] })).sort((a, b) => a.to - a.from - (b.to - b.from));
  const last = base.length - 1;

  // Every stretch at `f` of its length, then each zone short of its least size made up to it, its
  // shortfall shared among its stretches as they were to scale. Lengths only grow, so a zone once made
  // up stays so, and every zone ends at least its least size.
  const fill = (f: number): number[] => {
    const len = base.map((b, i) => (i === 0 || i === last ? b : b * f));
    for (const r of runs) {
      let have = 0;
      let weight = 0;
      for (let i = r.from; i < r.to; i++) {
        have += len[i];
        weight += base[i];
      }
      const short = r.min - have;
      if (short <= 0) continue;
      for (let i = r.from; i < r.to; i++) len[i] += weight > 0 ? (short * base[i]) / weight : short / (r.to - r.from);
    }
    return len;
  };
  const length = (len: number[]) => len.reduce((a, b) => a + b, 0);

  // The largest share of their length the zones can keep with the map still in its box; with none that
  // fits, the least the zones need, and the map grows by the rest.
  const budget = Math.max(room, total);
  let len = fill(1);
  if (length(len) > budget + 1e-6) {
    let [fits, spills] = [0, 1];
    let best = fill(0);
    for (let step = 0; step < 40; step++) {
      const mid = (fits + spills) / 2;
      const tried = fill(mid);
      if (length(tried) <= budget + 1e-6) {
        fits = mid;
        best = tried;
      } else spills = mid;
    }
    len = best;
  }
  const drawn = length(len);
  const p = [Math.max(0, (room - drawn) / 2)];
  for (const l of len) p.push(p[p.length - 1] + l);
  // A hair over the box (the search's rounding) is no reason to scroll.
  return { at, p, grown: drawn - room > 0.5 ? drawn - room : 0 };
}
