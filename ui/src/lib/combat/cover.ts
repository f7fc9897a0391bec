/**
 * The firing chart's cover columns, as the engine names them in a `fire` action's `cover`. The engine
 * works out the column from the terrain by itself; these are for overriding it when the table says
 * otherwise (a hedge the scenario does not draw, a unit half behind a wall).
 */
export const COVERS = [
  { id: 'open', name: 'Open' },
  { id: 'walls', name: 'Walls' },
  { id: 'redoubt_ships', name: 'Redoubt or ships' },
  { id: 'windows_doors', name: 'Windows and doors' },
] as const;
