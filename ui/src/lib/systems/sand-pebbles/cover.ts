/**
 * Friendly names for the firing chart's cover columns. The columns themselves come from the engine
 * (`SequenceView.cover_columns`, the ruleset's chart as data); a column this list does not know is shown
 * with its id tidied up. The engine works out the column from the terrain by itself; the fire panel offers
 * them only to override it when the table says otherwise (a hedge the scenario does not draw, a unit half
 * behind a wall).
 */
const NAMES: Record<string, string> = {
  open: 'Open',
  walls: 'Walls',
  redoubt_ships: 'Redoubt / ships',
  windows_doors: 'Windows / doors',
};

export function coverName(id: string): string {
  if (NAMES[id]) return NAMES[id];
  const words = id.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
