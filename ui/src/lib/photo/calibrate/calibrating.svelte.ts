import type { Point } from '../../model';
import { desk, type Px } from '../photo.svelte';

/**
 * Taps while calibrating: the four corners in order, then, when asked, a known point (the spot tapped,
 * then its table inches typed). Each change fits again.
 */
class Calibrating {
  /** The player is adding a known point. */
  adding = $state(false);
  /** The spot tapped for it, waiting for its inches. */
  spot = $state<Px | null>(null);

  /** Every point placed, in the order `desk.viewOf` sends them: what a press may pick up and drag. */
  handles(): Px[] {
    return [...desk.corners, ...desk.extras.map((e) => e.photo), ...(this.spot ? [this.spot] : [])];
  }

  tap(at: Px) {
    if (desk.placed < 4) {
      // Tapping is the way on once the markers were not found: their refusal has been read.
      desk.markerError = null;
      desk.corners = [...desk.corners, at];
      void desk.refit();
    } else if (this.adding) this.spot = at;
  }

  drag(index: number, at: Px) {
    const corners = desk.corners.length;
    if (index < corners) desk.corners = desk.corners.map((c, i) => (i === index ? at : c));
    else if (index < corners + desk.extras.length)
      desk.extras = desk.extras.map((e, i) => (i === index - corners ? { ...e, photo: at } : e));
    else this.spot = at;
    void desk.refit();
  }

  /** Takes back the newest point: the spot waiting for inches, else the last known point, else a corner. */
  undo() {
    if (this.spot) this.spot = null;
    else if (desk.extras.length) desk.extras = desk.extras.slice(0, -1);
    else if (desk.markers) desk.markers = null;
    else desk.corners = desk.corners.slice(0, -1);
    void desk.refit();
  }

  /** Each tapped corner taken as the next one round the table: for a player who began at another corner
   * than (0, 0). Four corners fit whatever corner they start at, so only the grid drawn shows it. */
  turnCorners() {
    if (desk.corners.length !== 4) return;
    desk.corners = [...desk.corners.slice(1), desk.corners[0]];
    void desk.refit();
  }

  startKnown() {
    this.adding = true;
    this.spot = null;
  }

  addKnown(table: Point) {
    if (!this.spot) return;
    desk.extras = [...desk.extras, { photo: this.spot, table }];
    this.cancelKnown();
    void desk.refit();
  }

  cancelKnown() {
    this.adding = false;
    this.spot = null;
  }
}

export const calibrating = new Calibrating();
