import { commands, type Seat } from '../../bindings';
import { onHostMachine, overHttp } from '../../transport';
import { notices } from '../notice.svelte';

/** How a seat travels in a cookie or a link: `table`, `referee`, `side:<id>`. */
export function seatText(seat: Seat): string {
  return seat.seat === 'side' ? `side:${seat.side}` : seat.seat;
}

export function seatFrom(text: string | null): Seat | null {
  if (text === 'table' || text === 'referee') return { seat: text };
  if (text?.startsWith('side:') && text.length > 5) return { seat: 'side', side: text.slice(5) };
  return null;
}

const COOKIE = 'sandtable_seat';
const remembered = (game: number) => `sandtable.seat.${game}`;

/**
 * Where this device sits in the open game: the whole table (one screen everyone reads), one side, or the
 * referee. The engine leaves out of every answer what the seat may not see; a tablet's page keeps its seat
 * in a cookie, which its commands and its live stream both carry, and the app's window tells the engine.
 */
class Seats {
  current = $state<Seat>({ seat: 'table' });
  /** Whether this screen may change seat: the host's machine may; a device that joined sits where the code
   * it joined with puts it (its side's own code, or the shared screen's). */
  mayMove = $state(true);

  /** Whether a club's server seated this device (`serve --club`): then the club, not the screen, says
   * where it sits in each game. */
  club = $state(false);

  /** The referee sees everything, so only the host's own machine may sit there. */
  get mayReferee(): boolean {
    return onHostMachine() && !this.club;
  }

  /** Takes up the seat this device last had in `game` (a link's `?seat=` first), before it is read. A
   * device that joined takes the seat its code gives, whatever it had before; a club's member, the seat the
   * club gave them in this game. */
  async restore(game: number) {
    if (overHttp) {
      const r = await commands.deviceSeat(game);
      if (r.status === 'ok' && (r.data.member || !onHostMachine())) {
        this.club = Boolean(r.data.member);
        this.mayMove = r.data.may_move;
        this.#carry(r.data.seat);
        this.current = r.data.seat;
        return;
      }
      if (r.status === 'error' && !onHostMachine()) notices.fromError(r.error);
    }
    const linked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('seat');
    const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(remembered(game));
    const seat = seatFrom(linked) ?? seatFrom(kept) ?? { seat: 'table' };
    if (!(await this.#sit(seat))) await this.#sit({ seat: 'table' });
  }

  /** Sits at `seat` in `game`; false, with the reason shown, when this device may not. */
  async take(game: number, seat: Seat): Promise<boolean> {
    const sat = await this.#sit(seat);
    if (sat) localStorage.setItem(remembered(game), seatText(seat));
    return sat;
  }

  async #sit(seat: Seat): Promise<boolean> {
    const before = this.current;
    this.#carry(seat);
    const r = await commands.chooseSeat(seat);
    if (r.status === 'error') {
      this.#carry(before);
      notices.fromError(r.error);
      return false;
    }
    this.current = seat;
    return true;
  }

  #carry(seat: Seat) {
    if (overHttp) document.cookie = `${COOKIE}=${encodeURIComponent(seatText(seat))}; path=/; SameSite=Strict`;
  }
}

export const seats = new Seats();
