import { commands, type AnnotationView, type ApiError } from '../../bindings';
import { notices } from '../notice.svelte';

/**
 * The open game's notes beside its log entries. They are not entries, so no live entry tells of another
 * device's: they are read when the game opens, when its log grows, and when the screen comes back.
 */
class Annotations {
  #game: number | null = null;
  list = $state<AnnotationView[]>([]);

  /** Reads the game's notes; those of a game no longer open are dropped as they land. */
  async load(game: number) {
    if (this.#game !== game) this.list = [];
    this.#game = game;
    const r = await commands.annotations(game);
    // Read again each time the log grows, and nearly always the same: a list changed only when it did, so
    // the log's entries are not all drawn again after every tap.
    if (this.#game === game && r.status === 'ok' && JSON.stringify(r.data) !== JSON.stringify($state.snapshot(this.list))) this.list = r.data;
  }

  /** The notes beside entry `seq`, in the order they were written. */
  at(seq: number): AnnotationView[] {
    return this.list.filter((n) => n.at === seq);
  }

  /** Writes a note beside entry `at`; a refusal (an empty or over-long note) is handed back to show by the form. */
  async add(game: number, at: number, text: string): Promise<ApiError | null> {
    const r = await commands.annotate(game, at, text);
    if (r.status === 'error') return r.error;
    if (this.#game === game) this.list = [...this.list, r.data].sort((a, b) => a.at - b.at || a.id - b.id);
    return null;
  }

  async remove(note: AnnotationView) {
    const r = await commands.removeAnnotation(note.id);
    if (r.status === 'error') notices.fromError(r.error);
    else if (this.#game === note.game) this.list = r.data;
  }
}

export const annotations = new Annotations();
