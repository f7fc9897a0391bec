// The scenario open in the editor. Its text is the only truth: every change is one round trip that sends
// the text and the change and gets back the new text as the loader reads it (its first problem at its
// field, the forms' document, the table's preview, the forces). Undo is the texts before, redo the ones
// undone; the draft store keeps the newest text across a reload.
import { SvelteSet } from 'svelte/reactivity';
import { commands, type Edit, type EditorInfo, type ScenarioDraft, type Value } from '../../bindings';
import { finite, type View } from '../model';
import { notices } from '../notice.svelte';
import { draft, type DraftRecord } from './draft.svelte';
import { systemOf, type Doc } from './doc';
import { keepHistory, keptHistory } from './history';
import { claimant, type Path } from './paths';
import { missingToPlay } from './ready';
import { unsent } from './unsent.svelte';

export type Tab = 'scenario' | 'sides' | 'units' | 'terrain' | 'options' | 'system' | 'text';
export type Selection = { kind: 'unit' | 'terrain' | 'side'; index: number } | null;

/** How long a tap on the problem line waits for the problem's field to appear and take the focus. */
const ASK_LAPSES_MS = 1500;

/** Texts kept to undo to: far more than a planning session undoes, few enough to stay light. */
const HISTORY = 200;

/** The tab whose forms hold a field under this top-level key. */
export function tabOf(path: Path): Tab {
  const top = path[0];
  if (top === 'scenario' || top === 'sides' || top === 'units' || top === 'terrain' || top === 'options') return top;
  return typeof top === 'string' ? 'system' : 'text';
}

class EditorSession {
  current = $state<ScenarioDraft | null>(null);
  info = $state<EditorInfo | null>(null);
  /** The last table that loaded: drawn under a problem so the table does not vanish while it is fixed. */
  lastPreview = $state<View | null>(null);
  past = $state<string[]>([]);
  future = $state<string[]>([]);
  busy = $state(false);
  selection = $state<Selection>(null);
  tab = $state<Tab>('scenario');
  /** The fields on screen, by path: the deepest one leading to the problem shows it. */
  fields = new SvelteSet<string>();
  /** Set when the player asks to be shown the problem; the field showing it scrolls into view, takes focus
   * and clears it. */
  asked = $state(false);

  #queue: Promise<unknown> = Promise.resolve();

  get text(): string {
    return this.current?.text ?? '';
  }
  get doc(): Doc | null {
    const d = this.current?.document;
    return d && typeof d === 'object' && !Array.isArray(d) ? d : null;
  }
  get problem() {
    return this.current?.problem ?? null;
  }
  get preview(): View | null {
    return this.current?.preview ? finite(this.current.preview) : null;
  }
  get system(): string | null {
    return systemOf(this.doc);
  }
  /** What a draft that loads lacks before it can be played, in a sentence; null when nothing is. */
  get missing(): string | null {
    return missingToPlay(this.current, this.doc);
  }
  /** The field showing the problem, by its path's key, when one on screen leads to it. */
  get problemField(): string | null {
    const p = this.problem;
    return p && p.path.length > 0 ? claimant(p.path, this.fields) : null;
  }
  /** Work the player's file does not hold: typing not yet in the draft counts, as the screen shows it. */
  get unsaved(): boolean {
    return unsent.any || (draft.current?.saved ?? null) !== this.text;
  }

