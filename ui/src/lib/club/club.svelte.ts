import { commands } from '../../bindings';
import { overHttp } from '../../transport';

/**
 * Whether this page is signed in to a club's server (`sandtable serve --club`), and as whom: a club's
 * member is seated by the club, game by game, and has the club's page to go back to, not a join code.
 */
class Club {
  member = $state<string | null>(null);
  /** The club's administrator, who starts games and gives seats; a member plays the seats given. */
  admin = $state(false);
  #asked: Promise<void> | null = null;

  /** Whether this page may start, import and file games: anywhere but a club's member's. */
  get mayManage(): boolean {
    return !this.member || this.admin;
  }

  /** Asks the server once per page; a table at home answers with no member. */
  load(): Promise<void> {
    if (!overHttp) return Promise.resolve();
    this.#asked ??= commands.deviceSeat(null).then(async (r) => {
      if (r.status !== 'ok' || !r.data.member) return;
      this.member = r.data.member;
      const me = await fetch('/club/me').then((a) => (a.ok ? a.json() : null)).catch(() => null);
      this.admin = Boolean(me?.admin);
    });
    return this.#asked;
  }

  /** Sends the page to sign in when its session has ended. */
  async signInIfSignedOut() {
    const me = await fetch('/club/me').catch(() => null);
    if (me?.status === 401) location.replace('/club/sign-in');
  }

  async signOut() {
    await fetch('/club/sign-out', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    // The sign-in page itself: the app's page may come back from the browser's cache.
    location.replace('/club/sign-in');
  }
}

export const club = new Club();
