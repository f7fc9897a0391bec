// Starting the editor on a scenario: a blank, a copy (a shipped scenario is never changed: the copy is a new
// file of the player's once saved), one of the player's own files. The draft in hand is the only copy of
// unsaved work, so starting another over it waits for the player's word, asked on the Scenarios screen.

import { commands, type ScenarioSummary } from '../../bindings';
import { draft, type DraftRecord } from '../editor/draft.svelte';
import { router } from '../route.svelte';

/** A draft to start, or why it could not be made. */
export type Made = { record: DraftRecord } | { error: string };

export async function blankOf(system: string): Promise<Made> {
  const r = await commands.blankScenario(system);
  return r.status === 'ok' ? { record: { text: r.data.text, file: null } } : { error: r.error.message };
}

/** A copy titled "… (copy)", saved as a new file of the player's (a file that does not load keeps its text). */
export async function copyOf(s: ScenarioSummary): Promise<Made> {
  const r = await commands.scenarioText(s.path);
  if (r.status === 'error') return { error: r.error.message };
  const title = s.problem ? titleIn(await commands.checkScenario(r.data)) : s.title;
  if (title === null) return { record: { text: r.data, file: null } };
  const titled = await commands.editScenario(r.data, [{ op: 'set', path: ['scenario', 'title'], value: `${title} (copy)` }]);
  return { record: { text: titled.status === 'ok' ? titled.data.text : r.data, file: null } };
}

function titleIn(checked: Awaited<ReturnType<typeof commands.checkScenario>>): string | null {
  if (checked.status === 'error') return null;
  const header = (checked.data.document as { scenario?: { title?: unknown } } | null)?.scenario;
  return typeof header?.title === 'string' ? header.title : null;
}

/** One of the player's own files, to be saved back over itself. */
export async function openOwn(path: string): Promise<Made> {
  const r = await commands.scenarioText(path);
  return r.status === 'ok' ? { record: { text: r.data, file: path } } : { error: r.error.message };
}

/** Whether the draft in hand holds work that is in no file: never saved, or changed since. */
async function unsaved(): Promise<boolean> {
  const held = draft.current;
  if (!held) return false;
  if (!held.file) return true;
  const saved = await commands.scenarioText(held.file);
  return saved.status === 'error' || saved.data !== held.text;
}

class Beginning {
  /** A draft waiting to replace unsaved work, and what it is, for the question. */
  waiting = $state<{ record: DraftRecord; what: string } | null>(null);

  /** Opens the editor on `record`, or, over unsaved work, asks first on the Scenarios screen. */
  async begin(record: DraftRecord, what: string) {
    if (await unsaved()) {
      this.waiting = { record, what };
      router.scenarios();
      return;
    }
    this.open(record);
  }

  confirm() {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) this.open(waiting.record);
  }

  cancel() {
    this.waiting = null;
  }

  private open(record: DraftRecord) {
    draft.start(record.text, record.file);
    router.editor();
  }
}

export const beginning = new Beginning();

/** The name a scenario's file is shared under: its own file name (`legation-wall.toml`). */
export function fileNameOf(path: string): string {
  const last = path.split('/').pop() || 'scenario';
  return last.endsWith('.toml') ? last : `${last}.toml`;
}
