// What the player has typed but the draft does not hold yet: a field is written when it is left, the file
// pane once the typing pauses, and each write is a round trip to the engine. A save, an export or a game
// started sends all of it first and waits for it, so the file written is what the screen shows; until
// then the draft counts as having changes not saved.
import { SvelteMap, SvelteSet } from 'svelte/reactivity';

/** Sends what one field holds; resolves to false when the engine refused the change. */
export type Send = () => Promise<boolean> | undefined;

class Unsent {
  #held = new SvelteMap<symbol, Send>();
  #sending = new SvelteSet<Promise<boolean>>();

  /** Something typed and not yet sent, or sent and not yet answered. */
  get any(): boolean {
    return this.#held.size > 0 || this.#sending.size > 0;
  }

  /** `owner` holds typing that `send` writes; the newest `send` of an owner is the one kept. */
  hold(owner: symbol, send: Send) {
    this.#held.set(owner, send);
  }

  holds(owner: symbol): boolean {
    return this.#held.has(owner);
  }

  drop(owner: symbol) {
    this.#held.delete(owner);
  }

  /** A change on its way to the engine, waited for by `sendAll`. */
  track(change: Promise<boolean> | undefined) {
    if (!change) return;
    this.#sending.add(change);
    void change.finally(() => this.#sending.delete(change));
  }

  /** Sends everything held and waits for every change on its way; false when the engine refused one. */
  async sendAll(): Promise<boolean> {
    // Each send drops its hold and tracks its change.
    for (const send of [...this.#held.values()]) send();
    this.#held.clear();
    const answers = await Promise.all([...this.#sending]);
    return answers.every(Boolean);
  }
}

export const unsent = new Unsent();
