import type { AnyAction_Deserialize, FigureView, GameView, OddsView, Pt, Table, TerrainView, UnitView } from '../bindings';

/**
 * The engine's views as the UI reads them. specta types every Rust `f64` as `number | null`, because
 * serde_json writes NaN and infinities as null; the engine refuses non-finite input and never puts one in
 * a view, so inside a `GameView` or `OddsView` every such field is a plain number. The generated types
 * may also come as a sent/received pair that differ only in optional fields; `-?` makes them one shape.
 * Only apply this to types whose nullable numbers are all f64 (not to `Measurement`, whose
 * `weapon_range` is a real Option).
 */
export type Finite<T> = [T] extends [null | undefined]
  ? T
  : [T] extends [number | null | undefined]
    ? number
    : FiniteEach<T>;
type FiniteEach<T> = T extends (infer U)[] ? Finite<U>[] : T extends object ? { [K in keyof T]-?: Finite<T[K]> } : T;

export type View = Finite<GameView>;
export type Unit = Finite<UnitView>;
export type Figure = Finite<FigureView>;
export type Terrain = Finite<TerrainView>;
export type Point = Finite<Pt>;
export type Odds = Finite<OddsView>;
export type TableSize = Finite<Table>;
/** A roll due now, as the prompt cards show it; `p` is null where no single chance sums it up. */
export type Prompt = View['prompts'][number];
/** An action the unit may take now, or may not with the reason. */
export type Offer = Unit['offers'][number];
/** The rule system's own part of the view, tagged with its id. */
export type Rules = View['rules'];
/** Anything a player can send: a shared action or one of the game's own system's. */
export type Action = AnyAction_Deserialize;

export function finite<T>(value: T): Finite<T> {
  return value as Finite<T>;
}

/** The unit's offer of `action`, if the rules list it for the unit now. */
export function offerOf(unit: Unit, action: string): Offer | null {
  return unit.offers.find((o) => o.action === action) ?? null;
}

/** Whether the unit may take `action` now. */
export function may(unit: Unit, action: string): boolean {
  const offer = offerOf(unit, action);
  return !!offer && offer.barred === null;
}

export function sideName(view: View, id: string | null | undefined): string {
  return view.sides.find((s) => s.id === id)?.name ?? id ?? '';
}

/** What a player may read of a unit: the engine names a hidden counter only as one for a seat that may
 * not know what it is ("Hidden counter 2"). */
export function shownName(unit: Unit | null | undefined, id = ''): string {
  if (!unit) return id;
  return unit.name;
}

/**
 * The inches the unit may still move now: its allowance's rest, while the rules offer it a move. A phase
 * that has ended leaves the allowance in the view until the turn does, but no move to spend it on, so
 * its ring and "move left" go with the phase. A system that lists no move offer is taken at its allowance.
 */
export function moveLeftNow(unit: Unit | null | undefined): number {
  const a = unit?.allowance;
  if (!unit || !a || !(a.left > 0.05)) return 0;
  if (offerOf(unit, 'move') && !may(unit, 'move')) return 0;
  return a.left;
}

/** Whether the unit has move left to spend with the table's move tool now. */
export function hasMoveLeft(unit: Unit | null | undefined): boolean {
  return moveLeftNow(unit) > 0 && !unit!.out && !unit!.carried_by;
}

/** Shown to this seat only as a chit: its place and side, nothing of what it is. */
export function isChit(unit: Unit): boolean {
  return unit.masked === true;
}
