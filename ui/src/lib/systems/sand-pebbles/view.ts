import type { View } from '../../model';

/** The Sand Pebbles phase bar's state, as the engine sends it. */
export type Sequence = Extract<View['rules'], { system: 'sand-pebbles' }>['view'];

/** The game's turn sequence, when it is a Sand Pebbles game. */
export function sequenceOf(view: View | null | undefined): Sequence | null {
  return view?.rules.system === 'sand-pebbles' ? view.rules.view : null;
}
