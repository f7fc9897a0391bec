// The undo history outlives a reload of the page (a tablet waking up reloads it): kept in this tab's
// session storage with the text it leads to, and taken back only by a draft that still holds that text.
const KEY = 'sandtable.editor.history';
/** Texts kept across a reload each way: enough to undo a slip, within the storage a tab is given. */
const KEPT = 50;

type Kept = { text: string; past: string[]; future: string[] };

export function keepHistory(text: string, past: string[], future: string[]) {
  try {
    const kept: Kept = { text, past: past.slice(-KEPT), future: future.slice(-KEPT) };
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage full or refused: undo still works until the page is reloaded.
  }
}

export function keptHistory(text: string): { past: string[]; future: string[] } {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Kept | null;
    if (kept && kept.text === text && Array.isArray(kept.past) && Array.isArray(kept.future)) return { past: kept.past, future: kept.future };
  } catch {
    // Unreadable: a fresh history.
  }
  return { past: [], future: [] };
}
