// The scenario document (the TOML as JSON, as the engine reads it back) seen through the keys every
// system shares. Anything may be missing or of the wrong type in a file typed by hand, so each reader
// checks what it takes and the loader's own problem says what is wrong.
import type { Value } from '../../bindings';

export type Doc = { [key: string]: Value };
export type Pair = [number, number];

/** The keys the shared forms edit; every other top-level table is the system's own. */
export const SHARED_TABLES = ['scenario', 'sides', 'units', 'terrain', 'options'];

export type Edge = 'north' | 'south' | 'west' | 'east';
export const EDGES: Edge[] = ['north', 'east', 'south', 'west'];

export function isTable(v: Value | undefined): v is { [key: string]: Value } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function table(doc: Doc | null, key: string): { [key: string]: Value } {
  const v = doc?.[key];
  return isTable(v) ? v : {};
}

/** The entries of a list of tables (`[[units]]`); anything else in the list reads as an empty entry. */
export function entries(doc: Doc | null, key: string): { [key: string]: Value }[] {
  const v = doc?.[key];
  return Array.isArray(v) ? v.map((e) => (isTable(e) ? e : {})) : [];
}

export function text(v: Value | undefined): string {
  return typeof v === 'string' ? v : '';
}

export function num(v: Value | undefined): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

export function pair(v: Value | undefined): Pair | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [x, y] = v;
  return typeof x === 'number' && typeof y === 'number' ? [x, y] : null;
}

/** A polygon's corners, or null when any corner is not a pair of numbers. */
export function polygon(v: Value | undefined): Pair[] | null {
  if (!Array.isArray(v)) return null;
  const corners = v.map(pair);
  return corners.every((c) => c !== null) ? (corners as Pair[]) : null;
}

/** The table's size in inches when the scenario sets one (`[scenario] table`). */
export function tableSize(doc: Doc | null): { width: number; depth: number } | null {
  const t = table(doc, 'scenario').table;
  if (!isTable(t)) return null;
  const [width, depth] = [num(t.width), num(t.depth)];
  return width && depth && width > 0 && depth > 0 ? { width, depth } : null;
}

export function systemOf(doc: Doc | null): string | null {
  return text(table(doc, 'scenario').system) || null;
}

/** A name made into an id (`1st Squad` → `1st-squad`) that no entry in `taken` has yet. */
export function freshId(name: string, taken: string[], fallback: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || fallback;
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** A unit set on the table faces away from its side's edge, into the table. */
export function facingFrom(edge: Value | undefined): number {
  return { north: 180, east: 270, south: 0, west: 90 }[text(edge)] ?? 0;
}

/** Rounds to a half inch: a drawn corner or place lands on a value a player would type. */
export function snap(v: number): number {
  return Math.round(v * 2) / 2;
}

/** What a player typed into a field for a key of a system's own: a number, yes/no, or else the words. */
export function literal(typed: string): Value {
  const t = typed.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  return typed;
}

export function shown(v: Value | undefined): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
