// Cover classes come from the ruleset as data; known ones get a fitting tint, the rest a neutral one.
const TINTS: Record<string, string> = {
  walls: '#9a8f7a',
  windows_doors: '#a0703c',
  redoubt_ships: '#8a7a5a',
  buildings: '#a0703c',
  river: '#3f7fa6',
  water: '#3f7fa6',
  woods: '#4f7a3a',
  trees: '#4f7a3a',
  crops: '#a19a3c',
  hedges: '#5d7f3b',
  rocks: '#7c7368',
};

export function terrainTint(cover: string): string {
  return TINTS[cover] ?? '#8c8577';
}
