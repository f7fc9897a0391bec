import type { ApiError } from '../bindings';

export type Tone = 'error' | 'refused' | 'info';

export interface Notice {
  id: number;
  tone: Tone;
  message: string;
  rule: string | null;
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
    this.current = { id: this.#next++, tone, message, rule };
    if (tone === 'info') this.#timer = setTimeout(() => this.dismiss(), ms);
  }

  fromError(error: ApiError) {
    this.show(error.kind === 'refused' ? 'refused' : 'error', error.message, error.rule ?? null);
  }

  dismiss() {
    clearTimeout(this.#timer);
    this.current = null;
  }
}

export const notices = new Notices();
