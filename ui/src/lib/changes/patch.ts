/**
 * A view changed in place by the patch the server sent (`ViewChange`, its forms worded in
 * `src/api/changes.rs`): what the patch does not name keeps its identity, so a screen drawn from it (a unit
 * on the table, a log line) is not drawn again. Throws on a patch that does not fit what is held; the
 * caller then reads the whole view.
 */

type Json = null | boolean | number | string | Json[] | { [name: string]: Json };
type Holder = { [name: string]: unknown };

export type Patch =
  | { '=': Json }
  | { '~': Record<string, Patch>; gone?: string[] }
  | { keyed: string; order: Json[]; items: [Json, Patch][] }
  | { len: number; at: [number, Patch][] };

/** `held` with `patch` made: the same object or list where it was one, changed in place; a part sent whole. */
export function patched(held: unknown, patch: Patch): unknown {
  if ('=' in patch) return patch['='];
  if ('~' in patch) return fieldsPatched(held, patch['~'], patch.gone ?? []);
  if ('keyed' in patch) return keyedPatched(held, patch.keyed, patch.order, patch.items);
  if ('len' in patch) return placedPatched(held, patch.len, patch.at);
  throw new Error(`a patch of no known form: ${JSON.stringify(patch)}`);
}

function fieldsPatched(held: unknown, fields: Record<string, Patch>, gone: string[]): Holder {
  if (!isObject(held)) throw new Error('a patch of fields for a part that is not an object');
  for (const [name, part] of Object.entries(fields)) {
    const now = patched(held[name] ?? null, part);
    if (held[name] !== now) held[name] = now;
  }
  for (const name of gone) delete held[name];
  return held;
}

function keyedPatched(held: unknown, key: string, order: Json[], items: [Json, Patch][]): unknown[] {
  if (!Array.isArray(held)) throw new Error('a keyed patch for a part that is not a list');
  // Keys are strings or numbers: matched by their JSON text, as the server matched them.
  const byKey = new Map(held.map((item) => [JSON.stringify((item as Holder)[key]), item]));
  const patches = new Map(items.map(([k, part]) => [JSON.stringify(k), part]));
  const next = order.map((k) => {
    const text = JSON.stringify(k);
    const before = byKey.get(text);
    const part = patches.get(text);
    if (part) return patched(before ?? null, part);
    if (before === undefined) throw new Error(`the list names ${text}, which the view does not hold`);
    return before;
  });
  // The same items in the same order: the list itself stays, and nothing drawn from it is redrawn.
  if (next.length === held.length && next.every((item, i) => item === held[i])) return held;
  return next;
}

function placedPatched(held: unknown, len: number, at: [number, Patch][]): unknown[] {
  if (!Array.isArray(held)) throw new Error('a placed patch for a part that is not a list');
  for (const [i, part] of at) {
    if (i > held.length) throw new Error(`the list's item ${i} follows a gap`);
    const now = patched(held[i] ?? null, part);
    if (held[i] !== now) held[i] = now;
  }
  if (held.length < len) throw new Error(`the list is ${len} long, the view holds ${held.length}`);
  if (held.length !== len) held.length = len;
  return held;
}

function isObject(value: unknown): value is Holder {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
