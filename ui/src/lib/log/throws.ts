import type { Roll } from '../../bindings';

/** A log entry's dice as the table threw them: each group one throw, `tied` where it was thrown again. */
export interface Throw {
  rolls: Roll[];
  tied: boolean;
}

/**
 * The throws of an entry where each side threw once and a tie was thrown again: one roll per side per
 * throw, the last throw the one that counted. Any other entry is one group, as it was rolled.
 */
export function throwsOf(rolls: Roll[], rethrown: boolean, sides: number): Throw[] {
  if (!rethrown || sides < 2 || rolls.length <= sides || rolls.length % sides !== 0) return [{ rolls, tied: false }];
  const throws: Throw[] = [];
  for (let i = 0; i < rolls.length; i += sides) throws.push({ rolls: rolls.slice(i, i + sides), tied: i + sides < rolls.length });
  return throws;
}
