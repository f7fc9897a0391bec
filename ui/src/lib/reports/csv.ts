import { commands } from '../../bindings';
import { notices } from '../notice.svelte';
import { saveFile } from '../share/save-file';

/** What a command answering a file's text answers. */
type TextAnswer = Awaited<ReturnType<typeof commands.gameCsv>>;

/** Saves the CSV the engine answered under `fileName`, saying so; a refusal is said instead. */
export async function saveCsv(asked: Promise<TextAnswer>, fileName: string): Promise<void> {
  const r = await asked;
  if (r.status === 'error') return notices.fromError(r.error);
  saveFile(fileName, r.data, 'text/csv;charset=utf-8');
  notices.show('info', `Saved: ${fileName}.`);
}

export const CSV_ROWS = [
  { what: 'rolls', label: 'Rolls (CSV)' },
  { what: 'losses', label: 'Losses (CSV)' },
] as const;
