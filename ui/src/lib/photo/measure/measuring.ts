import { inches } from '../../format';
import { desk, type Px } from '../photo.svelte';

/** Two taps measure; a third starts the next measurement. */
export function measureTap(at: Px) {
  if (!desk.measureFrom || desk.measureTo) {
    desk.clearMeasure();
    desk.measureFrom = at;
  } else {
    desk.measureTo = at;
    void desk.measure();
  }
}

export function measureHandles(): Px[] {
  return [desk.measureFrom, desk.measureTo].filter((p): p is Px => p !== null);
}

export function measureDrag(index: number, at: Px) {
  if (index === 0) desk.measureFrom = at;
  else desk.measureTo = at;
  void desk.measure();
}

export function measureUndo() {
  if (desk.measureTo) {
    desk.measureTo = null;
    desk.measured = null;
    desk.measureError = null;
  } else desk.measureFrom = null;
}

/** A distance as a player says it: `24.1" ± 0.2"`. */
export function measuredWords(distance: number, uncertainty: number): string {
  return `${inches(distance)} ± ${inches(uncertainty)}`;
}
