// Where the names on the table go. Every label is placed by the app, not drawn at a fixed spot beside its
// unit: a greedy pass over a few candidate spots round each unit (right, left, above, below, then the
// corners) takes the first that overlaps no label already placed, nothing kept clear (the ring's and the
// ruler's words), stays on the cloth and on the screen, and covers no figure. A label that finds no such
// spot is shortened a step — the name without the count, then on two lines, then by dropping words
// (labelNames.ts: never initials, and never the words of another unit) — and placed before the others
// on the next round, until every label fits; one still without room when as short as it goes is left off
// rather than laid over figures or put far from its unit. A label that fits fuller once the rest are placed
// gets its fuller words back. The selected unit goes first, with its fullest label that fits, and always
// has one. Terrain names come last and give way to the units'.
//
// A label beside its unit must read as that unit's: its middle nearer its own figures than any other
// unit's (a long name left of a column on the table's edge would otherwise sit beside the unit next to
// it). One that finds no such spot is moved further out, where there is room, and drawn with a leader line
// to its nearest figure, before it is left off; a unit in contact with the enemy (a charge, a melee) is
// named right after the selected one, and is never left off.
//
// Sizes are in screen pixels turned into inches by `px` (one screen pixel in inches), so the text is the
// same size at any zoom and the layout is redone whenever the zoom changes.

import type { Point, Terrain, Unit } from '../model';
import { aliveFigures, anchorOf, FIGURE_RADIUS, pointAlong } from './geometry';
import { terrainTint } from './tints';
import { BoxIndex } from './boxIndex';
import { nameLadders } from './labelNames';

export type LabelMode = 'all' | 'selected' | 'none';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** How a run of text in a label is drawn. */
export type RunKind = 'name' | 'count' | 'flags' | 'cover';
export interface Run {
  text: string;
  kind: RunKind;
}

export interface PlacedLabel {
  key: string;
  /** The unit it names, or null for a terrain piece's. */
  unit: string | null;
  /** Its room on the table, in inches, padding included: what no other label may overlap. */
  box: Box;
  /** Lines of runs, top first. */
  rows: Run[][];
  /** 0 when shown in full; higher when shortened to fit. */
  level: number;
  /** The full wording, for a tooltip when shortened. */
  title: string;
  /** The unit's whole name. */
  name?: string;
  /** A terrain piece's colour, for its cover class. */
  tint?: string;
  /** A label moved away from its unit: the line from its box to the edge of the unit's nearest figure. */
  leader?: { from: Point; to: Point };
}

/** Label text size in screen pixels: big enough to read from a chair beside the table. */
export const LABEL_PX = 14;
/** One line of label, in screen pixels. */
export const ROW_PX = 18;
/** Room left round the text inside a label's box, in screen pixels. */
export const PAD_X = 4;
export const PAD_Y = 1;
/** Space between runs in a line, in screen pixels. */
export const RUN_GAP_PX = 5;
/** What a label over a figure, or over the tick showing a unit's facing, costs when spots are compared. */
const FIGURE = 10;
const TICK = 1;
/** How much nearer its own figures than any other unit's a label's edge must be, in screen pixels. */
const TIE_PX = 10;
/**
 * Figures this close, base edge to base edge, in inches, are in contact, or about to be: a charge stops an
 * inch short until its melee.
 */
const CONTACT = 1.1;
/** Space between a unit's figures and its label, in screen pixels. */
const GAP_PX = 3;

const FONTS: Record<RunKind, string> = {
  name: '600',
  count: '500',
  flags: '700',
  cover: 'italic 500',
};
/** Letter spacing of the markers (PINNED), in em. */
export const FLAG_SPACING = 0.04;

let ctx: CanvasRenderingContext2D | null | undefined;
const widths = new Map<string, number>();

