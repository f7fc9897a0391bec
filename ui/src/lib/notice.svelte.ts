import type { ApiError } from '../bindings';

export type Tone = 'error' | 'refused' | 'info';

export interface Notice {
  id: number;
  tone: Tone;
  message: string;
  rule: string | null;
}

// One banner at a time: at the table only the latest answer matters, and a stack of toasts would cover
// the models on the screen.
class Notices {
  current = $state<Notice | null>(null);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #next = 1;

  show(tone: Tone, message: string, rule: string | null = null, ms = tone === 'info' ? 3500 : 9000) {
    clearTimeout(this.#timer);
    this.current = { id: this.#next++, tone, message, rule };
    this.#timer = setTimeout(() => this.dismiss(), ms);
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
