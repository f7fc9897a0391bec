import type { ApiError } from '../bindings';

/** `stale`: the player's action was not recorded because another device changed the game first. */
export type Tone = 'error' | 'refused' | 'info' | 'stale';

/** One tap that answers the notice, e.g. sending the action again. */
export interface NoticeAction {
  label: string;
  testid: string;
  run: () => void;
}

export interface Notice {
  id: number;
  tone: Tone;
  message: string;
  rule: string | null;
  action: NoticeAction | null;
}

// One notice at a time: at the table only the latest answer matters. It is shown in a lane of its own
// (under the table, which makes room for it) that covers nothing, so a refusal or an error stays until the
// player dismisses it or the next notice takes its place; a result (info) goes by itself after a while.
class Notices {
  current = $state<Notice | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #next = 1;

  /** `ms` times an info notice out; refusals and errors wait for the player whatever it says. */
  show(tone: Tone, message: string, rule: string | null = null, ms = 6000) {
    clearTimeout(this.#timer);
    this.current = { id: this.#next++, tone, message, rule, action: null };
    if (tone === 'info') this.#timer = setTimeout(() => this.dismiss(), ms);
  }

  /** A notice with a button; it waits for the player, who may tap it or dismiss the notice. */
  offer(tone: Tone, message: string, action: NoticeAction, rule: string | null = null) {
    clearTimeout(this.#timer);
    this.current = { id: this.#next++, tone, message, rule, action };
  }

  fromError(error: ApiError) {
    this.show(error.kind === 'refused' ? 'refused' : 'error', error.message, error.rule ?? null);
  }

  dismiss() {
    clearTimeout(this.#timer);
    this.current = null;
  }

  /** Takes down the notice if it begins so: one whose cause has passed (the server is back). */
  dismissIf(start: string) {
    if (this.current?.message.startsWith(start)) this.dismiss();
  }
}

export const notices = new Notices();
