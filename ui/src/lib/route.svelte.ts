// The screen lives in the URL hash so a reload (or a tablet waking up) reopens the same game.
export type Route =
  | { screen: 'games' }
  | { screen: 'game'; id: number }
  | { screen: 'photo'; id: number }
  | { screen: 'desk'; system: string }
  | { screen: 'scenarios' }
  | { screen: 'editor' }
  | { screen: 'campaign'; id: number };

function parse(hash: string): Route {
  if (hash === '#/scenarios') return { screen: 'scenarios' };
  if (hash === '#/editor') return { screen: 'editor' };
  const desk = /^#\/desk\/([a-z-]+)$/.exec(hash);
  if (desk) return { screen: 'desk', system: desk[1] };
  const campaign = /^#\/campaign\/(\d+)$/.exec(hash);
  if (campaign) return { screen: 'campaign', id: Number(campaign[1]) };
  const photo = /^#\/game\/(\d+)\/photo$/.exec(hash);
  if (photo) return { screen: 'photo', id: Number(photo[1]) };
  const m = /^#\/game\/(\d+)$/.exec(hash);
  return m ? { screen: 'game', id: Number(m[1]) } : { screen: 'games' };
}

class Router {
  current = $state<Route>(parse(location.hash));

  constructor() {
    addEventListener('hashchange', () => (this.current = parse(location.hash)));
  }

  openGame(id: number) {
    location.hash = `#/game/${id}`;
  }

  /** Measuring on a photo of the real table, for game `id`. */
  photo(id: number) {
    location.hash = `#/game/${id}/photo`;
  }

  games() {
    location.hash = '#/';
  }

  /** A campaign's record: its players, battles and roster. */
  campaign(id: number) {
    location.hash = `#/campaign/${id}`;
  }

  desk(system: string) {
    location.hash = `#/desk/${system}`;
  }

  /** The player's scenarios: new, copy, open, import. */
  scenarios() {
    location.hash = '#/scenarios';
  }

  /** The scenario editor, on the draft `ui/src/lib/editor/draft.svelte.ts` holds. */
  editor() {
    location.hash = '#/editor';
  }
}

export const router = new Router();
