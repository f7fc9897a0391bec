import type { Located } from '../../../bindings';
import { finite, type Action, type Figure, type Finite, type Point, type Unit } from '../../model';
import { game } from '../../game.svelte';
import { aliveFigures, anchorOf } from '../../table/geometry';
import { desk, type Px } from '../photo.svelte';

/** A unit put where the photo shows it, this visit. */
export interface Synced {
  unit: string;
  name: string;
  moved: number;
  /** The correction's log entry, so an undo of it in the game takes it off the list. */
  seq: number | null;
}

/** The figures tapped for a unit, in the order they are asked for: the one it measures from first. */
export function tapOrder(unit: Unit): Figure[] {
  const anchor = anchorOf(unit);
  const alive = aliveFigures(unit);
  const first = alive.find((f) => anchor && f.pos.x === anchor.x && f.pos.y === anchor.y) ?? alive[0];
  return first ? [first, ...alive.filter((f) => f !== first)] : [];
}

const round = (p: Point): Point => ({ x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 });

/**
 * Bringing the real table into the game: the player taps where a unit's leader (or each of its figures)
 * stands on the photo, sees where that is on the table and how sure, and sends it as a correction, logged
 * like any other entry.
 */
class SyncDesk {
  unitId = $state<string | null>(null);
  each = $state(false);
  taps = $state<Px[]>([]);
  located = $state<Finite<Located>[]>([]);
  error = $state<string | null>(null);
  synced = $state<Synced[]>([]);
  #asked = 0;

  /** The units synced this visit whose correction still stands: one undone in the game is not. */
  standing(): Synced[] {
    const log = game.view?.log ?? [];
    return this.synced.filter((s) => !log.some((e) => e.seq === s.seq && e.undone));
  }

  unit(): Unit | null {
    return game.view?.units.find((u) => u.id === this.unitId) ?? null;
  }

  /** How many taps the unit needs: its leader, or every living figure. */
  needed(): number {
    const unit = this.unit();
    if (!unit) return 0;
    return this.each ? tapOrder(unit).length : 1;
  }

  /** Another game: nothing of this one's units carries over. */
  forGame() {
    this.unitId = null;
    this.each = false;
    this.synced = [];
    this.reset();
  }

  pick(id: string | null) {
    this.unitId = id;
    this.reset();
  }

  reset() {
    this.taps = [];
    this.located = [];
    this.error = null;
  }

  async tap(at: Px) {
    if (!this.unit()) {
      this.error = 'Pick a unit first';
      return;
    }
    if (this.taps.length >= this.needed()) this.taps = [];
    this.taps = [...this.taps, at];
    await this.relocate();
  }

  async move(index: number, at: Px) {
    this.taps = this.taps.map((t, i) => (i === index ? at : t));
    await this.relocate();
  }

  undo() {
    this.taps = this.taps.slice(0, -1);
    this.located = this.located.slice(0, this.taps.length);
    this.error = null;
  }

  async relocate() {
    const asked = ++this.#asked;
    const r = await desk.locate(this.taps);
    if (asked !== this.#asked) return;
    if (typeof r === 'string') {
      this.error = r;
      this.located = [];
    } else {
      this.error = null;
      this.located = finite(r);
    }
  }

  /** The correction the taps make, once each one asked for is in. */
  action(): Action | null {
    const unit = this.unit();
    if (!unit || this.located.length !== this.needed() || this.located.length === 0) return null;
    const order = tapOrder(unit);
    const [leader, ...rest] = this.located;
    return {
      type: 'correct_position',
      unit: unit.id,
      to: round(leader.at),
      facing: null,
      figures: rest.map((l, i) => ({ figure: order[i + 1].id, at: round(l.at) })),
    };
  }

  async apply() {
    const unit = this.unit();
    const action = this.action();
    if (!unit || !action) return;
    const from = anchorOf(unit);
    const to = this.located[0].at;
    const ok = await game.act(action, { refused: (e) => (this.error = e.message) });
    if (!ok) return;
    const moved = from ? Math.hypot(to.x - from.x, to.y - from.y) : 0;
    const seq = game.view?.log.at(-1)?.seq ?? null;
    this.synced = [...this.synced.filter((s) => s.unit !== unit.id), { unit: unit.id, name: unit.name, moved, seq }];
    this.reset();
  }
}

export const sync = new SyncDesk();
