// Where the stands' names go on When Empires Clash!'s grid. Every stand is named. A 40 mm stand holds
// three or four letters at the least text size, so a name is not squeezed onto it as initials ("BrRI3",
// and "C" for both generals): it goes on the stand when it fits there, else beside it, on one line or two,
// where it is plainly nearer its own stand than any other; failing that, further out where there is room,
// drawn with a leader line to its stand. No name covers another name, a leader line, another stand, or
// what is kept clear (the move costs printed in the squares the active stand may reach).
//
// Each stand is called by one name for the whole game, the shortest of its short forms (labelNames.ts:
// words of its own name, never another unit's), whatever the crowding: a name that grew and shrank as
// stands moved would read as another stand's ("Regular Infantry 4" one turn, "Infantry 4" the next).
// The full name is the label's tooltip, and the stand's card.

import { nameLadders } from './labelNames';
import { BoxIndex } from './boxIndex';
import { runWidth, type Box } from './labels';

export interface GridItem {
  id: string;
  name: string;
  /** The stand's base, upright on the board, in the board's units (millimetres). */
  box: Box;
}

export interface GridLabel {
  id: string;
  /** The unit's whole name. */
  name: string;
  /** What the board calls it (`boardNames`). */
  text: string;
  /** Lines, top first. */
  rows: string[];
  /** Where the text block's middle is, and its room (padding included). */
  x: number;
  y: number;
  box: Box;
  /** On its own stand rather than beside it. */
  inside: boolean;
  /** Too crowded for its name anywhere near: a short tag on the stand instead (`tagOf`), its name its tooltip. */
  tag?: boolean;
  /** A name moved away from its stand: the line from the name's room to the stand's edge. */
  leader?: Leader;
}

