import type { GameSummary } from '../../bindings';

/**
 * A game as the player knows it: the scenario's title, and the name they gave it if they gave one (two runs
 * of the same scenario are told apart only by that).
 */
export function gameLabel(g: GameSummary): string {
  return g.name === g.scenario_title ? g.scenario_title : `${g.scenario_title} (${g.name})`;
}

/** The engine's message as a line of its own under a field: it is written to sit inside a longer notice. */
export function atField(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
