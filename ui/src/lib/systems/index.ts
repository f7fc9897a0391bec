// The UI registry: each rule system's screens, by the id the engine's view carries. A system's folder
// here exports its `SystemUi`; the shared screens take what they need from `systemUi(view.system)`.

import type { SystemViews } from '../../bindings';
import type { SystemUi } from './system';
import sandPebbles from './sand-pebbles';
import heliograph from './heliograph';
import whenEmpiresClash from './when-empires-clash';
import nativesAreRestless from './natives-are-restless';
import estateDeiBoxers from './estate-dei-boxers';

/** Every system the engine registers must have an entry: adding one to the engine fails the type check here. */
const SYSTEMS: Record<SystemViews['system'], SystemUi> = {
  'sand-pebbles': sandPebbles,
  heliograph,
  'when-empires-clash': whenEmpiresClash,
  'natives-are-restless': nativesAreRestless,
  'estate-dei-boxers': estateDeiBoxers,
};

/** A system with no screens of its own: free play, turns ended from the header. */
const PLAIN: SystemUi = { prompts: {} };

/** Every system's desk screen, with the id its route takes. */
export function deskScreens(): { system: string; label: string }[] {
  return Object.entries(SYSTEMS).flatMap(([system, ui]) => (ui.desk ? [{ system, label: ui.desk.label }] : []));
}

export function systemUi(id: string | null | undefined): SystemUi {
  return (id && id in SYSTEMS && SYSTEMS[id as SystemViews['system']]) || PLAIN;
}

export type { PromptWords, SystemUi } from './system';
export { promptWords } from './system';
