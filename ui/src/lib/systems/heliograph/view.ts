import type { View } from '../../model';

/** The Heliograph activation bar's state, as the engine sends it. */
export type Activations = Extract<View['rules'], { system: 'heliograph' }>['view'];

/** The game's activation state, when it is a Heliograph game. */
export function activationsOf(view: View | null | undefined): Activations | null {
  return view?.rules.system === 'heliograph' ? view.rules.view : null;
}