/** A run's width in screen pixels, measured on a canvas in the table's own font (estimated without one). */
export function runWidth(run: Run, family: string): number {
  const key = `${run.kind}|${family}|${run.text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let w: number;
  if (ctx) {
    ctx.font = `${FONTS[run.kind]} ${LABEL_PX}px ${family}`;
    w = ctx.measureText(run.text).width;
  } else {
    w = run.text.length * LABEL_PX * 0.62;
  }
  if (run.kind === 'flags') w += run.text.length * FLAG_SPACING * LABEL_PX;
  // A little over, so rounding in the browser's own layout never makes two labels touch.
  w = Math.ceil(w * 1.03);
  widths.set(key, w);
  return w;
}

function rowWidth(row: Run[], family: string): number {
  return row.reduce((s, r, i) => s + runWidth(r, family) + (i > 0 ? RUN_GAP_PX : 0), 0);
}

/** A name on two lines, split between words where the lines come out most even. */
function twoLines(name: string): [string, string] | null {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  let best: [string, string] | null = null;
  for (let i = 1; i < words.length; i++) {
    const pair: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (!best || Math.max(...pair.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = pair;
  }
  return best;
}

/**
 * The unit's label from fullest to shortest, each wording different from the one before: the name and
 * its count, the name, the name on two lines, then `shorter` (its shorter names, from labelNames.ts).
 */
export function unitWordings(unit: Unit, shorter: string[] = []): Run[][][] {
  const count: Run = { text: `${unit.alive}/${unit.total}`, kind: 'count' };
  const flagText = unit.flags.map((f) => f.toUpperCase()).join(' · ');
  const flags: Run[] = flagText ? [{ text: flagText, kind: 'flags' }] : [];
  const name = (text: string): Run => ({ text, kind: 'name' });
  const all: Run[][][] = [[[name(unit.name), count, ...flags]], [[name(unit.name), ...flags]]];
  const lines = twoLines(unit.name);
  if (lines) all.push([[name(lines[0])], [name(lines[1]), count, ...flags]], [[name(lines[0])], [name(lines[1]), ...flags]]);
  for (const s of shorter) all.push([[name(s), count, ...flags]], [[name(s), ...flags]]);
  const seen = new Set<string>();
  return all.filter((rows) => {
    const key = JSON.stringify(rows);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A terrain piece's label: name and cover on one line, on two, or the name alone. */
export function terrainWordings(piece: Terrain): Run[][][] {
  const name: Run = { text: piece.name, kind: 'name' };
  const cover: Run = { text: piece.cover.replaceAll('_', ' '), kind: 'cover' };
  return [[[name, cover]], [[name], [cover]], [[name]]];
}

/** The room a wording takes, in inches. */
function sizeOf(rows: Run[][], family: string, px: number): { w: number; h: number } {
  const w = Math.max(...rows.map((r) => rowWidth(r, family)));
  return { w: (w + 2 * PAD_X) * px, h: (rows.length * ROW_PX + 2 * PAD_Y) * px };
}

function clampTo(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** A unit as far as which it is aboard, or carries, goes. */
type Aboard = Pick<Unit, 'id' | 'carried_by'>;

/** Where two boxes overlap, if they do. */
function meet(a: Box, b: Box): Box | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const w = Math.min(a.x + a.w, b.x + b.w) - x;
  const h = Math.min(a.y + a.h, b.y + b.h) - y;
  return w > 0 && h > 0 ? { x, y, w, h } : null;
}

function inside(a: Box, bounds: Box): boolean {
  const e = 1e-9;
  return a.x >= bounds.x - e && a.y >= bounds.y - e && a.x + a.w <= bounds.x + bounds.w + e && a.y + a.h <= bounds.y + bounds.h + e;
}

/**
 * A candidate spot, and the way it may slide to stay on the cloth: along the side of the unit it is on,
 * never so far that it no longer faces some of the unit (`along`, the unit's extent that way).
 */
type Spot = Box & { slide: 'x' | 'y' | null; along?: [number, number]; far?: boolean };
/** Candidate spots for a box of `w` by `h`, best first. */
type Spots = (w: number, h: number) => Spot[];

interface Request {
  key: string;
  unit: string | null;
  /** The unit it names, to tie the label to. */
  of?: Unit;
  /** The terrain piece it names, by its place in the list. */
  piece?: number;
  wordings: Run[][][];
  spots: Spots;
  title: string;
  name?: string;
  tint?: string;
}

/** The figures' extent, base edges included. */
function extent(unit: Unit): Box | null {
  const figs = aliveFigures(unit);
  if (figs.length === 0) return null;
  const r = unit.masked ? 0.8 : FIGURE_RADIUS;
  const xs = figs.map((f) => f.pos.x);
  const ys = figs.map((f) => f.pos.y);
  const x = Math.min(...xs) - r;
  const y = Math.min(...ys) - r;
  return { x, y, w: Math.max(...xs) + r - x, h: Math.max(...ys) + r - y };
}

/** How far out, in screen pixels, a label moved away from its unit is tried, nearest first. */
const FAR_PX = [22, 44, 66];

function unitSpots(b: Box, gap: number, px: number): Spots {
  const beside = besideSpots(b, gap);
  // Further out in each of the eight directions, for a label drawn with a leader line.
  const ways: [number, number][] = [
    [1, 0],
    [-1, 0],
    [0, -1],
    [0, 1],
    [1, -1],
    [-1, -1],
    [1, 1],
    [-1, 1],
  ];
  return (w, h) => {
    const near = beside(w, h);
    const base = [near[0], near[1], near[2], near[3], near[8], near[10], near[9], near[11]];
    const far: Spot[] = [];
    for (const d of FAR_PX)
      ways.forEach(([dx, dy], i) => far.push({ x: base[i].x + dx * d * px, y: base[i].y + dy * d * px, w, h, slide: dx === 0 ? 'x' : dy === 0 ? 'y' : null, far: true }));
    return [...near, ...far];
  };
}

function besideSpots(b: Box, gap: number): Spots {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const [left, right, top, bottom] = [b.x, b.x + b.w, b.y, b.y + b.h];
  const across: [number, number] = [left, right];
  const down: [number, number] = [top, bottom];
  return (w, h) => [
    { x: right + gap, y: cy - h / 2, w, h, slide: 'y', along: down },
    { x: left - gap - w, y: cy - h / 2, w, h, slide: 'y', along: down },
    { x: cx - w / 2, y: top - gap - h, w, h, slide: 'x', along: across },
    { x: cx - w / 2, y: bottom + gap, w, h, slide: 'x', along: across },
    { x: left, y: top - gap - h, w, h, slide: 'x', along: across },
    { x: right - w, y: top - gap - h, w, h, slide: 'x', along: across },
    { x: left, y: bottom + gap, w, h, slide: 'x', along: across },
    { x: right - w, y: bottom + gap, w, h, slide: 'x', along: across },
    { x: right + gap, y: top - h, w, h, slide: null },
    { x: right + gap, y: bottom, w, h, slide: null },
    { x: left - gap - w, y: top - h, w, h, slide: null },
    { x: left - gap - w, y: bottom, w, h, slide: null },
  ];
}

function terrainSpots(piece: Terrain, px: number): Spots {
  const xs = piece.points.map((p) => p.x);
  const ys = piece.points.map((p) => p.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const inset = 2 * px;
  return (w, h) => [
    { x: left + inset, y: top + inset, w, h, slide: 'x' },
    { x: right - inset - w, y: top + inset, w, h, slide: 'x' },
    { x: left + inset, y: bottom - inset - h, w, h, slide: 'x' },
    { x: right - inset - w, y: bottom - inset - h, w, h, slide: 'x' },
    { x: left, y: top - h, w, h, slide: 'x' },
    { x: left, y: bottom, w, h, slide: 'x' },
    { x: right - w, y: top - h, w, h, slide: 'x' },
    { x: right - w, y: bottom, w, h, slide: 'x' },
  ];
}

/**
 * Slides a spot onto the cloth along the side of the unit it is on (a name above a unit at the edge moves
 * in rather than off, never onto the unit); null if it cannot be.
 */
function onCloth(s: Spot, bounds: Box): Spot | null {
  if (s.w > bounds.w || s.h > bounds.h) return null;
  const x = s.slide === 'x' ? Math.min(Math.max(s.x, bounds.x), bounds.x + bounds.w - s.w) : s.x;
  const y = s.slide === 'y' ? Math.min(Math.max(s.y, bounds.y), bounds.y + bounds.h - s.h) : s.y;
  // Only slide along: a spot pushed past its unit's end, or more than its own size, has lost its unit
  // (a wide name above a lone figure could otherwise end up inches off, beside another unit).
  if (Math.abs(x - s.x) > s.w * 0.9 || Math.abs(y - s.y) > s.h * 0.9) return null;
  if (s.along) {
    const [lo, hi] = s.along;
    const inset = Math.min((hi - lo) / 2, FIGURE_RADIUS);
    const [a, b] = s.slide === 'x' ? [x, x + s.w] : [y, y + s.h];
    if (b < lo + inset || a > hi - inset) return null;
  }
  return { x, y, w: s.w, h: s.h, slide: s.slide, far: s.far };
}

export interface LayoutInput {
  units: Unit[];
  terrain: Terrain[];
  /** The cloth, in inches. */
  bounds: Box;
  /** What is on the screen of it, in inches; labels stay inside both, and units out of sight have none. */
  visible?: Box;
  px: number;
  family: string;
  mode: LabelMode;
  selected: string | null;
  /** What no label may cover: the words of the rings round the selected unit, the ruler and its reading. */
  keepClear?: Box[];
}

/** Every label on the table, placed; those left off for want of room are not in the list. */
export function layoutLabels({ units, terrain, bounds, visible, px, family, mode, selected, keepClear = [] }: LayoutInput): PlacedLabel[] {
  if (mode === 'none' || !(px > 0)) return [];
  const area = visible ? meet(bounds, visible) : bounds;
  if (!area) return [];
  const room: Box = area;
  const gap = GAP_PX * px;

  // What a label would rather not cover: the figures, and the tick that shows a unit's facing. A label
  // may touch the rim of a base.
  const soft: (Box & { weight: number })[] = [];
  for (const u of units) {
    const r = Math.max((u.masked ? 0.8 : FIGURE_RADIUS) - 2 * px, 0.1);
    for (const f of aliveFigures(u)) soft.push({ x: f.pos.x - r, y: f.pos.y - r, w: 2 * r, h: 2 * r, weight: FIGURE });
    const a = anchorOf(u);
    if (a && !u.masked && u.facing !== null) {
      const t: Point = pointAlong(a, u.facing, FIGURE_RADIUS + 14 * px);
      soft.push({
        x: Math.min(a.x, t.x) - 2 * px,
        y: Math.min(a.y, t.y) - 2 * px,
        w: Math.abs(t.x - a.x) + 4 * px,
        h: Math.abs(t.y - a.y) + 4 * px,
        weight: TICK,
      });
    }
  }

  // Each unit's living figures, and whom it is in contact with: a label is tied to its unit by being
  // nearer it than any other, and a unit touching the enemy is always named.
  const figuresOf = new Map<string, { p: Point; r: number }[]>();
  // Plain copies of the positions: read out of the view's state each time, thousands of reads a tap cost more
  // than the measuring they are read for.
  for (const u of units) figuresOf.set(u.id, aliveFigures(u).map((f) => ({ p: { x: f.pos.x, y: f.pos.y }, r: u.masked ? 0.8 : FIGURE_RADIUS })));
  const inContact = new Set<string>();
  for (const a of units)
    for (const b of units) {
      if (a.side === b.side || inContact.has(a.id)) continue;
      const touching = figuresOf.get(a.id)!.some((f) => figuresOf.get(b.id)!.some((g) => Math.hypot(f.p.x - g.p.x, f.p.y - g.p.y) <= f.r + g.r + CONTACT));
      if (touching) inContact.add(a.id);
    }
  // The box round each unit's figures, whole: from anywhere outside it, no figure is nearer than it is.
  const reachOf = new Map<string, Box>();
  for (const [id, figures] of figuresOf) {
    if (figures.length === 0) continue;
    const x = Math.min(...figures.map((f) => f.p.x - f.r));
    const y = Math.min(...figures.map((f) => f.p.y - f.r));
    reachOf.set(id, { x, y, w: Math.max(...figures.map((f) => f.p.x + f.r)) - x, h: Math.max(...figures.map((f) => f.p.y + f.r)) - y });
  }
  /** Far more than rounding, far less than anything a player sees: a passed unit is surely further. */
  const SURE = 1e-6;
  const outside = (c: Point, b: Box) => c.x < b.x || c.y < b.y || c.x > b.x + b.w || c.y > b.y + b.h;
  const boxToBox = (a: Box, b: Box) => Math.hypot(Math.max(a.x - b.x - b.w, 0, b.x - a.x - a.w), Math.max(a.y - b.y - b.h, 0, b.y - a.y - a.h));
  // A gun aboard a boat is drawn under it: the boat's figures do not pull its label away, nor it the boat's.
  const together = (a: Aboard, b: Aboard) => a.id === b.id || a.carried_by === b.id || b.carried_by === a.id;
  // Read once out of the view's state: the spots' tests read them for every unit, thousands of times a tap.
  const aboard: Aboard[] = units.map((u) => ({ id: u.id, carried_by: u.carried_by }));
  const nearestEdge = (c: Point, id: string) => Math.min(...figuresOf.get(id)!.map((f) => Math.hypot(c.x - f.p.x, c.y - f.p.y) - f.r));
  const boxGap = (b: Box, id: string) =>
    Math.min(...figuresOf.get(id)!.map((f) => Math.hypot(Math.max(b.x - f.p.x, 0, f.p.x - b.x - b.w), Math.max(b.y - f.p.y, 0, f.p.y - b.y - b.h)) - f.r));
  /**
   * Whether a label beside its unit reads as its own: its middle nearer its own figures than any other
   * unit's, and its edge clearly nearer them too (a label as near one unit's figures as another's names
   * neither).
   */
  function tied(box: Box, unit: Unit): boolean {
    const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    const own = nearestEdge(c, unit.id);
    const ownGap = Math.max(boxGap(box, unit.id), 0);
    const mine = { id: unit.id, carried_by: unit.carried_by };
    return aboard.every((o) => {
      if (together(o, mine) || figuresOf.get(o.id)!.length === 0) return true;
      // A unit whose figures all lie plainly further away than that is passed without measuring each one:
      // most of the table's, for any one spot.
      const reach = reachOf.get(o.id)!;
      if (outside(c, reach) && toBox(c, reach) >= own + SURE && boxToBox(box, reach) >= ownGap + TIE_PX * px + SURE) return true;
      return nearestEdge(c, o.id) >= own - 1e-9 && boxGap(box, o.id) >= ownGap + TIE_PX * px;
    });
  }
  // A terrain piece's name is nearer its own piece than any other (a wall's name beside the trees next to
  // it names the trees).
  const pieceBoxes = terrain.map((t) => {
    if (t.points.length === 0) return null;
    const xs = t.points.map((p) => p.x);
    const ys = t.points.map((p) => p.y);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  });
  const toBox = (c: Point, b: Box) => Math.hypot(Math.max(b.x - c.x, 0, c.x - b.x - b.w), Math.max(b.y - c.y, 0, c.y - b.y - b.h));
  function pieceTied(box: Box, i: number): boolean {
    const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    const own = toBox(c, pieceBoxes[i]!);
    return pieceBoxes.every((b, k) => k === i || !b || toBox(c, b) >= own - 1e-9);
  }

  function crosses(line: { from: Point; to: Point }, unit: Unit, skip?: string): boolean {
    const { from: a, to: b } = line;
    const hitsBox = (k: Box) => {
      // Liang–Barsky: the part of the segment inside the box, if any.
      let t0 = 0;
      let t1 = 1;
      const d = { x: b.x - a.x, y: b.y - a.y };
      for (const [p, q] of [
        [-d.x, a.x - k.x],
        [d.x, k.x + k.w - a.x],
        [-d.y, a.y - k.y],
        [d.y, k.y + k.h - a.y],
      ]) {
        if (p === 0) {
          if (q < 0) return false;
        } else {
          const t = q / p;
          if (p < 0) t0 = Math.max(t0, t);
          else t1 = Math.min(t1, t);
          if (t0 > t1) return false;
        }
      }
      return t1 - t0 > 1e-6;
    };
    if (placed.some((p) => p.key !== skip && hitsBox(p.box))) return true;
    const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    for (const o of aboard) {
      if (together(o, unit)) continue;
      for (const f of figuresOf.get(o.id)!) {
        const t = Math.max(0, Math.min(1, ((f.p.x - a.x) * (b.x - a.x) + (f.p.y - a.y) * (b.y - a.y)) / (len * len)));
        if (Math.hypot(a.x + t * (b.x - a.x) - f.p.x, a.y + t * (b.y - a.y) - f.p.y) < f.r) return true;
      }
    }
    return false;
  }

  /** From the label's box to the edge of its unit's nearest figure. */
  function leaderOf(box: Box, unit: Unit): { from: Point; to: Point } {
    let best: { from: Point; to: Point; d: number } | null = null;
    // From the words themselves, not the room kept round them.
    const ix = PAD_X * px + box.w * 0.02;
    const iy = PAD_Y * px + 2 * px;
    for (const f of figuresOf.get(unit.id)!) {
      const from = { x: clampTo(f.p.x, box.x + ix, box.x + box.w - ix), y: clampTo(f.p.y, box.y + iy, box.y + box.h - iy) };
      const d = Math.hypot(from.x - f.p.x, from.y - f.p.y);
      if (best && d >= best.d) continue;
      const k = d > 0 ? (f.r + 2 * px) / d : 0;
      best = { from, to: { x: f.p.x + (from.x - f.p.x) * k, y: f.p.y + (from.y - f.p.y) * k }, d };
    }
    return { from: best!.from, to: best!.to };
  }

  // Shorter names for the whole game at once, so no two units can ever read the same.
  const ladders = nameLadders(units.map((u) => u.name));
  const requests: Request[] = [];
  for (const [i, u] of units.entries()) {
    if (u.masked) continue;
    if (mode === 'selected' && u.id !== selected) continue;
    const b = extent(u);
    if (!b || !overlaps(b, room)) continue;
    const words = unitWordings(u, ladders[i].slice(1));
    requests.push({
      key: `unit:${u.id}`,
      unit: u.id,
      of: u,
      wordings: words,
      spots: unitSpots(b, gap, px),
      title: words[0].flat().map((r) => r.text).join(' '),
      name: u.name,
    });
  }
  const first = requests.find((r) => r.unit === selected);
  // Units in contact next: a charge's attackers and defenders are named before those with room to spare.
  const rest = [
    ...requests.filter((r) => r !== first && inContact.has(r.unit!)),
    ...requests.filter((r) => r !== first && !inContact.has(r.unit!)),
  ];

  const placed: PlacedLabel[] = [];
  const clash = (b: Box, skip?: string) => placed.some((p) => p.key !== skip && overlaps(b, p.box)) || keepClear.some((k) => overlaps(b, k));
  // The figures and ticks bucketed by the 4-inch squares they lie in, to sum those a spot covers without
  // testing every one.
  const softIndex = new BoxIndex(soft, 4);
  const covered = (b: Box) => {
    let weight = 0;
    softIndex.someNear(b, 0, (i) => {
      if (overlaps(b, soft[i])) weight += soft[i].weight;
      return false;
    });
    return weight;
  };

  /**
   * The free spot for a wording that covers least, if it covers no more than `most` (0: no figure and no
   * facing tick; TICK: a tick at most; Infinity: anything): a shorter label beside the figures beats a
   * longer one on them. `away` lets it be moved out with a leader line. Null if there is none.
   */
  function spotFor(req: Request, level: number, most: number, skip?: string, away = false): PlacedLabel | null {
    const rows = req.wordings[level];
    const free = spotsOf(req, level).filter((s) => (s.far ? away : s.tied) && !clash(s.box, skip));
    // Failing a clear spot, the one over the fewest figures, if it may be over any.
    let best: Placing | undefined;
    for (const s of free) if (!best || s.cover < best.cover) best = s;
    if (best && best.cover > most) best = undefined;
    if (!best) return null;
    let leader = best.far && req.of ? leaderOf(best.box, req.of) : undefined;
    // A leader line crossing another name or another unit's figures ties the name less clearly: a spot
    // whose line crosses nothing, if there is one as clear of figures.
    if (leader && crosses(leader, req.of!, skip)) {
      for (const s of free) {
        if (!s.far || s.cover > best.cover) continue;
        const l = leaderOf(s.box, req.of!);
        if (!crosses(l, req.of!, skip)) {
          [best, leader] = [s, l];
          break;
        }
      }
    }
    return { key: req.key, unit: req.unit, box: best.box, rows, level, title: req.title, name: req.name, tint: req.tint, leader };
  }

  // A wording's spots on the cloth and what each covers do not change as labels are placed: worked out
  // once, so the rounds of placing only test them against the labels placed.
  type Placing = { box: Box; cover: number; far: boolean; tied: boolean };
  const spotCache = new Map<string, Placing[]>();
  function spotsOf(req: Request, level: number): Placing[] {
    const key = `${req.key}|${level}`;
    let spots = spotCache.get(key);
    if (!spots) {
      const { w, h } = sizeOf(req.wordings[level], family, px);
      spots = req
        .spots(w, h)
        .map((s) => onCloth(s, room))
        .filter((s): s is Spot => s !== null && inside(s, room))
        .map((s) => {
          const box = { x: s.x, y: s.y, w: s.w, h: s.h };
          const own = req.of ? tied(box, req.of) : req.piece !== undefined ? pieceTied(box, req.piece) : true;
          return { box, cover: covered(box), far: !!s.far, tied: own };
        });
      spotCache.set(key, spots);
    }
    return spots;
  }

  // The selected unit first: its fullest label that fits beside its figures, else the fullest anywhere.
  if (first) {
    let got: PlacedLabel | null = null;
    // Its name over a facing tick rather than cut to initials; moved out with a leader line rather than
    // over other figures, which only as a last resort.
    const named = first.wordings.findIndex((w) => w[0][0].text !== first.wordings[0][0][0].text);
    const full = named < 0 ? first.wordings.length : named;
    // Its whole label, count and all, moved out on a leader line rather than cut.
    const tries: [number, number, boolean][] = [
      [0, 0, false],
      [0, TICK, false],
      [0, TICK, true],
    ];
    for (let l = 1; l < full; l++) tries.push([l, 0, false]);
    for (let l = 1; l < full; l++) tries.push([l, TICK, false]);
    for (let l = full; l < first.wordings.length; l++) tries.push([l, TICK, false]);
    for (let l = 1; l < first.wordings.length; l++) tries.push([l, TICK, true]);
    for (let l = 0; l < first.wordings.length; l++) tries.push([l, Infinity, true]);
    for (const [l, most, away] of tries) if (!got) got = spotFor(first, l, most, undefined, away);
    if (got) placed.push(got);
  }

  // The rest in full where they fit beside their figures. Each that finds no room is shortened a step
  // and placed first next time round, the most crowded before the rest, until all fit or those left are
  // as short as they go: then over a facing tick if need be, never over figures (a name on a charge's
  // defenders hides who is there); then moved out with a leader line; else left off, save a unit in
  // contact.
  const base = placed.length;
  const level = new Map(rest.map((r) => [r.key, 0]));
  const lastOf = (r: Request) => r.wordings.length - 1;
  let order = rest;
  for (;;) {
    placed.length = base;
    const failed: Request[] = [];
    for (const req of order) {
      const l = level.get(req.key)!;
      const got = spotFor(req, l, l < lastOf(req) ? 0 : TICK);
      if (got) placed.push(got);
      else failed.push(req);
    }
    const shorter = failed.filter((r) => level.get(r.key)! < lastOf(r));
    if (shorter.length === 0) break;
    for (const r of shorter) level.set(r.key, level.get(r.key)! + 1);
    order = [...failed, ...order.filter((r) => !failed.includes(r))];
  }
  for (const req of rest) {
    if (placed.some((p) => p.key === req.key)) continue;
    const contact = inContact.has(req.unit!);
    let got: PlacedLabel | null = null;
    for (let l = 0; l <= lastOf(req) && !got; l++) got = spotFor(req, l, TICK, undefined, true);
    if (contact) for (let l = lastOf(req); l >= 0 && !got; l--) got = spotFor(req, l, Infinity, undefined, true);
    if (got) placed.push(got);
  }
  // A label that fits fuller where it stands alone gets its fuller words back.
  for (let i = base; i < placed.length; i++) {
    const p = placed[i];
    const req = rest.find((r) => r.key === p.key)!;
    for (let l = 0; l < p.level; l++) {
      const got = spotFor(req, l, 0, p.key, !!p.leader);
      if (got) {
        placed[i] = got;
        break;
      }
    }
  }

  // Terrain names last: they give way to the units', and go when there is no room left for them.
  if (mode === 'all' || mode === 'selected') {
    terrain.forEach((piece, i) => {
      if (piece.points.length === 0) return;
      const xs = piece.points.map((p) => p.x);
      const ys = piece.points.map((p) => p.y);
      const extent = { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
      if (!overlaps(extent, room)) return;
      const req: Request = {
        piece: i,
        key: `terrain:${i}`,
        unit: null,
        wordings: terrainWordings(piece),
        spots: terrainSpots(piece, px),
        title: `${piece.name} (${piece.cover.replaceAll('_', ' ')})`,
        tint: terrainTint(piece.cover),
      };
      for (let l = 0; l < req.wordings.length; l++) {
        const got = spotFor(req, l, 0);
        if (got) {
          placed.push(got);
          break;
        }
      }
    });
  }
  return placed;
}

/** The unit whose label is under `p`, if any. */
export function labelAt(labels: PlacedLabel[], p: Point): string | null {
  const hit = labels.find((l) => l.unit && p.x >= l.box.x && p.x <= l.box.x + l.box.w && p.y >= l.box.y && p.y <= l.box.y + l.box.h);
  return hit?.unit ?? null;
}
