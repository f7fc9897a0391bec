// A tablet that joins by a side's link (or its QR code) is there to play that side in the game at the table:
// it opens that game instead of the host's whole games list, where a new player would have to find it.

import { commands, type Seat } from '../../bindings';
import { onHostMachine, overHttp } from '../../transport';
import { router } from '../route.svelte';

/** How many of the newest games are looked through for one the seat plays in. */
const LOOKED_AT = 12;

/**
 * Opens the newest game the joining seat plays in (any game, for the shared screen's seat), once, on the
 * page a join link opened, and takes the code out of the address so it is not shown or bookmarked.
 */
export async function openTheJoinedGame(): Promise<void> {
  if (!overHttp || onHostMachine()) return;
  const params = new URLSearchParams(location.search);
  if (!params.has('join')) return;
  params.delete('join');
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  if (router.current.screen !== 'games') return;
  const [seat, games] = await Promise.all([commands.deviceSeat(null), commands.listGames(null)]);
  if (seat.status !== 'ok' || games.status !== 'ok') return;
  for (const g of games.data.filter((g) => !g.archived).slice(0, LOOKED_AT)) {
    if (await playsIn(seat.data.seat, g.id)) {
      // The player may have gone elsewhere while the lists were read.
      if (router.current.screen === 'games') router.openGame(g.id);
      return;
    }
  }
}

async function playsIn(seat: Seat, game: number): Promise<boolean> {
  if (seat.seat !== 'side') return true;
  const view = await commands.gameView(game);
  return view.status === 'ok' && view.data.sides.some((s) => s.id === seat.side);
}
