import { commands, type ApiError, type Measurement } from '../bindings';
import { finite, type Action, type Point, type Unit, type View } from './model';
import { notices } from './notice.svelte';
import { seats } from './seat/seat.svelte';
import { take } from './changes/take';
import type { ViewChange } from '../bindings';

export type Tool = 'select' | 'template' | 'move' | 'figures';

export interface Template {
  centre: Point;
  radius: number;
}

/** How long an action may be in flight before its controls are shown off. */
const SHOWN_LATE_MS = 300;

/** The open game: the engine's latest view plus what the player is doing with it on this screen. */
class GameStore {
  #now = $state<View | null>(null);
  /**
   * While the game is replayed (`replay/`): the table as it stood after the entry chosen, shown in place of
   * the game as it stands. Null until the first position is read.
   */
  past = $state<View | null>(null);
  /** The game is being replayed: what is shown is the past, and nothing may be done to it. */
  replaying = $state(false);
  loading = $state(false);
  #sending = $state(false);
  /** An action's answer is late enough for the player to be shown that it is awaited. */
  #late = $state(false);
  #lateTimer: ReturnType<typeof setTimeout> | null = null;
  /** True while an action is in flight, so double taps do not send an action twice. */
  get sending(): boolean {
    return this.#sending;
  }
  set sending(now: boolean) {
    this.#sending = now;
    if (this.#lateTimer) clearTimeout(this.#lateTimer);
    this.#lateTimer = now ? setTimeout(() => (this.#late = this.#sending), SHOWN_LATE_MS) : null;
    if (!now) this.#late = false;
  }
  /** The host is out of reach and the link to it is being made again (`live/link.svelte.ts` says so). */
  offline = $state(false);

  /**
   * What the screens show: the game as it stands, or while replaying the position chosen. Every read of
   * the engine writes the game as it stands, so another device's entries keep it current under a replay
   * that stays where it was put.
   */
  get view(): View | null {
    return (this.replaying && this.past) || this.#now;
  }
  set view(view: View | null) {
    this.#now = view;
  }
  /** The game as it stands, replaying or not. */
  get now(): View | null {
    return this.#now;
  }
  /**
   * Nothing may be done to the game: it is being replayed, or the host is out of reach, where an action
   * would only fail, or land after whatever the other devices did meanwhile.
   */
  get paused(): boolean {
    return this.replaying || this.offline;
  }
  /**
   * Whether actions are shown off: one has been in flight for a while, or the game is paused. A tap while
   * any action is in flight is ignored (`act`) whatever the buttons show: greying every control of the
   * screen for the tenth of a second an answer takes would flicker the whole screen at each tap, and cost
   * a slow tablet two redraws of it.
   */
  get busy(): boolean {
    return this.#late || this.paused;
  }
  selectedId = $state<string | null>(null);
  tool = $state<Tool>('select');
  template = $state<Template>({ centre: { x: 0, y: 0 }, radius: 3 });
  templatePlaced = $state(false);
  measurement = $state<Measurement | null>(null);
  /**
   * While the fire panel of a weapon with a blast is open, the template is its blast: fixed size, placed
   * at the impact point, drawn even when another tool is on. Holds the firing unit's id.
   */
  blast = $state<string | null>(null);
  /**
   * The unit whose volley was just fired: its range ring was for aiming that shot, and is taken up until
   * another unit is picked.
   */
  fired = $state<string | null>(null);

  /** The log entry this device's last action made: the newest entry may be another device's. */
  made = $state<number | null>(null);

  /** That entry, as the view now holds it. */
  get madeEntry() {
    return this.view?.log.find((entry) => entry.seq === this.made) ?? null;
  }

  selected: Unit | null = $derived(this.view?.units.find((u) => u.id === this.selectedId) ?? null);

  colourOf(sideId: string): string {
    return this.view?.sides.find((s) => s.id === sideId)?.colour ?? '#aaaaaa';
  }

  async open(id: number) {
    if (this.view?.id !== id) this.reset();
    this.loading = true;
    await seats.restore(id);
    const r = await commands.gameView(id);
    this.loading = false;
    if (r.status === 'ok') this.view = finite(r.data);
    else notices.fromError(r.error);
  }

  /** Quietly re-reads the game, e.g. when the tablet wakes up and others may have played meanwhile. */
  async refresh() {
    const id = this.now?.id;
    if (id === undefined || this.sending) return;
    const r = await commands.gameView(id);
    if (r.status === 'ok' && this.now?.id === id && !this.sending) this.view = finite(r.data);
  }

  /**
   * Makes a change the host sent (an action's answer, or another device's entry heard live) to the game as
   * it stands; false when it is not for the view held, which must then be read whole.
   */
  follow(change: ViewChange): boolean {
    return take(this.#now, change);
  }

  /** Reads the game whole, when a change did not fit; false when it could not be read. */
  async #readWhole(id: number): Promise<boolean> {
    const r = await commands.gameView(id);
    if (r.status !== 'ok') {
      notices.fromError(r.error);
      return false;
    }
    if (this.now?.id === id) this.view = finite(r.data);
    return true;
  }

  /** For a game just created, whose view came back with `new_game`. */
  adopt(view: View) {
    this.reset();
    this.view = view;
    // A new game starts with this device at the whole table's seat (or its link's), and is read for it.
    void seats.restore(view.id).then(() => this.refresh());
  }

  reset() {
    // A game's notices are about that game: Repeat on one from another game would act on this one.
    if (this.view) notices.dismiss();
    this.view = null;
    this.replaying = false;
    this.past = null;
    this.selectedId = null;
    this.tool = 'select';
    this.templatePlaced = false;
    this.measurement = null;
    this.blast = null;
    this.fired = null;
    this.made = null;
  }

  select(id: string | null) {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.measurement = null;
    this.fired = null;
    if (this.tool === 'move' || this.tool === 'figures') this.tool = 'select';
  }

  /**
   * Sends an action; a refusal is shown as the engine worded it and nothing else changes. `announce`
   * shows what the dice did in the banner: a test or a volley decides the game, and the log at the bottom
   * is easy to miss from across the table. It may instead ask of the entry's text whether to show it.
   * `refused` takes a refusal (or input the engine could not read) instead of the banner, for a panel that
   * shows it where the player acted.
   */
  async act(
    action: Action,
    {
      announce = false as boolean | ((text: string) => boolean),
      refused = undefined as ((error: ApiError) => void) | undefined,
    } = {},
  ): Promise<boolean> {
    const view = this.now;
    if (this.replaying) {
      // The buttons are off while replaying; a key or a tap on the table that still asks is told why.
      notices.show('info', 'Replaying: nothing can be done to the game until you go back to it.');
      return false;
    }
    if (this.offline) {
      notices.show('info', 'Reconnecting to the host: nothing can be done to the game until it is back.');
      return false;
    }
    if (!view || this.sending) return false;
    this.sending = true;
    try {
      const r = await commands.gameAct(view.id, action);
      if (r.status === 'error') {
        const now = await this.#overtaken(view, r.error);
        if (now) {
          this.#overtakenNotice(now, r.error, () => {
            if (this.view?.id === view.id) void this.act(action, { announce, refused });
          });
          return false;
        }
        if (refused && (r.error.kind === 'refused' || r.error.kind === 'bad_input')) refused(r.error);
        else notices.fromError(r.error);
        return false;
      }
      if (!this.follow(r.data) && !(await this.#readWhole(view.id))) return true;
      if (!this.view) return true;
      // Positions and figure counts may have changed, so an old measurement would mislead.
      this.measurement = null;
      if (action.type === 'fire' && 'unit' in action && typeof action.unit === 'string') this.fired = action.unit;
      // The entry this action made, which another device's, stored in the same turn, may follow.
      this.made = r.data.made;
      const newest = this.madeEntry ?? this.view.log.at(-1);
      const say = typeof announce === 'function' ? (newest ? announce(newest.text) : false) : announce;
      if (say && newest) notices.show('info', newest.text, null, 8000);
      return true;
    } finally {
      this.sending = false;
    }
  }

  /**
   * The game as it now stands if another device changed it while this one was acting on `seen`: the
   * store turned the action away (`conflict`), or the rules did after entries the player never saw landed
   * first (the screen was stale, and the refusal may be of the game the player did not see). Null when the
   * refusal stands on the game as shown.
   */
  async #overtaken(seen: View, error: ApiError): Promise<View | null> {
    if (error.kind !== 'conflict' && error.kind !== 'refused') return null;
    const r = await commands.gameView(seen.id);
    if (r.status !== 'ok') return null;
    const now = finite(r.data);
    return error.kind === 'conflict' || now.log_total !== seen.log_total ? now : null;
  }

  /** Shows the game as it now stands and says plainly why the action was not recorded, with a way to send it again. */
  #overtakenNotice(now: View, error: ApiError, repeat: () => void) {
    if (this.view?.id === now.id) {
      this.view = now;
      this.measurement = null;
    }
    const newest = now.log.at(-1)?.text.replace(/[.\s]+$/, '');
    const first = newest ? `Another device changed the game first: ${newest}.` : 'Another device changed the game first.';
    notices.offer('stale', `${first} Your action was not recorded.`, { label: 'Repeat', testid: 'notice-repeat', run: repeat }, error.rule ?? null);
  }

  async measureTo(targetId: string) {
    const view = this.view;
    if (!view || !this.selectedId) return;
    const r = await commands.measure(view.id, this.selectedId, targetId);
    if (r.status === 'ok') this.measurement = r.data;
    else notices.fromError(r.error);
  }
}

export const game = new GameStore();
