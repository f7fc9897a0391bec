import type { PathStep } from '../../bindings';

/** A field of the scenario as the engine names it: `units`, 3, `at`. */
export type Path = PathStep[];

/** A path as one string, for a DOM attribute or a set of the fields on screen. */
export function pathKey(path: Path): string {
  return JSON.stringify(path);
}

export function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((step, i) => step === path[i]);
}

/**
 * The field on screen that a problem at `problem` belongs to: the deepest one whose path leads to it (a
 * problem at a unit's `at`, 0 is shown at the unit's place), or null when no field on screen leads there.
 */
export function claimant(problem: Path, onScreen: Iterable<string>): string | null {
  let best: Path | null = null;
  for (const key of onScreen) {
    const path = JSON.parse(key) as Path;
    if (path.length > 0 && startsWith(problem, path) && (!best || path.length > best.length)) best = path;
  }
  return best ? pathKey(best) : null;
}

/** How a path reads to a player: "units 4 › at". Entries count from one, as a player counts them. */
export function pathWords(path: Path): string {
  return path.map((step) => (typeof step === 'number' ? String(step + 1) : step.replaceAll('_', ' '))).join(' › ');
}
