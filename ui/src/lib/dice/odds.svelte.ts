import { commands } from '../../bindings';
import { finite, type Action, type Odds } from '../model';
import { game } from '../game.svelte';

/**
 * The exact odds of an action, kept current: asked again whenever the action changes or the game does
 * (a loss or a move changes the dice), so what is on screen is always what the next roll faces. Create
 * it while a component initialises; its effect lives as long as the component.
 */
export class OddsQuery {
  odds = $state<Odds | null>(null);
  /** The engine's reason when there are no odds, e.g. a target out of range. */
  error = $state<string | null>(null);

  constructor(action: () => Action | null) {
    $effect(() => {
      const view = game.view;
      const a = action();
      if (!view || !a) {
        [this.odds, this.error] = [null, null];
        return;
      }
      let stale = false;
      // A short pause lets a burst of changes (tap target, then cover) cost one request.
      const timer = setTimeout(async () => {
        const r = await commands.gameOdds(view.id, a);
        if (stale) return;
        if (r.status === 'ok') [this.odds, this.error] = [finite(r.data), null];
        else [this.odds, this.error] = [null, r.error.message];
      }, 60);
      return () => {
        stale = true;
        clearTimeout(timer);
      };
    });
  }
}
