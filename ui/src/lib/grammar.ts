// Side names are plural ("Boxers", "British", "Boxers and Imperials") as often as singular ("Relief
// column", "U.S. patrol"); a sentence built round one agrees with it. The engine's log reads names the
// same way (`rules::agrees`), so the screen and the log never disagree.

// Peoples named by their adjective take a plural verb: "the British go", "the Chinese hold".
const PEOPLES = /(ish|ese|ch|swiss)$/;

/** Whether a name of a side or a body of men reads as plural: "Boxers", "Moros of the cotta", "British". */
export function plural(name: string): boolean {
  // Read without a number after it or words in brackets: "Boxers (swords and pole arms) 3".
  const bare = name.trim().toLowerCase().replace(/[\d\s-]+$/, '').replace(/\s*\(.*\)$/, '');
  // "Boxers and Imperial gunners" are two; "Moros of the cotta" agree with "Moros".
  if (/\sand\s|\s&\s/.test(bare)) return true;
  const head = bare.split(/\s+of\s+/)[0];
  const last = head.split(/[\s,]+/).pop() ?? '';
  return (last.endsWith('s') && !last.endsWith('ss')) || last.endsWith('men') || last === 'people' || PEOPLES.test(last);
}

/** The word of the two that agrees with `name`: agrees('Boxers', 'goes', 'go') is "go". */
export function agrees(name: string, one: string, many: string): string {
  return plural(name) ? many : one;
}
