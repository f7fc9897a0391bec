// How the game screen is laid out on this screen, and the player's own display choices, remembered on
// this device (localStorage): a tablet held upright gets the table on top at full width and the side
// panel in a drawer below it; on its side, or on a desktop, the side panel sits at the right and folds
// away to give the table the whole width. Large text scales every size given in `em` from the root.

/**
 * Upright, or too narrow for the table and a side panel side by side: the same test as the CSS's
 * `@media (orientation: portrait), (max-width: 820px)`, so the markup and the styles always agree.
 */
export const PORTRAIT_QUERY = '(orientation: portrait), (max-width: 820px)';

/**
 * Too short for the log under the table as well (a tablet on its side, 768 px): the table needs the
 * height, so the log becomes a tab of the side panel, as it is in the drawer.
 */
export const SHORT_QUERY = '(max-height: 860px)';

const KEYS = {
  sideOpen: 'sandtable.layout.sideOpen',
  drawerOpen: 'sandtable.layout.drawerOpen',
  largeText: 'sandtable.display.largeText',
} as const;

function load(key: string, fallback: boolean): boolean {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : v === 'true';
  } catch {
    return fallback;
  }
}

function save(key: string, value: boolean) {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // A private window or a full store: the choice holds until the page is reloaded.
  }
}

class Layout {
  /** The drawer layout (see PORTRAIT_QUERY). */
  portrait = $state(false);
  /** Short of height (see SHORT_QUERY). */
  short = $state(false);
  #sideOpen = $state(load(KEYS.sideOpen, true));
  #drawerOpen = $state(load(KEYS.drawerOpen, true));
  #largeText = $state(load(KEYS.largeText, false));

  constructor() {
    if (typeof window === 'undefined' || !window.matchMedia) return;
    const mq = window.matchMedia(PORTRAIT_QUERY);
    this.portrait = mq.matches;
    mq.addEventListener('change', (e) => (this.portrait = e.matches));
    const low = window.matchMedia(SHORT_QUERY);
    this.short = low.matches;
    low.addEventListener('change', (e) => (this.short = e.matches));
    this.#applyText();
  }

  /** The log is a tab of the side panel rather than under the table. */
  get logInPanel(): boolean {
    return this.portrait || this.short;
  }

  /** The side panel is showing: the drawer in portrait, the column at the right in landscape. */
  get open(): boolean {
    return this.portrait ? this.#drawerOpen : this.#sideOpen;
  }
  set open(value: boolean) {
    if (this.portrait) {
      this.#drawerOpen = value;
      save(KEYS.drawerOpen, value);
    } else {
      this.#sideOpen = value;
      save(KEYS.sideOpen, value);
    }
  }

  get largeText(): boolean {
    return this.#largeText;
  }
  set largeText(value: boolean) {
    this.#largeText = value;
    save(KEYS.largeText, value);
    this.#applyText();
  }

  #applyText() {
    document.documentElement.classList.toggle('large-text', this.#largeText);
  }
}

export const layout = new Layout();
