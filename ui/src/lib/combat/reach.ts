import type { Unit } from '../model';
import { inches } from '../format';

type Weapon = NonNullable<Unit['weapon']>;

/** A weapon and its reach as a player says them: "Rifle (Marines) 24"", or "Firearms: everything in sight"
 * where the rules give the reach no distance. */
export function weaponWords(weapon: Weapon): string {
  return weapon.reach ? `${weapon.name}: ${weapon.reach}` : `${weapon.name} ${inches(weapon.range, 0)}`;
}

/** The distance a ring is drawn at: none where the rules give the weapon no distance. */
export function ringRange(unit: Unit): number {
  return unit.weapon && !unit.weapon.reach ? unit.weapon.range : 0;
}