  /**
   * Sends whatever is typed and not yet sent, and waits for every change asked for, so that the text is
   * what the screen shows. False when the engine refused one of them.
   */
  async settle(): Promise<boolean> {
    const sent = await unsent.sendAll();
    let queue: Promise<unknown>;
    do {
      queue = this.#queue;
      await queue;
    } while (queue !== this.#queue);
    return sent;
  }

  /** One change at a time, each on the text the one before left. */
  #run<T>(job: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(async () => {
      this.busy = true;
      try {
        return await job();
      } finally {
        this.busy = false;
      }
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Opens the draft the store holds (a fresh one starts a fresh history). */
  open(record: DraftRecord): Promise<boolean> {
    return this.#run(async () => {
      if (this.current && this.current.text === record.text) return true;
      const r = await commands.checkScenario(record.text);
      if (r.status === 'error') {
        notices.fromError(r.error);
        return false;
      }
      ({ past: this.past, future: this.future } = keptHistory(record.text));
      this.selection = null;
      this.lastPreview = null;
      this.#show(r.data);
      return true;
    });
  }

  /** Makes the changes; false (and a notice saying why) when the engine could not make them. */
  edit(edits: Edit[]): Promise<boolean> {
    return this.#run(async () => {
      const r = await commands.editScenario(this.text, edits);
      if (r.status === 'error') {
        notices.fromError(r.error);
        return false;
      }
      this.#commit(r.data);
      return true;
    });
  }

  set(path: Path, value: Value): Promise<boolean> {
    return this.edit([{ op: 'set', path, value }]);
  }

  /** Takes a field out, if the file has it: an optional key left empty is not written at all. */
  unset(path: Path, present: boolean): Promise<boolean> {
    return present ? this.edit([{ op: 'remove', path }]) : Promise.resolve(true);
  }

  /** The text as the player typed it in the text pane, checked as a file is. */
  replace(text: string): Promise<boolean> {
    return this.#run(async () => {
      if (text === this.text) return true;
      const r = await commands.checkScenario(text);
      if (r.status === 'error') {
        notices.fromError(r.error);
        return false;
      }
      this.#commit(r.data);
      return true;
    });
  }

  undo(): Promise<boolean> {
    return this.#step(this.past, this.future);
  }

  redo(): Promise<boolean> {
    return this.#step(this.future, this.past);
  }

  #step(from: string[], to: string[]): Promise<boolean> {
    return this.#run(async () => {
      const text = from.at(-1);
      if (text === undefined) return false;
      const r = await commands.checkScenario(text);
      if (r.status === 'error') {
        notices.fromError(r.error);
        return false;
      }
      from.pop();
      to.push(this.text);
      this.#show(r.data);
      return true;
    });
  }

  #commit(next: ScenarioDraft) {
    if (next.text === this.text) return this.#show(next);
    this.past.push(this.text);
    if (this.past.length > HISTORY) this.past.splice(0, this.past.length - HISTORY);
    this.future = [];
    this.#show(next);
  }

  #show(next: ScenarioDraft) {
    this.current = next;
    if (next.preview) this.lastPreview = finite(next.preview);
    const kept = draft.current;
    draft.keep({ text: next.text, file: kept?.file ?? null, saved: kept?.saved ?? null });
    keepHistory(next.text, this.past, this.future);
    void this.#readInfo();
  }

  #infoFor: string | null = null;
  async #readInfo() {
    const system = this.system;
    if (!system || system === this.#infoFor) return;
    this.#infoFor = system;
    const r = await commands.scenarioEditorInfo(system);
    // A system named wrong is the loader's problem to say, at its field; the forms go without the lists.
    this.info = r.status === 'ok' ? r.data : null;
  }

  /** Takes the player to the problem's field: its tab, its entry, and then the field itself. */
  showProblem() {
    const p = this.problem;
    if (!p) return;
    const [top, index] = p.path;
    const kind = top === 'units' ? 'unit' : top === 'terrain' ? 'terrain' : top === 'sides' ? 'side' : null;
    if (kind && typeof index === 'number') this.selection = { kind, index };
    this.tab = tabOf(p.path);
    this.asked = true;
    // A problem no field on screen takes (a whole entry's) leaves the ask unanswered: it lapses, so a
    // field that takes a later problem does not snatch the focus.
    setTimeout(() => (this.asked = false), ASK_LAPSES_MS);
  }

  /**
   * `text` was saved under `file` (the player's `yours/<name>`). A change made while the save was on its
   * way is not in that file, so the draft says so.
   */
  markSaved(file: string, text: string) {
    draft.keep({ text: this.text, file, saved: text });
  }

  close() {
    this.current = null;
    this.info = null;
    this.#infoFor = null;
    this.lastPreview = null;
    this.past = [];
    this.future = [];
    this.selection = null;
    draft.clear();
  }
}

export const session = new EditorSession();
