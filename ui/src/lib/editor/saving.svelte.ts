// Saving the draft in the player's folder (asking before it replaces a file it did not come from),
// exporting it as a file to share, and starting a game from it.
import { commands } from '../../bindings';
import { game } from '../game.svelte';
import { finite } from '../model';
import { notices } from '../notice.svelte';
import { router } from '../route.svelte';
import { saveFile } from '../share/save-file';
import { draft } from './draft.svelte';
import { table, text } from './doc';
import { session } from './session.svelte';

/** The prefix the engine names the player's own scenarios by. */
const OWN = 'yours/';

/** A title as a file stem, the way the engine names a saved file. */
export function stemOf(title: string): string {
  const words = [...title.toLowerCase()].map((c) => (/[\p{L}\p{N}]/u.test(c) ? c : '-')).join('');
  return words.replace(/-+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'scenario';
}

class Saving {
  /** The engine's word that a file of that name is already there, and what was to follow the save. */
  conflict = $state<{ message: string; thenPlay: boolean } | null>(null);
  busy = $state(false);

  /** The file the draft saves over, or what a new one will be called. */
  get fileName(): string {
    const file = draft.current?.file;
    return `${file ? file.replace(OWN, '') : stemOf(text(table(session.doc, 'scenario').title))}.toml`;
  }

  /**
   * Saves the draft as the screen shows it: what is still being typed is written into it first. A draft
   * from one of the player's files goes back over it; a new one is named from its title (or `name`), and an
   * existing file of that name is replaced only when `replace` says so. Resolves to the saved scenario's
   * name (`yours/<file>`), or null when it was not saved.
   */
  async save({ name, replace = false, thenPlay = false }: { name?: string; replace?: boolean; thenPlay?: boolean } = {}): Promise<string | null> {
    this.busy = true;
    let saved: string | null = null;
    try {
      saved = await this.#write(name, replace, thenPlay);
    } finally {
      this.busy = false;
    }
    if (saved && thenPlay) await this.play();
    return saved;
  }

  async #write(name: string | undefined, replace: boolean, thenPlay: boolean): Promise<string | null> {
    if (!(await this.#settled('Not saved'))) return null;
    if (session.problem) {
      notices.show('refused', 'Not saved: the scenario does not load yet. The red line above says what is wrong and where.');
      return null;
    }
    const own = draft.current?.file ?? null;
    const text = session.text;
    const r = await commands.saveScenario(text, name ?? own, replace || (name === undefined && own !== null));
    if (r.status === 'error') {
      if (r.error.kind === 'conflict') this.conflict = { message: r.error.message, thenPlay };
      else notices.fromError(r.error);
      return null;
    }
    this.conflict = null;
    session.markSaved(r.data.path, text);
    const folder = await commands.scenarioFolder();
    const where = folder.status === 'ok' ? ` in ${folder.data.path}` : '';
    notices.show('info', `Saved as ${r.data.path.replace(OWN, '')}.toml${where}.`);
    return r.data.path;
  }

  /**
   * Sends what is typed and waits for it. A change the draft could not take would leave the file short of
   * what the screen shows, so nothing goes on; the engine's refusal, if it was one, has said why already.
   */
  async #settled(what: string): Promise<boolean> {
    if (await session.settle()) return true;
    const said = notices.current && notices.current.tone !== 'info';
    if (!said) notices.show('refused', `${what}: a box holds something that cannot be written as it is; it says why.`);
    return false;
  }

  /** Saves what is not saved yet, then starts a game of it and opens the game. */
  async play() {
    this.busy = true;
    const settled = await this.#settled('Not started');
    this.busy = false;
    if (!settled) return;
    const missing = session.missing;
    if (!session.problem && missing) return notices.show('refused', `Not started: ${missing}`);
    let name = draft.current?.file ?? null;
    if (!name || session.unsaved) name = await this.save({ thenPlay: false });
    if (!name) {
      if (this.conflict) this.conflict.thenPlay = true;
      return;
    }
    this.busy = true;
    const r = await commands.newGame(name, null, null, null);
    this.busy = false;
    if (r.status === 'error') return notices.fromError(r.error);
    game.adopt(finite(r.data));
    router.openGame(r.data.id);
  }

  /** The draft's text, as the screen shows it, as a .toml file where the browser saves downloads. */
  async exportFile() {
    this.busy = true;
    const settled = await this.#settled('Not exported');
    this.busy = false;
    if (settled) saveFile(this.fileName, session.text, 'application/toml;charset=utf-8');
  }
}

export const saving = new Saving();
