import type { Point, Unit, View } from '../../model';
import { offerOf } from '../../model';
import { inches } from '../../format';
import { ringRange, weaponWords } from '../../combat/reach';
import { aliveFigures, anchorOf } from '../../table/geometry';

/** What the table view draws round a unit, as circles in table inches: each drawn as their union. */
export interface Reach {
  kind: 'range' | 'charge' | 'move';
  words: string;
  centres: Point[];
  radius: number;
}

/**
 * The unit's reaches from the numbers the view gives: its weapon's ring (from every figure, as fire is
 * measured), the move it has left (from the figure it moves by) and, where it may charge, how far a
 * charge reaches (the move left plus how far short a charge stops, as the charge panel judges targets).
 */
export function reachesOf(unit: Unit, view: View): Reach[] {
  const figures = aliveFigures(unit).map((f) => f.pos);
  const anchor = anchorOf(unit);
  const out: Reach[] = [];
  const range = ringRange(unit);
  if (range > 0 && unit.weapon && figures.length) out.push({ kind: 'range', words: weaponWords(unit.weapon), centres: figures, radius: range });
  const left = unit.allowance && unit.allowance.left > 0.05 ? unit.allowance.left : 0;
  if (left > 0 && anchor && !unit.path) out.push({ kind: 'move', words: `${inches(left)} move left`, centres: [anchor], radius: left });
  if (left > 0 && figures.length && offerOf(unit, 'charge')) {
    const radius = left + (view.drawing.charge_stop_short ?? 0);
    out.push({ kind: 'charge', words: `charge reach ${inches(radius)}`, centres: figures, radius });
  }
  return out;
}
