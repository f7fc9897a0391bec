// The scenario being edited, kept in the browser's storage so a reload (or a tablet sleeping) loses
// nothing: its text is the truth, and `file` says which of the player's files it will be saved over
// (null: a new one, named from its title when saved), and `saved` the text as that file holds it, so the
// editor can say whether there is work not yet saved.
const KEY = 'sandtable.editor.draft';

export type DraftRecord = { text: string; file: string | null; saved?: string | null };

function read(): DraftRecord | null {
  try {
    const stored = localStorage.getItem(KEY);
    return stored ? (JSON.parse(stored) as DraftRecord) : null;
  } catch {
    return null;
  }
}

class DraftStore {
  current = $state<DraftRecord | null>(read());

  /** Starts editing `text` (a blank, a copy, one of the player's files, an import). */
  start(text: string, file: string | null) {
    // One of the player's files opened as it is has nothing unsaved; a blank, a copy or an import has.
    this.keep({ text, file, saved: file ? text : null });
  }

  keep(record: DraftRecord) {
    this.current = record;
    try {
      localStorage.setItem(KEY, JSON.stringify(record));
    } catch {
      // Storage full or refused: the draft still lives in this page.
    }
  }

  clear() {
    this.current = null;
    localStorage.removeItem(KEY);
  }
}

export const draft = new DraftStore();
