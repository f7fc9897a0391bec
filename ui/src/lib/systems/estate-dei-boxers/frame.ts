// Map units to screen pixels. The map is drawn at the size it gets, one SVG unit a pixel, so labels and
// chips keep the size a finger and an eye need however large the window is. The out-of-bounds bands are
// cut to a strip: enough for their names, not worth the room the zones need.

import type { Estate, Zone } from './view';

export interface Frame {
  /** Pixels per map unit. */
  s: number;
  /** Where map x 0 and y 0 fall, in pixels. */
  ox: number;
  oy: number;
  /** The zones' bounds, in map units. */
  bounds: { x0: number; y0: number; x1: number; y1: number };
}

/** How much of an out-of-bounds band shows beyond the zones, in map units. */
export const BAND = 0.85;

export function frameOf(estate: Estate, width: number, height: number): Frame {
  const zones = estate.map.zones;
  const bounds = {
    x0: Math.min(...zones.map((z) => z.rect[0])),
    y0: Math.min(...zones.map((z) => z.rect[1])),
    x1: Math.max(...zones.map((z) => z.rect[0] + z.rect[2])),
    y1: Math.max(...zones.map((z) => z.rect[1] + z.rect[3])),
  };
  const bands = estate.map.out_of_bounds.length > 0 ? BAND : 0.2;
  const [vx0, vy0] = [bounds.x0 - 0.1, bounds.y0 - bands];
  const [vw, vh] = [bounds.x1 - bounds.x0 + 0.2, bounds.y1 - bounds.y0 + 2 * bands];
  const s = Math.max(1, Math.min(width / vw, height / vh));
  return { s, ox: (width - vw * s) / 2 - vx0 * s, oy: (height - vh * s) / 2 - vy0 * s, bounds };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A map rectangle [x, y, w, h] in pixels. */
export function box(f: Frame, rect: readonly number[]): Box {
  return { x: f.ox + rect[0] * f.s, y: f.oy + rect[1] * f.s, w: rect[2] * f.s, h: rect[3] * f.s };
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
  return { x: f.ox + to.x * f.s, y: f.oy + to.y * f.s };
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
    return { quarter: q, x: f.ox + (x0 + 0.3) * f.s, y: onTop ? f.oy + f.bounds.y0 * f.s - 6 : f.oy + f.bounds.y1 * f.s + 17 };
  });
}