export interface Leader {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One line of stand name, and the room round it, in screen pixels (the text itself is 14 px). */
export const GRID_ROW_PX = 17;
const PAD_PX = 3;
const GAP_PX = 2;
/** How much nearer its own stand than any other a name beside it must be, in screen pixels. */
const TIE_PX = 8;
/** How far from its stand a name may be moved, leader line and all, in squares. */
const FARTHEST = 4;
/** What a leader line over another stand costs when spots are compared: as many squares further out. */
const OVER_STAND = 2;
/** Where along a stand's width, then its depth, a name further out is tried, as parts of it from its middle. */
const SHIFTS_ALONG = [0, -0.25, 0.25, -0.5, 0.5];
const SHIFTS_ACROSS = [0, -0.5, 0.5];
/** Rounds of placing: those that found no room go first in the next. */
const ROUNDS = 12;

/**
 * What the board calls each unit, for the whole game: the shortest form of its name that no other unit of
 * the game could be read as. Depends on the names only, so it never changes as the stands move.
 */
export function boardNames(names: string[]): string[] {
  // A form cut short at its end ("Zulu Army…") reads as a name cut off by the board: the shortest whole one.
  return nameLadders(names).map((ladder) => [...ladder].reverse().find((f) => !f.endsWith('…')) ?? ladder[ladder.length - 1]);
}

/**
 * A stand's tag, for a board too crowded for its name: its board name's initials and number ("RI3" for
 * "Regular Infantry 3", not "Re3", which "Regular Cavalry 3" would read as too), a one-word kind's first
 * two letters ("Sp12" for "Spearmen 12"); without a number, the first letters of the word saying what it
 * is, its last ("Com" for "Zulu Command", "Gat" for "Gatling").
 */
export function tagOf(boardName: string): string {
  const words = boardName.replace(/…$/, '').split(' ');
  const last = words[words.length - 1];
  if (words.length < 2 || !/^\d+$/.test(last)) return last.slice(0, 3);
  const kind = words.slice(0, -1);
  return (kind.length === 1 ? kind[0].slice(0, 2) : kind.map((w) => w[0].toUpperCase()).join('')) + last;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The gap between two boxes (0 when they touch or overlap). */
function gapBetween(a: Box, b: Box): number {
  const dx = Math.max(a.x - (b.x + b.w), b.x - (a.x + a.w), 0);
  const dy = Math.max(a.y - (b.y + b.h), b.y - (a.y + a.h), 0);
  return Math.hypot(dx, dy);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);

/** The part of a segment (0 to 1) still inside the edges clipped so far: kept outside `crosses`, which the
 * placer calls for every spot against every stand, so that clipping allocates nothing. */
let inFrom = 0;
let inTo = 1;

/** One edge of the clip: false when the segment lies wholly beyond it. */
function clipEdge(p: number, q: number): boolean {
  if (p === 0) return q > 0;
  const t = q / p;
  if (p < 0) inFrom = Math.max(inFrom, t);
  else inTo = Math.min(inTo, t);
  return inFrom < inTo;
}

/** Whether the segment from (x1, y1) to (x2, y2) passes through the box (Liang–Barsky). */
function crosses(x1: number, y1: number, x2: number, y2: number, k: Box): boolean {
  // Wholly to one side of the box, as most stands on a board are from any one line.
  if (Math.max(x1, x2) < k.x || Math.min(x1, x2) > k.x + k.w || Math.max(y1, y2) < k.y || Math.min(y1, y2) > k.y + k.h) return false;
  inFrom = 0;
  inTo = 1;
  const dx = x2 - x1;
  const dy = y2 - y1;
  return (
    clipEdge(-dx, x1 - k.x) && clipEdge(dx, k.x + k.w - x1) && clipEdge(-dy, y1 - k.y) && clipEdge(dy, k.y + k.h - y1) && inTo - inFrom > 1e-6
  );
}

/** Whether two segments cross (touching at an end does not count). */
function segmentsCross(a: Leader, b: Leader): boolean {
  const side = (x1: number, y1: number, x2: number, y2: number, x: number, y: number) => Math.sign((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1));
  return (
    side(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1) * side(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2) < 0 &&
    side(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1) * side(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2) < 0
  );
}

/** The name on one line, then on two, split where the lines come out most even. */
function layouts(name: string): string[][] {
  const words = name.split(' ');
  const out: string[][] = [[name]];
  let best: string[] | null = null;
  for (let i = 1; i < words.length; i++) {
    const pair = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    if (!best || Math.max(...pair.map((l) => l.length)) < Math.max(...best.map((l) => l.length))) best = pair;
  }
  if (best) out.push(best);
  return out;
}

/** A stand's spots for its name: those beside it, then (worked out when first asked for) those further out. */
class Spots {
  #far: Candidate[] | null = null;
  constructor(
    readonly near: Candidate[],
    private readonly further: () => Candidate[],
  ) {}

  get far(): Candidate[] {
    return (this.#far ??= this.further());
  }

  /** The first spot, best first, that passes `test`. */
  find(test: (c: Candidate) => boolean): Candidate | undefined {
    return this.near.find(test) ?? this.far.find(test);
  }
}

interface Candidate {
  rows: string[];
  box: Box;
  inside: boolean;
  leader?: Leader;
}

/**
 * Every stand's name, placed; `px` is one screen pixel in board units, `bounds` the board, `square` a
 * square's size. `shortNames` are `boardNames` of the items' names, in their order.
 */
export function layoutGridLabels(
  items: GridItem[],
  shortNames: string[],
  selected: string | null,
  bounds: Box,
  px: number,
  family: string,
  square: number,
  keepClear: Box[] = [],
): GridLabel[] {
  if (!(px > 0)) return [];
  const pad = PAD_PX * px;
  const gap = GAP_PX * px;
  const tie = TIE_PX * px;
  const within = (b: Box) => b.x >= bounds.x && b.y >= bounds.y && b.x + b.w <= bounds.x + bounds.w && b.y + b.h <= bounds.y + bounds.h;
  const boxOf = (x: number, y: number, w: number, h: number): Box => ({ x: x - w / 2, y: y - h / 2, w, h });

  // Every test of a spot against the stands asks only those near it.
  const stands = new BoxIndex(items.map((i) => i.box), square);

  /** Beside its stand and plainly nearer it than any other stand. */
  function tied(box: Box, own: number): boolean {
    const plainly = gapBetween(box, items[own].box) + tie;
    return !stands.someNear(box, plainly, (j) => j !== own && gapBetween(box, items[j].box) < plainly);
  }

  /** The line from a name's room to the nearest point of its stand's edge. */
  function leaderTo(box: Box, stand: Box): Leader {
    const sx = clamp(box.x + box.w / 2, stand.x, stand.x + stand.w);
    const sy = clamp(box.y + box.h / 2, stand.y, stand.y + stand.h);
    const x1 = clamp(sx, box.x + pad, box.x + box.w - pad);
    const y1 = clamp(sy, box.y + pad, box.y + box.h - pad);
    return { x1, y1, x2: clamp(x1, stand.x, stand.x + stand.w), y2: clamp(y1, stand.y, stand.y + stand.h) };
  }

  /** A spot free of the board's edges, what is kept clear, and the stands (its own one too unless `inside`). */
  function free(box: Box, i: number, inside: boolean): boolean {
    return (
      within(box) &&
      !keepClear.some((k) => overlaps(k, box)) &&
      !stands.someNear(box, 0, (j) => (j !== i || !inside) && overlaps(items[j].box, box))
    );
  }

  /** The size of a name laid out as `rows`, its room included. */
  function sizeOf(rows: string[]): [number, number] {
    const w = Math.max(...rows.map((r) => runWidth({ text: r, kind: 'flags' }, family))) * px + 2 * pad;
    return [w, rows.length * GRID_ROW_PX * px + 2 * pad];
  }

  /** Stand `i`'s spots on it and beside it, best first. */
  function spotsNear(i: number): Candidate[] {
    const s = items[i].box;
    const cx = s.x + s.w / 2;
    const cy = s.y + s.h / 2;
    const near: Candidate[] = [];
    for (const rows of layouts(shortNames[i])) {
      const [w, h] = sizeOf(rows);
      const spots: [number, number, boolean][] = [
        [cx, cy, true],
        [cx, s.y - gap - h / 2, false],
        [cx, s.y + s.h + gap + h / 2, false],
        [s.x + s.w + gap + w / 2, cy, false],
        [s.x - gap - w / 2, cy, false],
        // Above or below, its end over the stand's: a name sits at one side of a crowded line.
        [s.x + w / 2, s.y - gap - h / 2, false],
        [s.x + s.w - w / 2, s.y - gap - h / 2, false],
        [s.x + w / 2, s.y + s.h + gap + h / 2, false],
        [s.x + s.w - w / 2, s.y + s.h + gap + h / 2, false],
      ];
      for (const [x, y, inside] of spots) {
        const box = boxOf(x, y, w, h);
        // On its own stand only if it stays within it across (a name spilling over the square's edge
        // would sit on the next stand's).
        if (inside && w > s.w + 2 * pad) continue;
        if (free(box, i, inside) && (inside || tied(box, i))) near.push({ rows, box, inside });
      }
    }
    return near;
  }

  /**
   * Stand `i`'s spots further out, with a line to it, nearest first: straight up, down or across from the
   * stand so that its line is straight too (a slanted line among the names reads as anyone's), a line's
   * height at a time up or down, shifted along the stand's width, and a half square at a time to either
   * side, shifted along its depth.
   */
  function spotsFar(i: number): Candidate[] {
    const s = items[i].box;
    const cx = s.x + s.w / 2;
    const cy = s.y + s.h / 2;
    const far: (Candidate & { d: number })[] = [];
    const stepY = GRID_ROW_PX * px + 2 * pad;
    const stepX = square / 2;
    for (const rows of layouts(shortNames[i])) {
      const [w, h] = sizeOf(rows);
      const tryFar = (x: number, y: number) => {
        // Off the board, as many of the spots far out are, before anything is made for it.
        const [left, top] = [x - w / 2, y - h / 2];
        if (left < bounds.x || top < bounds.y || left + w > bounds.x + bounds.w || top + h > bounds.y + bounds.h) return;
        const box = boxOf(x, y, w, h);
        if (!free(box, i, false)) return;
        // The name sits no nearer another stand than its own; its line had best cross no other stand (one
        // that must is drawn over them, as a last resort).
        const d = gapBetween(box, s);
        const crowd = Math.min(d, 3 * gap);
        if (stands.someNear(box, crowd, (j) => j !== i && gapBetween(box, items[j].box) < crowd)) return;
        const leader = leaderTo(box, s);
        const { x1, y1, x2, y2 } = leader;
        const over = stands.count(Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2), (j) => j !== i && crosses(x1, y1, x2, y2, items[j].box));
        // A name on two lines reads worse than on one: it is taken only when nearer by a line's height.
        far.push({ rows, box, inside: false, leader, d: d + (rows.length - 1) * stepY + over * OVER_STAND * square });
      };
      for (let b = 1; b * stepY <= FARTHEST * square; b++)
        for (const shift of SHIFTS_ALONG) {
          const x = cx + shift * s.w;
          tryFar(x, s.y - gap - h / 2 - (b * stepY) / 2);
          tryFar(x, s.y + s.h + gap + h / 2 + (b * stepY) / 2);
        }
      for (let a = 1; a * stepX <= FARTHEST * square; a++)
        for (const shift of SHIFTS_ACROSS) {
          const y = cy + shift * s.h;
          tryFar(s.x + s.w + gap + w / 2 + a * stepX, y);
          tryFar(s.x - gap - w / 2 - a * stepX, y);
        }
    }
    return far.sort((a, b) => a.d - b.d);
  }

  // Each stand's spots beside it, worked out once: what is fixed (the board, the stands, what is kept clear)
  // is tested here, only the names placed so far in each round. Those further out are worked out only for a
  // stand that finds no room beside it, as few do: they are most of the placing's work.
  const spots = items.map((_, i) => new Spots(spotsNear(i), () => spotsFar(i)));

  /**
   * A spot free of the names placed, and of their leader lines, its own line crossing none of them; `loose`
   * lets lines cross lines (and names lie over them), for a name that finds no room otherwise.
   */
  function fits(c: Candidate, placed: GridLabel[], loose = false): boolean {
    for (const p of placed) {
      if (overlaps(p.box, c.box)) return false;
      if (c.leader && crosses(c.leader.x1, c.leader.y1, c.leader.x2, c.leader.y2, p.box)) return false;
      if (loose) continue;
      if (p.leader && crosses(p.leader.x1, p.leader.y1, p.leader.x2, p.leader.y2, c.box)) return false;
      if (c.leader && p.leader && segmentsCross(c.leader, p.leader)) return false;
    }
    return true;
  }

  const label = (i: number, c: Candidate): GridLabel => ({
    id: items[i].id,
    name: items[i].name,
    text: shortNames[i],
    rows: c.rows,
    x: c.box.x + c.box.w / 2,
    y: c.box.y + c.box.h / 2,
    box: c.box,
    inside: c.inside,
    leader: c.leader,
  });

  // The picked stand first, then those whose tag would read worst (a one of a kind, "Gatling", not one of
  // a numbered run), then the most hemmed in (the fewest spots beside them; with none, the fewest further
  // out), then in the list's order: the same board always gets the same names in the same places.
  const sel = items.findIndex((i) => i.id === selected);
  const nearCount = spots.map((cs) => cs.near.length);
  const numbered = shortNames.map((n) => Number(/ \d+$/.test(n)));
  let order = items
    .map((_, i) => i)
    .sort(
      (a, b) =>
        Number(b === sel) - Number(a === sel) ||
        numbered[a] - numbered[b] ||
        nearCount[a] - nearCount[b] ||
        // Among those with none beside them, the fewest spots further out.
        (nearCount[a] === 0 && nearCount[b] === 0 ? spots[a].far.length - spots[b].far.length : 0) ||
        a - b,
    );
  let best: GridLabel[] = [];
  let bestMissing = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const placed: GridLabel[] = [];
    const missing: number[] = [];
    for (const i of order) {
      const c = spots[i].find((c) => fits(c, placed));
      if (c) placed.push(label(i, c));
      else missing.push(i);
    }
    if (missing.length < bestMissing) [best, bestMissing] = [placed, missing.length];
    if (missing.length === 0) break;
    order = [...(sel >= 0 ? [sel] : []), ...missing.filter((i) => i !== sel), ...order.filter((i) => i !== sel && !missing.includes(i))];
  }
  // Every stand is named: one still without room has its line cross others' lines, or its name lie over one.
  for (const i of items.keys()) {
    if (best.some((l) => l.id === items[i].id)) continue;
    const c = spots[i].find((c) => fits(c, best, true));
    if (c) {
      best.push(label(i, c));
      continue;
    }
    // Else a tag on the stand itself.
    const s = items[i].box;
    const text = tagOf(shortNames[i]);
    const w = runWidth({ text, kind: 'flags' }, family) * px + 2 * pad;
    const h = GRID_ROW_PX * px + 2 * pad;
    best.push({ ...label(i, { rows: [text], box: boxOf(s.x + s.w / 2, s.y + s.h / 2, w, h), inside: true }), tag: true });
  }
  return best;
}
