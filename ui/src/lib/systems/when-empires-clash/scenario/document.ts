// A When Empires Clash! draft read as data for its army-lists help: each side's chosen list and dice, and
// the stands the scenario sets out for it. The draft may be half written, so every key is read with care.

import type { DraftLine_Deserialize } from '../../../../bindings';

export type SideEntry = { index: number; id: string; name: string; colour: string; army: string | null; dice: string | null };
export type PlacedStand = { kind: string; weapon: string | null };

const record = (v: unknown): Record<string, unknown> | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const entries = (document: unknown, key: string): Record<string, unknown>[] => {
  const list = record(document)?.[key];
  return Array.isArray(list) ? list.map(record).filter((e) => e !== null) : [];
};

export function sidesOf(document: unknown): SideEntry[] {
  return entries(document, 'sides').map((s, index) => ({
    index,
    id: text(s.id) ?? '',
    name: text(s.name) ?? text(s.id) ?? `Side ${index + 1}`,
    colour: text(s.colour) ?? 'var(--text-faint)',
    army: text(s.army),
    dice: text(s.dice),
  }));
}

export function standsOf(document: unknown, side: string): PlacedStand[] {
  return entries(document, 'units')
    .filter((u) => u.side === side && typeof u.kind === 'string')
    .map((u) => ({ kind: u.kind as string, weapon: text(u.weapon) }));
}

/** One stand type and weapon: how many the list buys and how many the scenario sets out. */
export type StandRow = { kind: string; weapon: string | null; listed: number; placed: number };

/** The list's lines beside the scenario's stands, by stand type and weapon, the list's order first. */
export function compare(lines: DraftLine_Deserialize[], placed: PlacedStand[]): StandRow[] {
  const rows = new Map<string, StandRow>();
  const row = (kind: string, weapon: string | null) => {
    const key = `${kind}|${weapon ?? ''}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = { kind, weapon, listed: 0, placed: 0 }));
    return found;
  };
  for (const line of lines) row(line.kind, line.weapon ?? null).listed += line.count;
  for (const stand of placed) row(stand.kind, stand.weapon).placed += 1;
  return [...rows.values()].filter((r) => r.listed > 0 || r.placed > 0);
}
