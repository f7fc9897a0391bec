/**
 * The moments a report's maps show, as typed: entry numbers (the `#` of the log) split by commas or spaces.
 * Empty means the engine's default, the start and the end. Anything else is said back as the word that is
 * not an entry number.
 */
export function readMoments(typed: string): { moments: number[] | null } | { error: string } {
  const words = typed.split(/[\s,]+/).filter((w) => w !== '');
  if (words.length === 0) return { moments: null };
  const moments: number[] = [];
  for (const word of words) {
    if (!/^\d+$/.test(word)) return { error: `“${word}” is not an entry number: type the # of log entries, e.g. 0, 12, 40` };
    moments.push(Number(word));
  }
  return { moments };
}
