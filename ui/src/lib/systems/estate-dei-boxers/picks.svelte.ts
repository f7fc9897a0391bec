// What the player has in hand on the map between taps: the zone the panel shows, the counters picked in
// it, the path a move is being drawn along, the barricades being chosen, whether the Boxers' arrows show,
// and the engine's last refusal, shown in the panel where the player acted.

import type { ApiError } from '../../../bindings';

class Picks {
  zone = $state<string | null>(null);
  counters = $state<string[]>([]);
  path = $state<string[]>([]);
  /** The set-up's barricades while they are being chosen; null when not choosing. */
  barricades = $state<string[] | null>(null);
  arrows = $state(false);
  refusal = $state<{ message: string; rule: string | null } | null>(null);

  show(zone: string | null) {
    this.zone = zone;
    this.counters = [];
    this.path = [];
    this.refusal = null;
  }

  toggleCounter(id: string) {
    this.counters = this.counters.includes(id) ? this.counters.filter((c) => c !== id) : [...this.counters, id];
    this.path = [];
    this.refusal = null;
  }

  /** A tap on the path: a zone already on it cuts the path back to there; the start clears it. */
  extendPath(zone: string) {
    if (zone === this.zone) this.path = [];
    else if (this.path.includes(zone)) this.path = this.path.slice(0, this.path.indexOf(zone) + 1);
    else this.path = [...this.path, zone];
  }

  toggleBarricade(zone: string) {
    const list = this.barricades ?? [];
    this.barricades = list.includes(zone) ? list.filter((z) => z !== zone) : [...list, zone];
  }

  refused(error: ApiError) {
    this.refusal = { message: error.message, rule: error.rule ?? null };
  }
}

export const picks = new Picks();
