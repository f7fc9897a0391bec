// "What if": the rest of the siege played out by the engine under each of the defenders' strategies, asked
// for on the player's word (it takes a moment) and kept with the point of the game it was asked at, so the
// panel can say when the game has moved on since. Nothing is recorded: it is not an action.

import { commands, type Forecast as ForecastRaw } from '../../../bindings';
import { finite, type Finite, type View } from '../../model';
import { game } from '../../game.svelte';

export type Forecast = Finite<ForecastRaw>;
export type PlanForecast = Forecast['plans'][number];
export type Share = PlanForecast['shares'][number];

/**
 * The engine answers a forecast within its own time, with the games it managed (a slow machine, a debug
 * build: fewer games, wider intervals, and the panel prints both). Should the command still overrun
 * `sandtable serve`'s budget, the server answers busy, and this many games per strategy are asked for.
 */
const FEWER = 100;

/** Where the game stands: a new entry in the log, an undo or a redo (here or on another tablet) moves it. */
export function pointOf(view: View): string {
  const last = view.log.at(-1)?.seq ?? -1;
  return `${view.id}/${last}/${view.log.filter((e) => e.undone).length}`;
}

class WhatIf {
  forecast = $state<Forecast | null>(null);
  error = $state<string | null>(null);
  busy = $state(false);
  /** The game and the point of it the forecast (or the error) belongs to. */
  gameId = $state<number | null>(null);
  at = $state<string | null>(null);

  /** Asks for the forecast from where the open game stands, with the engine's default number of games. */
  async ask() {
    const view = game.view;
    if (!view || this.busy) return;
    const at = pointOf(view);
    this.busy = true;
    this.error = null;
    try {
      let r = await commands.gameForecast(view.id, null);
      if (r.status === 'error' && r.error.kind === 'busy') r = await commands.gameForecast(view.id, FEWER);
      // The player may have left this game for another meanwhile: the answer is not about that one.
      if (game.view?.id !== view.id) return;
      [this.gameId, this.at] = [view.id, at];
      if (r.status === 'ok') this.forecast = finite(r.data);
      else [this.forecast, this.error] = [null, r.error.message];
    } catch (e) {
      [this.gameId, this.at, this.forecast] = [view.id, at, null];
      this.error = e instanceof Error ? e.message : String(e);
    } finally {
      this.busy = false;
    }
  }
}

export const whatIf = new WhatIf();
