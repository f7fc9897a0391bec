import type { View } from '../../model';

/** L'Estate dei Boxers' own part of the view: the zone map, the day, the tracks and the counters. */
export type Estate = Extract<View['rules'], { system: 'estate-dei-boxers' }>['view'];
export type Zone = Estate['map']['zones'][number];
export type Counter = Estate['counters'][number];
export type FireChoice = Estate['fires'][number]['choices'][number];
export type Chance = FireChoice['odds'][number];
export type Melee = Estate['melees'][number];

/** The siege's state, when it is a game of L'Estate dei Boxers. */
export function estateOf(view: View | null | undefined): Estate | null {
  return view?.rules.system === 'estate-dei-boxers' ? view.rules.view : null;
}

/** The stage's key and, in a combat sequence, its phase: "setup", "combat/soldier_move". */
export function stageKey(estate: Estate): string {
  const s = estate.stage;
  return s.stage === 'combat' ? `combat/${s.phase}` : s.stage;
}

const CHINESE = new Set(['boxers', 'fanatics', 'regulars', 'boxer_leader', 'regular_leader']);

/** A Boxer or Imperial counter: the app plays these, the player never picks one. */
export function chinese(c: Counter): boolean {
  return CHINESE.has(c.kind);
}

/** The counters in a zone, the defenders first. */
export function countersIn(estate: Estate, zone: string): Counter[] {
  const here = estate.counters.filter((c) => c.at === 'zone' && c.zone === zone);
  return [...here.filter((c) => !chinese(c)), ...here.filter(chinese)];
}

/**
 * What a zone holds, for its chips on the map: the points as the engine counts them (the defenders' with
 * their guns' value, the Boxers' without their leaders), and who is there besides.
 */
export interface Holding {
  soldiers: number;
  civilians: number;
  boxers: number;
  officers: number;
  guns: number;
  leaders: number;
}

export function holding(zone: Zone, counters: Counter[]): Holding {
  const count = (kinds: Counter['kind'][]) => counters.filter((c) => kinds.includes(c.kind)).length;
  return {
    soldiers: zone.soldiers,
    civilians: zone.civilians,
    boxers: zone.boxers,
    officers: count(['officer', 'mac_donald']),
    guns: count(['machine_gun', 'cannon']),
    leaders: count(['boxer_leader', 'regular_leader']),
  };
}

/** A (words, number) pair of the view: the engine's tuples arrive typed as plain arrays. */
export type Pair = [string, number];
export function pairs(list: (string | number)[][]): Pair[] {
  return list as Pair[];
}

/** "+2 officers, −1 Chinese leaders": the table's modifiers as they add up on the die. */
export function modifierText(mods: (string | number)[][]): string {
  return pairs(mods)
    .map(([what, n]) => `${n > 0 ? '+' : '−'}${Math.abs(n)} ${what}`)
    .join(', ');
}

/**
 * The chances of each result, one line per result: the view lists one per die row, and rows that read
 * the same (a psychological test the fanatics hold on any of five faces) are one outcome to a player.
 */
export function merged(odds: Chance[]): Chance[] {
  const out: Chance[] = [];
  for (const c of odds) {
    const same = out.find((o) => o.result === c.result);
    if (same) same.p += c.p;
    else out.push({ ...c });
  }
  return out;
}

/** Losses the defenders owe while the player says who takes them (6.4), and one counter that may. */
export type Losses = NonNullable<Estate['losses']>;
export type LossCandidate = Losses['counters'][number];
