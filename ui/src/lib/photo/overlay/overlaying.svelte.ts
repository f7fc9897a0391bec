import { game } from '../../game.svelte';
import type { Unit } from '../../model';
import { apply, type Matrix } from '../homography';
import { desk, type Px } from '../photo.svelte';

/** Screen pixels round a unit's drawn figure that still pick it. */
const PICK_PX = 30;

/** The overlay tab's choices: the template shown and placed by a tap. */
class Overlaying {
  template = $state(false);
  error = $state<string | null>(null);

  /** The template's radius: the selected unit's blast where its weapon has one, else the game's template. */
  radius(unit: Unit | null): number {
    return unit?.weapon?.blast ?? game.template.radius;
  }

  /**
   * With the template on, a tap puts it there (the spot located on the table by the fit): a blast is
   * placed over figures. Otherwise a tap picks the unit whose figure is drawn under it.
   */
  async tap(at: Px, m: Matrix, unitPx: number, units: Unit[]) {
    if (!this.template) {
      const hit = unitNear(at, m, unitPx, units);
      if (hit) game.select(hit.id);
      return;
    }
    const r = await desk.locate([at]);
    if (typeof r === 'string') {
      this.error = r;
      return;
    }
    this.error = null;
    const p = r[0].at;
    game.template = { ...game.template, centre: { x: Math.round((p.x ?? 0) * 100) / 100, y: Math.round((p.y ?? 0) * 100) / 100 } };
    game.templatePlaced = true;
  }
}

export const overlaying = new Overlaying();

/** The unit with a figure drawn nearest `at`, within reach of a finger. */
export function unitNear(at: Px, m: Matrix, unitPx: number, units: Unit[]): Unit | null {
  let best: Unit | null = null;
  let bestD = PICK_PX * unitPx;
  for (const u of units)
    for (const f of u.figures.filter((f) => f.alive)) {
      const q = apply(m, f.pos);
      const d = q ? Math.hypot(q.x - at.x, q.y - at.y) : Infinity;
      if (d < bestD) [best, bestD] = [u, d];
    }
  return best;
}
