// Side names are plural ("Boxers", "British", "Boxers and Imperials") as often as singular ("Relief
// column", "U.S. patrol"); a sentence built round one agrees with it. The engine's log reads names the
// same way (`rules::agrees`), so the screen and the log never disagree.

// Peoples named by their adjective take a plural verb: "the British go", "the Chinese hold".
const PEOPLES = /(ish|ese|ch|swiss)$/;

// Nouns for one body of men, singular whatever it is made of: "Sword and spear band".
const COLLECTIVES = new Set([
  'band', 'battery', 'column', 'company', 'crew', 'detachment', 'garrison', 'group', 'guard', 'party', 'patrol',
  'regiment', 'section', 'squad', 'team', 'troop',
]);

/** Whether a name of a side or a body of men reads as plural: "Boxers", "Moros of the cotta", "British". */
export function plural(name: string): boolean {
  // Read without a number after it or words in brackets: "Boxers (swords and pole arms) 3".
  const bare = name.trim().toLowerCase().replace(/[\d\s-]+$/, '').replace(/\s*\(.*\)$/, '');
  // "Moros of the cotta", "Boxers with muskets" and "Riflemen on the wall" agree with the words before.
  const head = bare.split(/\s+(?:of|with|on|in|at|from)\s+/)[0];
  const last = head.split(/[\s,]+/).pop() ?? '';
  if (COLLECTIVES.has(last)) return false;
  // "Boxers and Imperial gunners" are two.
  if (/\sand\s|\s&\s/.test(head)) return true;
  return (last.endsWith('s') && !last.endsWith('ss')) || last.endsWith('men') || last === 'people' || PEOPLES.test(last);
}

/** The word of the two that agrees with `name`: agrees('Boxers', 'goes', 'go') is "go". */
export function agrees(name: string, one: string, many: string): string {
  return plural(name) ? many : one;
}
