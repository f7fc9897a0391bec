// One timed tap: from the page's own input event to the first frame painted with the result on screen.
//
// The page keeps, in a capture listener, the timeStamp of the first input event after the bench arms it
// (pointerdown for a click or a tap on the table, keydown for Enter, change for a select). The result is a
// condition on the DOM (see `met` below), checked on every mutation; once it holds, the next
// requestAnimationFrame runs before that frame is painted, and the one after it runs once it has been:
// that second callback's time is the painted frame. Both times are the page's performance.now() clock,
// so the figure is what the page lived through, whatever the bench's own round trips cost.

/** Installed in the page before its own scripts: the listener and the watcher. */
function probe() {
  const KINDS = ['pointerdown', 'mousedown', 'touchstart', 'keydown', 'click', 'input', 'change'];
  const state = { armed: false, input: null, inputKind: null };
  for (const kind of KINDS)
    addEventListener(
      kind,
      (e) => {
        if (state.armed && state.input === null) {
          state.input = e.timeStamp;
          state.inputKind = kind;
        }
      },
      { capture: true },
    );

  const byId = (id) => document.querySelector(`[data-testid="${CSS.escape(id)}"]`);
  const shown = (el) => !!el && el.getClientRects().length > 0;
  /** What the log shows: entries, undone entries, notes and the newest entry's words. */
  const logSign = () =>
    [
      byId('log-total')?.textContent,
      document.querySelectorAll('[data-testid="log-entry"][data-undone="true"]').length,
      document.querySelectorAll('[data-testid="log-annotation"]').length,
      byId('log-entry')?.textContent,
    ].join('|');
  /** Where a unit's figures are drawn on the table. */
  const placeSign = (unit) =>
    [...(byId(`unit-${unit}`)?.querySelectorAll('[data-figure]') ?? [])].map((f) => ['x', 'y', 'cx', 'cy'].map((a) => f.getAttribute(a)).join()).join(';');
  const sign = (c) => {
    if (c.log) return logSign();
    if (c.changed) return byId(c.changed)?.outerHTML ?? '';
    if (c.count) return document.querySelectorAll(c.count).length;
    if (c.moved) return placeSign(c.moved);
    if (c.attrOf) return byId(c.attrOf)?.getAttribute(c.name) ?? null;
    if (c.textOf) return byId(c.textOf)?.textContent ?? null;
    return null;
  };

  /**
   * Whether condition `c` holds now; `base` is what `sign` gave when the bench armed. Conditions, by test id
   * unless said: `log` the log, on screen, shows something new (an entry, one undone, a note); `changed` an
   * element's markup; `moved` a unit's figures drawn elsewhere; `attrOf` / `textOf` an attribute or text
   * changed; `count` more elements match a selector; `shown` / `gone` an element on or off screen; `attr`
   * an attribute has a value; `text` a text matches; `css` / `none` some / no element matching a selector on
   * screen; `all` / `any` of a list.
   */
  function met(c, base) {
    if (c.all) return c.all.every((d, i) => met(d, base?.[i]));
    if (c.any) return c.any.some((d, i) => met(d, base?.[i]));
    if (c.log) return sign(c) !== base && shown(byId('log-total'));
    if (c.changed || c.moved || c.attrOf || c.textOf) return sign(c) !== base;
    if (c.count) return document.querySelectorAll(c.count).length > base;
    if (c.shown) return shown(byId(c.shown));
    if (c.gone) return !shown(byId(c.gone));
    if (c.attr) return byId(c.attr)?.getAttribute(c.name) === c.value;
    if (c.text) return new RegExp(c.re).test(byId(c.text)?.textContent ?? '');
    if (c.css) return [...document.querySelectorAll(c.css)].some(shown);
    if (c.none) return ![...document.querySelectorAll(c.none)].some(shown);
    throw new Error(`unknown condition ${JSON.stringify(c)}`);
  }
  const baseOf = (c) => (c.all ?? c.any ? (c.all ?? c.any).map(baseOf) : sign(c));

  let watch = null;
  window.__bench = {
    /** Starts listening for the tap and watching for `c`; fails if it already holds. */
    arm(c) {
      const base = baseOf(c);
      if (met(c, base)) throw new Error(`the result is on screen before the tap: ${JSON.stringify(c)}`);
      Object.assign(state, { armed: true, input: null, inputKind: null });
      const armedAt = performance.now();
      watch = new Promise((resolve) => {
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve({ timeout: true, input: state.input, inputKind: state.inputKind });
        }, 15_000);
        const check = () => {
          if (state.input === null || !met(c, base)) return;
          const seen = performance.now();
          observer.disconnect();
          clearTimeout(timer);
          state.armed = false;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve({ input: state.input, inputKind: state.inputKind, armedAt, seen, painted: performance.now() })),
          );
        };
        const observer = new MutationObserver(check);
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, characterData: true });
        // A result that needs no mutation after the input (a class already flipped by the event itself).
        addEventListener('click', () => queueMicrotask(check), { once: true, capture: true });
      });
    },
    settle: () => watch,
  };
}

/** Puts the probe in every page the bench opens. */
export async function installProbe(page) {
  await page.addInitScript(probe);
}

/**
 * Runs `tap` (a function that makes the input, e.g. a click) and resolves, once the page shows `until`,
 * to `{ ms, inputKind }`: `ms` from the input event to the painted frame. Throws on a timeout.
 */
export async function timedTap(page, until, tap) {
  await page.evaluate((c) => window.__bench.arm(c), until);
  await tap();
  const r = await page.evaluate(() => window.__bench.settle());
  if (r.timeout) throw new Error(`no result on screen within 15 s (input ${r.inputKind ?? 'never seen'}): ${JSON.stringify(until)}`);
  return { ms: r.painted - r.input, inputKind: r.inputKind, seenMs: r.seen - r.input };
}
