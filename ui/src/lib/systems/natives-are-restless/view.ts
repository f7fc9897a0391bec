import type { Unit, View } from '../../model';

/** The siege's own part of the view, as the engine sends it. */
export type Siege = Extract<View['rules'], { system: 'natives-are-restless' }>['view'];

/** The game's siege state, when it is a game of The Natives are Restless Tonight. */
export function siegeOf(view: View | null | undefined): Siege | null {
  return view?.rules.system === 'natives-are-restless' ? view.rules.view : null;
}

/** A unit's name as the table knows it, from its id. */
export function nameOf(view: View | null | undefined, id: string): string {
  return view?.units.find((u) => u.id === id)?.name ?? id;
}

/** The name a kind of native goes by off the table ("Tiger Men"), from the reserves the view lists. */
export function kindName(siege: Siege, kind: string): string {
  return siege.reserves.find((r) => r.kind === kind)?.name ?? kind.replaceAll('_', ' ');
}

/** The units an offer of `unit` names, where it is open and names some: its targets, its squads. */
export function picks(unit: Unit, action: string): string[] {
  const offer = unit.offers.find((o) => o.action === action);
  return offer && !offer.barred ? (offer.pick?.from ?? []) : [];
}
