import { overHttp } from '../../transport';
import { game } from '../game.svelte';

export type LinkState = 'off' | 'live' | 'reconnecting';

/**
 * The open game's new entries, heard as they are recorded on any device at the table (`GET
 * /api/live/{game}`, server-sent events). An entry this device has not seen reads the game again, so a
 * tablet shows another's move within a moment without asking. The browser reconnects by itself after a
 * drop or a sleep, sending the last entry it heard, and the server sends what it missed first; meanwhile
 * the header says it is reconnecting.
 */
class LiveLink {
  state = $state<LinkState>('off');
  private source: EventSource | null = null;
  private following: number | null = null;
  private dropped = false;

  /** Follows the game `id` (null: none), from the entry before `after`. */
  follow(id: number | null, total: number) {
    if (!overHttp || typeof EventSource === 'undefined' || id === this.following) return;
    this.stop();
    if (id === null) return;
    this.following = id;
    // From the last entry this device holds; a game with none hears every entry.
    const source = new EventSource(total > 0 ? `/api/live/${id}?after=${total - 1}` : `/api/live/${id}`);
    this.source = source;
    source.addEventListener('open', () => {
      this.state = 'live';
      // Back after a drop: whatever happened meanwhile is read at once, not only as entries arrive.
      if (this.dropped) void catchUp();
      this.dropped = false;
    });
    source.addEventListener('error', () => {
      this.state = 'reconnecting';
      this.dropped = true;
    });
    source.addEventListener('entry', (e) => {
      const heard = JSON.parse((e as MessageEvent).data) as { game: number; total: number };
      if (heard.game === game.view?.id && heard.total > game.view.log_total) void catchUp();
    });
    source.addEventListener('resync', () => void catchUp());
  }

  stop() {
    this.source?.close();
    this.source = null;
    this.following = null;
    this.state = 'off';
  }
}

let waiting: ReturnType<typeof setTimeout> | null = null;

/** Reads the game again; an action of this device's in flight is let finish first (its answer may
 * already hold what was heard, and the view read after it surely does). */
function catchUp() {
  if (waiting) return;
  waiting = setTimeout(async () => {
    waiting = null;
    if (game.busy) return catchUp();
    await game.refresh();
  }, 30);
}

export const live = new LiveLink();
