// What a draft that loads still lacks before a game of it can be played. The loader takes a scenario
// with nobody on the table (a planner saves a draft as they go), but a game of it would have nobody to
// move or nobody to fight, so the editor says what is missing instead of "ready".
import type { ScenarioDraft } from '../../bindings';
import { systemUi } from '../systems';
import { systemOf, type Doc } from './doc';

const HOW = 'Add them in the Units tab, or with the unit tool on the table.';

/** What is missing, in a sentence, or null when it can be played (or does not load, which says itself). */
export function missingToPlay(draft: ScenarioDraft | null, doc: Doc | null): string | null {
  if (!draft || draft.problem || draft.forces.length === 0) return null;
  if (systemUi(systemOf(doc)).forcesOutsideUnits) return null;
  const empty = draft.forces.filter((side) => side.units === 0);
  if (empty.length === 0) return null;
  if (empty.length === draft.forces.length) return `it has no units yet. ${HOW}`;
  const names = empty.map((side) => side.name);
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${who} ${names.length === 1 ? 'has' : 'have'} no units yet. ${HOW}`;
}
