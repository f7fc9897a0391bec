import { listen } from '@tauri-apps/api/event';
import type { ViewChange } from '../../bindings';
import { UNREACHABLE, overHttp } from '../../transport';
import { game } from '../game.svelte';
import { notices } from '../notice.svelte';
import { club } from '../club/club.svelte';
import { seats } from '../seat/seat.svelte';

export type LinkState = 'off' | 'live' | 'reconnecting';

/**
 * The open game's new entries, heard as they are recorded on any device at the table (`GET
 * /api/live/{game}`, server-sent events). An entry this device has not seen reads the game again, so a
 * tablet shows another's move within a moment without asking. The browser reconnects by itself after a
 * drop or a sleep, sending the last entry it heard, and the server sends what it missed first; meanwhile
 * the header says it is reconnecting.
 *
 * In the app's own window the entries come as the shell's events instead (`live-entry`, `live-resync`):
 * tablets joined to the table the host opened act on the window's engine, and the window follows them
 * the same way.
 */
class LiveLink {
  #state = $state<LinkState>('off');
  get state(): LinkState {
    return this.#state;
  }
  /** The game's acting controls are off while the link is being made again. */
  private set state(now: LinkState) {
    this.#state = now;
    game.offline = now === 'reconnecting';
  }
  private source: EventSource | null = null;
  private stopWindowEvents: (() => void) | null = null;
  private following: number | null = null;
  private dropped = false;

  /** Follows the game `id` (null: none), from the entry before `after`. */
  follow(id: number | null, total: number) {
    if (id === this.following) return;
    const canHear = overHttp ? typeof EventSource !== 'undefined' : inTheWindow();
    if (!canHear) return;
    this.stop();
    if (id === null) return;
    this.following = id;
    if (overHttp) this.followStream(id, total);
    else this.followWindowEvents();
  }

  private followStream(id: number, total: number) {
    // From the last entry this device holds; a game with none hears every entry.
    const source = new EventSource(total > 0 ? `/api/live/${id}?after=${total - 1}` : `/api/live/${id}`);
    this.source = source;
    source.addEventListener('open', () => {
      this.state = 'live';
      // Back after a drop: whatever happened meanwhile is read at once, not only as entries arrive. On a
      // club's server the drop may have been a new seat given: the device takes it up first.
      if (this.dropped) {
        void (seats.club ? seats.restore(id) : Promise.resolve()).then(() => catchUp());
        notices.dismissIf(UNREACHABLE);
      }
      this.dropped = false;
    });
    source.addEventListener('error', () => {
      this.state = 'reconnecting';
      this.dropped = true;
      // Refused outright, the browser does not try again: on a club's server that is a session ended (a
      // sign-out elsewhere, a new password), and the member is shown where to sign in.
      if (source.readyState === EventSource.CLOSED && seats.club) void club.signInIfSignedOut();
    });
    source.addEventListener('entry', (e) => entryArrived(JSON.parse((e as MessageEvent).data) as HeardEntry));
    source.addEventListener('resync', () => void catchUp());
  }

  private followWindowEvents() {
    let stopped = false;
    const listening = Promise.all([
      listen<HeardEntry>('live-entry', (e) => entryArrived(e.payload)),
      listen('live-resync', () => void catchUp()),
    ]);
    this.stopWindowEvents = () => {
      stopped = true;
      listening.then(
        (unlisten) => unlisten.forEach((f) => f()),
        () => {},
      );
    };
    // Without the shell's events the window still works; it only shows others' moves when it next reads.
    listening.then(
      () => {
        if (!stopped) this.state = 'live';
      },
      () => {},
    );
  }

  stop() {
    this.source?.close();
    this.source = null;
    this.stopWindowEvents?.();
    this.stopWindowEvents = null;
    this.following = null;
    this.state = 'off';
  }
}

/** What an entry's arrival tells: its game, that game's log length after it, and over the live stream what
 * it changed in this seat's view. */
interface HeardEntry {
  game: number;
  total: number;
  change?: ViewChange | null;
}

/** An entry this device has not seen changes the game it holds, or when it brings no change that fits,
 * reads the game again. */
function entryArrived(heard: HeardEntry) {
  const now = game.now;
  if (!now || heard.game !== now.id) return;
  // This device's own action is in flight: its answer brings the game up to date, and what was heard may be
  // that very action, not another device's to announce. Heard again once the answer has landed.
  if (game.sending) {
    setTimeout(() => entryArrived(heard), 30);
    return;
  }
  const seen = now.log_total;
  if (heard.change && game.follow(heard.change)) {
    sayUndone(seen);
    return;
  }
  if (heard.total > now.log_total) void catchUp();
}

function inTheWindow(): boolean {
  return typeof window !== 'undefined' && window.__TAURI_INTERNALS__ !== undefined;
}

let waiting: ReturnType<typeof setTimeout> | null = null;

/** Reads the game again; an action of this device's in flight is let finish first (its answer may
 * already hold what was heard, and the view read after it surely does). */
function catchUp() {
  if (waiting) return;
  waiting = setTimeout(async () => {
    waiting = null;
    if (game.sending) return catchUp();
    const seen = game.now?.log_total ?? 0;
    await game.refresh();
    sayUndone(seen);
  }, 30);
}

/** An undo or redo from another device is said on this one, as its own are: a roll that vanished from the
 * screen without a word is what players distrust most. */
function sayUndone(seen: number) {
  const taken = (game.now?.log ?? []).filter((e) => e.seq >= seen && (e.kind === 'undo' || e.kind === 'redo'));
  const last = taken.at(-1);
  if (last) notices.show('info', `Another device: ${last.text}`);
}

export const live = new LiveLink();
