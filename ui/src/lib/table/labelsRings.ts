// Where the words round the selected unit go (its weapon's reach on the range ring, "move 10.2" left" on
// its move ring, a boat's budget at the tip of its reach) and where the ruler's reading goes, worked out
// once: RangeRings and Ruler draw them there, and the name placer keeps its labels off them, so a unit's
// name never lands under a ring's words or a ruler's pill.

import { moveLeftNow, type Point, type TableSize, type Unit } from '../model';
import { inches } from '../format';
import { ringRange, weaponWords } from '../combat/reach';
import { aliveFigures, anchorOf, FIGURE_RADIUS, pointAlong } from './geometry';
import { turningBudget } from './turning';
import { runWidth, type Box } from './labels';

export type Anchor = 'start' | 'middle' | 'end';

export interface Caption {
  x: number;
  y: number;
  anchor: Anchor;
  /** The room its text takes, in inches, with a little to spare round it. */
  box: Box;
}

/** Ring words are 14 px; a line of the budget's is 17 px apart. */
export const CAPTION_PX = 14;
export const CAPTION_LINE_PX = 17;
const SPARE_PX = 3;

/** The box of text drawn at `x`, `y` with `anchor`, its first line on the baseline `y` (or centred on it). */
function textBox(lines: string[], x: number, y: number, anchor: Anchor, px: number, family: string, middle = false): Box {
  const w = Math.max(...lines.map((t) => runWidth({ text: t, kind: 'name' }, family))) * px;
  const left = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  const top = middle ? y - 0.6 * CAPTION_PX * px : y - 0.85 * CAPTION_PX * px;
  const h = (0.85 * CAPTION_PX + 0.3 * CAPTION_PX + (lines.length - 1) * CAPTION_LINE_PX) * px;
  const s = SPARE_PX * px;
  return { x: left - s, y: top - s, w: w + 2 * s, h: h + 2 * s };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function onTable(b: Box, table: TableSize): boolean {
  return b.x >= 0 && b.y >= 0 && b.x + b.w <= table.width && b.y + b.h <= table.depth;
}

/** Whether a caption's words would lie over none of `crowd` (other units' figures). */
function clearOf(box: Box, crowd: Point[]): boolean {
  const r = FIGURE_RADIUS;
  return !crowd.some((p) => p.x > box.x - r && p.x < box.x + box.w + r && p.y > box.y - r && p.y < box.y + box.h + r);
}

/**
 * The weapon's reach, on the ring's outermost point still on the table: above, else below, left or right;
 * the first of those clear of other units' figures (`crowd`), words over a unit being unreadable.
 */
export function rangeCaption(unit: Unit, table: TableSize, px: number, family: string, crowd: Point[] = []): (Caption & { text: string }) | null {
  const range = ringRange(unit);
  const figures = aliveFigures(unit);
  if (!(range > 0) || figures.length === 0 || !unit.weapon) return null;
  const text = weaponWords(unit.weapon);
  const xs = figures.map((f) => f.pos.x);
  const ys = figures.map((f) => f.pos.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  const spots: { x: number; y: number; anchor: Anchor }[] = [
    { x: cx, y: Math.min(...ys) - range - 4 * px, anchor: 'middle' },
    { x: cx, y: Math.max(...ys) + range + 14 * px, anchor: 'middle' },
    { x: Math.min(...xs) - range + 6 * px, y: cy, anchor: 'start' },
    { x: Math.max(...xs) + range - 6 * px, y: cy, anchor: 'end' },
  ];
  const placed = spots
    .filter((p) => p.x >= 0 && p.x <= table.width && p.y >= 1 && p.y <= table.depth)
    .map((p) => ({ ...p, text, box: textBox([text], p.x, p.y, p.anchor, px, family) }));
  return placed.find((c) => clearOf(c.box, crowd)) ?? placed[0] ?? null;
}

/**
 * "move 10.2" left" under the move ring, or over it, or beside it: the first whose words lie wholly on the
 * table (one under a unit at the table's foot would be cut off).
 */
export function moveCaption(unit: Unit, table: TableSize, px: number, family: string, crowd: Point[] = []): (Caption & { text: string }) | null {
  const avoid = rangeCaption(unit, table, px, family, crowd)?.box;
  const anchor = anchorOf(unit);
  const left = moveLeftNow(unit);
  if (!anchor || !left || turningBudget(unit)) return null;
  const text = `move ${inches(left)} left`;
  const spots: { x: number; y: number; anchor: Anchor }[] = [
    { x: anchor.x, y: anchor.y + left + 16 * px, anchor: 'middle' },
    { x: anchor.x, y: anchor.y - left - 6 * px, anchor: 'middle' },
    { x: anchor.x + left + 6 * px, y: anchor.y + 5 * px, anchor: 'start' },
    { x: anchor.x - left - 6 * px, y: anchor.y + 5 * px, anchor: 'end' },
  ];
  // Words centred under a unit near the table's side slide in along the ring's foot rather than off.
  const w = textBox([text], 0, 0, 'middle', px, family).w;
  const placed = spots.map((p) => {
    const x = p.anchor === 'middle' ? Math.min(Math.max(p.x, w / 2), table.width - w / 2) : p.x;
    return { ...p, x, text, box: textBox([text], x, p.y, p.anchor, px, family) };
  });
  const free = (c: Caption) => onTable(c.box, table) && !(avoid && overlaps(c.box, avoid));
  return placed.find((c) => free(c) && clearOf(c.box, crowd)) ?? placed.find(free) ?? placed.find((c) => onTable(c.box, table)) ?? placed[0];
}

/** A boat's budget, just past the tip of its reach on the side it heads. */
export function budgetCaption(unit: Unit, px: number, family: string): (Caption & { lines: string[] }) | null {
  const budget = turningBudget(unit);
  const anchor = anchorOf(unit);
  const left = moveLeftNow(unit);
  if (!budget || !anchor || !left) return null;
  const tip: Point = pointAlong(anchor, unit.facing, left + 8 * px);
  const across = Math.sin((unit.facing * Math.PI) / 180);
  const side: Anchor = across > 0.3 ? 'start' : across < -0.3 ? 'end' : 'middle';
  const lines = [`${inches(left)} left`, ...(budget.owed > 0.05 ? [`must move ${inches(budget.owed)}`] : []), 'turns 6" per 90°'];
  return { x: tip.x, y: tip.y, anchor: side, lines, box: textBox(lines, tip.x, tip.y, side, px, family, true) };
}

/** What the name placer keeps clear round the selected unit: its rings' words (no range once it has fired). */
export function ringCaptionBoxes(unit: Unit | null, table: TableSize, px: number, family: string, aiming = true, crowd: Point[] = []): Box[] {
  if (!unit || unit.out || unit.masked) return [];
  const range = aiming ? rangeCaption(unit, table, px, family, crowd) : null;
  return [range, moveCaption(unit, table, px, family, crowd), budgetCaption(unit, px, family)]
    .filter((c) => c !== null)
    .map((c) => c.box);
}

/** A template's or a blast's reading, above its disc: "3" blast · 7 under". */
export function templateCaption(centre: Point, radius: number, count: number, label: string, px: number, family: string): Caption & { text: string } {
  const text = `${inches(radius, radius % 1 ? 1 : 0)} ${label} · ${count} under`;
  const y = centre.y - radius - 6 * px;
  return { x: centre.x, y, anchor: 'middle', text, box: textBox([text], centre.x, y, 'middle', px, family) };
}

/** The ruler's reading: a pill at the middle of the tape, `chars` long. */
export function rulerPill(from: Point, to: Point, chars: number, px: number): Box {
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const w = (chars * 9.2 + 20) * px;
  return { x: mid.x - w / 2, y: mid.y - 13 * px, w, h: 26 * px };
}

/** The tape itself, as short boxes along it (one box round a slanting line would cover half the table). */
export function rulerTape(from: Point, to: Point, px: number): Box[] {
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  const step = 10 * px;
  const n = Math.max(1, Math.ceil(len / step));
  const half = 4 * px;
  const out: Box[] = [];
  for (let i = 0; i < n; i++) {
    const a = { x: from.x + ((to.x - from.x) * i) / n, y: from.y + ((to.y - from.y) * i) / n };
    const b = { x: from.x + ((to.x - from.x) * (i + 1)) / n, y: from.y + ((to.y - from.y) * (i + 1)) / n };
    const x = Math.min(a.x, b.x) - half;
    const y = Math.min(a.y, b.y) - half;
    out.push({ x, y, w: Math.abs(b.x - a.x) + 2 * half, h: Math.abs(b.y - a.y) + 2 * half });
  }
  return out;
}
