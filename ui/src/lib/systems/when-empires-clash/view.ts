import type { View } from '../../model';

/** When Empires Clash!'s own part of the view: the board, the stands and the turn, as the engine sends it. */
export type Battle = Extract<View['rules'], { system: 'when-empires-clash' }>['view'];

/** The battle's state, when it is a When Empires Clash! game. */
export function battleOf(view: View | null | undefined): Battle | null {
  return view?.rules.system === 'when-empires-clash' ? view.rules.view : null;
}
