// Map units to screen pixels. The map is drawn at the size it gets, one SVG unit a pixel, so labels and
// chips keep the size a finger and an eye need however large the window is; a zone thinner than a
// fingertip at that size (a street, a bridge), or too narrow for its name and what it holds, is widened,
// its wider neighbours giving up the room, or the map growing (and scrolling) where they cannot (widen.ts).
// The out-of-bounds bands are cut to a strip: enough for their names, not worth the room the zones need.

import type { Estate, Zone } from './view';
import { widen } from './widen';

export interface Frame {
  /** Pixels per map unit, before the narrow zones are widened. */
  s: number;
  /** The zones' bounds, in map units. */
  bounds: { x0: number; y0: number; x1: number; y1: number };
  /** Each axis's zone edges, in map units, and where each falls, in pixels. */
  xs: number[];
  xp: number[];
  ys: number[];
  yp: number[];
  /** The size it is drawn at: the box it was given, or more where the zones need more (it scrolls). */
  w: number;
  h: number;
  /** How much larger than their base size the map's words are drawn (Large text). */
  k: number;
  /** How far the out-of-bounds bands reach beyond the zones, in map units. */
  band: number;
}

/** How much of an out-of-bounds band shows beyond the zones, in map units, at the least. */
export const BAND = 0.85;
/**
 * The least a zone is across either way, in pixels: a fingertip's 44 and a little, so a tap at its edge
 * still lands in it. A street or a bridge drawn to the map's scale would be thinner.
 */
export const FINGER_PX = 48;

/**
 * The map in a box `width` by `height` pixels, its words `k` times their base size. `least` is the width a
 * zone needs for what is drawn in it at a height (none: a fingertip).
 */
export function frameOf(
  estate: Estate,
  width: number,
  height: number,
  k = 1,
  least: (zone: Zone, h: number) => number = () => FINGER_PX,
): Frame {
  const zones = estate.map.zones;
  const bounds = {
    x0: Math.min(...zones.map((z) => z.rect[0])),
    y0: Math.min(...zones.map((z) => z.rect[1])),
    x1: Math.max(...zones.map((z) => z.rect[0] + z.rect[2])),
    y1: Math.max(...zones.map((z) => z.rect[1] + z.rect[3])),
  };
  const scale = (bands: number) => Math.max(1, Math.min(width / (bounds.x1 - bounds.x0 + 0.2), height / (bounds.y1 - bounds.y0 + 2 * bands)));
  // A band holds a line of the map's words (the quarters' and the city's names): with Large text, or on a
  // small screen, it is made deeper to hold them.
  const word = 14 * k * 1.23 + 3;
  let band = estate.map.out_of_bounds.length > 0 ? BAND : 0.2;
  band = Math.max(band, word / scale(band));
  band = Math.max(band, word / scale(band));
  const [vx0, vy0] = [bounds.x0 - 0.1, bounds.y0 - band];
  const [vw, vh] = [bounds.x1 - bounds.x0 + 0.2, bounds.y1 - bounds.y0 + 2 * band];
  const s = scale(band);
  const ySpans = zones.map((z) => [z.rect[1], z.rect[1] + z.rect[3]]);
  const xSpans = zones.map((z) => [z.rect[0], z.rect[0] + z.rect[2]]);
  const layout = (yMins: number[]) => {
    const y = widen(ySpans, yMins, vy0, vy0 + vh, s, height);
    // Each zone as wide as its contents need at the height it was given.
    const tall = (v: number) => y.p[y.at.findIndex((a) => Math.abs(a - v) < 1e-9)];
    const heights = zones.map((z) => tall(z.rect[1] + z.rect[3]) - tall(z.rect[1]));
    const xMins = zones.map((z, n) => Math.max(FINGER_PX, least(z, heights[n])));
    return { y, heights, x: widen(xSpans, xMins, vx0, vx0 + vw, s, width) };
  };
  let { x, y, heights } = layout(ySpans.map(() => FINGER_PX));
  // Grown across while there is room down: a zone too narrow for its chips in a row is made taller, to
  // stack them, where that keeps the map in its box.
  if (x.grown > 0 && y.grown === 0) {
    const yMins = zones.map((z, n) => {
      const across = z.rect[2] * s;
      const h = Math.max(FINGER_PX, heights[n]);
      if (least(z, h) <= across) return FINGER_PX;
      for (let more = h; more <= h + height / 4; more += 2) if (least(z, more) <= across) return more;
      return FINGER_PX;
    });
    const taller = layout(yMins);
    if (taller.y.grown === 0 && taller.x.grown < x.grown) ({ x, y } = taller);
  }
  return {
    s,
    bounds,
    xs: x.at,
    xp: x.p,
    ys: y.at,
    yp: y.p,
    w: width + x.grown,
    h: height + y.grown,
    k,
    band,
  };
}

