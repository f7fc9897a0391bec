import { commands } from '../../bindings';
import { game } from '../game.svelte';
import { finite } from '../model';
import { notices } from '../notice.svelte';

/**
 * The open game read back at any entry of its log (`game_view_at`): the position chosen is shown in place
 * of the game as it stands (`game.past`), and nothing can be done to it until the player goes back.
 *
 * A slider dragged along a long game asks for many positions a second; one read is in flight at a time,
 * and when it lands the newest position asked for meanwhile is read next, so the table follows the finger
 * without a queue of stale positions behind it.
 */
class Replay {
  /** The entry chosen (a `seq`): the slider's position, ahead of the table while a read is in flight. */
  at = $state(0);
  /** The entry the table shows, once read. */
  shown = $state<number | null>(null);
  #reading = false;

  get open(): boolean {
    return game.replaying;
  }

  /** The newest entry of the game as it stands: it grows while another device plays on. */
  get last(): number {
    return Math.max(0, (game.now?.log_total ?? 0) - 1);
  }

  /** Opens the replay at the newest entry, the table as it is now, to step back from. */
  start() {
    if (!game.now || game.now.log_total === 0) return;
    game.tool = 'select';
    game.templatePlaced = false;
    game.measurement = null;
    this.shown = null;
    game.past = null;
    game.replaying = true;
    this.go(this.last);
  }

  go(at: number) {
    if (!this.open) return;
    this.at = Math.min(Math.max(0, Math.round(at)), this.last);
    void this.#read();
  }

  step(by: number) {
    this.go(this.at + by);
  }

  /** Back to the game as it stands now, with whatever other devices did meanwhile. */
  close() {
    game.replaying = false;
    game.past = null;
    this.shown = null;
    game.measurement = null;
  }

  async #read() {
    if (this.#reading) return;
    this.#reading = true;
    try {
      while (this.open && this.at !== this.shown) {
        const id = game.now?.id;
        const at = this.at;
        if (id === undefined) return;
        const r = await commands.gameViewAt(id, at);
        if (!this.open || game.now?.id !== id) return;
        if (r.status === 'error') {
          notices.fromError(r.error);
          return;
        }
        game.past = finite(r.data);
        this.shown = at;
      }
    } finally {
      this.#reading = false;
    }
  }
}

export const replay = new Replay();
