import type { FigureView, GameView, OddsView, Pt, Table, TerrainView, UnitView } from '../bindings';

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
/** Sand Pebbles' turn sequence; other systems have none. */
export type Sequence = NonNullable<View['sequence']>;
export type Prompt = Sequence['prompts'][number];
/** A roll due now, as the prompt cards show it; `p` is null where no single chance sums it up. */
export type DuePrompt = Omit<Prompt, 'p'> & { p: number | null };
/** Heliograph's activation state; other systems have none. */
export type Heliograph = NonNullable<View['heliograph']>;

export function finite<T>(value: T): Finite<T> {
  return value as Finite<T>;
}