/** Map units to pixels along one axis, between the edges where they fall (past the ends, to scale). */
function along(at: number[], p: number[], s: number, v: number): number {
  if (v <= at[0]) return p[0] - (at[0] - v) * s;
  const last = at.length - 1;
  if (v >= at[last]) return p[last] + (v - at[last]) * s;
  let i = 1;
  while (at[i] < v) i++;
  return p[i - 1] + ((v - at[i - 1]) / (at[i] - at[i - 1])) * (p[i] - p[i - 1]);
}

/** A map point's pixels across. */
export function toX(f: Frame, v: number): number {
  return along(f.xs, f.xp, f.s, v);
}

/** A map point's pixels down. */
export function toY(f: Frame, v: number): number {
  return along(f.ys, f.yp, f.s, v);
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A map rectangle [x, y, w, h] in pixels. */
export function box(f: Frame, rect: readonly number[]): Box {
  const x = toX(f, rect[0]);
  const y = toY(f, rect[1]);
  return { x, y, w: toX(f, rect[0] + rect[2]) - x, h: toY(f, rect[1] + rect[3]) - y };
}

export function centre(f: Frame, zone: Zone): { x: number; y: number } {
  const b = box(f, zone.rect);
  return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
}

/** Where an arrow "off" the map from this zone ends: past the nearest edge of the zones' bounds. */
export function offMap(f: Frame, zone: Zone): { x: number; y: number } {
  const [x, y, w, h] = zone.rect;
  const { x0, y0, x1, y1 } = f.bounds;
  const gaps = [
    { d: x - x0, to: { x: x0 - 0.6, y: y + h / 2 } },
    { d: x1 - (x + w), to: { x: x1 + 0.6, y: y + h / 2 } },
    { d: y - y0, to: { x: x + w / 2, y: y0 - 0.6 } },
    { d: y1 - (y + h), to: { x: x + w / 2, y: y1 + 0.6 } },
  ];
  const { to } = gaps.reduce((a, b) => (b.d < a.d ? b : a));
  return { x: toX(f, to.x), y: toY(f, to.y) };
}

/**
 * The lines where zones of two quarters meet, in map units: the bombardment's quarters drawn as borders
 * rather than four more colours on a map that already has many.
 */
export function quarterBorders(zones: Zone[]): { x1: number; y1: number; x2: number; y2: number }[] {
  const out: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  for (const a of zones) {
    for (const b of zones) {
      if (a.quarter >= b.quarter) continue;
      const [ax, ay, aw, ah] = a.rect;
      const [bx, by, bw, bh] = b.rect;
      // Side by side: a shared vertical edge where their heights overlap.
      for (const x of [near(ax + aw, bx) ? bx : null, near(bx + bw, ax) ? ax : null]) {
        const top = Math.max(ay, by);
        const bottom = Math.min(ay + ah, by + bh);
        if (x !== null && bottom > top) out.push({ x1: x, y1: top, x2: x, y2: bottom });
      }
      // One above the other: a shared horizontal edge where their widths overlap.
      for (const y of [near(ay + ah, by) ? by : null, near(by + bh, ay) ? ay : null]) {
        const left = Math.max(ax, bx);
        const right = Math.min(ax + aw, bx + bw);
        if (y !== null && right > left) out.push({ x1: left, y1: y, x2: right, y2: y });
      }
    }
  }
  return out;
}

/**
 * Where each quarter's name goes: at its left end, in the band above the zones (or below, for a quarter
 * that does not reach the top), so the quarters read without a fifth colour on the zones.
 */
export function quarterTags(zones: Zone[], f: Frame): { quarter: number; x: number; y: number }[] {
  const quarters = [...new Set(zones.map((z) => z.quarter))].sort();
  return quarters.map((q) => {
    const mine = zones.filter((z) => z.quarter === q);
    const x0 = Math.min(...mine.map((z) => z.rect[0]));
    const top = Math.min(...mine.map((z) => z.rect[1]));
    const onTop = Math.abs(top - f.bounds.y0) < 1e-6;
    const px = 14 * f.k;
    return { quarter: q, x: toX(f, x0) + 0.3 * f.s, y: onTop ? toY(f, f.bounds.y0) - 0.3 * px - 2 : toY(f, f.bounds.y1) + px + 3 };
  });
}
