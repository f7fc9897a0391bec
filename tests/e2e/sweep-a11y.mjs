// The screen sweep's accessibility pass (sweep.test.mjs), on the screen a page has open: axe-core run in
// the page, and the keyboard walked through every control with Tab. Not a test file itself: `node --test`
// only picks up *.test.mjs.
//
// axe-core is one of the UI's dev dependencies, read from ui/node_modules like playwright-core.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './harness.mjs';

const axeFile = createRequire(join(root, 'ui/package.json')).resolve('axe-core/axe.min.js');

/** The impacts that fail a screen; the others are counted and listed, not failed. */
export const FAILING = ['critical', 'serious'];

/**
 * axe-core's violations on the page as it stands: `{ counts: { impact: n }, failing: [string], other: [string] }`.
 * Each string names the rule, its impact, what it says is wrong and where (the nearest test id).
 */
export async function axe(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeFile });
  return page.evaluate(async (failing) => {
    const where = (selector) => {
      const el = document.querySelector(selector);
      const owner = el?.closest('[data-testid]');
      const id = owner ? `[${owner.dataset.testid}]` : '';
      return el && owner !== el ? `${id} ${selector.split(' ').pop()}`.trim() : id || selector;
    };
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    const counts = {};
    const found = { failing: [], other: [] };
    for (const v of violations) {
      counts[v.impact] = (counts[v.impact] ?? 0) + v.nodes.length;
      for (const n of v.nodes) {
        const line = `${v.id} (${v.impact}): ${v.help}: ${where(n.target.join(' '))}: ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}`;
        found[failing.includes(v.impact) ? 'failing' : 'other'].push(line);
      }
    }
    return { counts, ...found };
  }, FAILING);
}

/**
 * Walks the screen with Tab as a keyboard player would, from the top: every control must be reached
 * (one of a group that arrows move within, such as radio buttons or tabs, stands for the group), and each
 * must show that it has the focus, by an outline or a shadow it does not have unfocused. Returns the
 * offenders as strings, and how many controls were reached. Scroll positions are put back afterwards, and
 * the focus is let go, so the screen is left as it was found.
 */
export async function keyboard(page) {
  const controls = await page.evaluate(() => {
    const CONTROL =
      'button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex], [role=button], [role=link], [role=tab], [role=radio], [role=checkbox], [role=switch], [role=menuitem], [role=option], [role=slider]';
    const GROUP = '[role=radiogroup], [role=tablist], [role=listbox], [role=menu], [role=menubar], [role=grid], [role=tree]';
    // Transitions would be caught half-way when the focus style is read.
    const still = document.createElement('style');
    still.dataset.sweep = 'still';
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.append(still);
    // Unfocused first: the look of each control is read with nothing focused.
    document.activeElement?.blur();
    const look = (el) => {
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.outlineOffset}` : 'none';
      return { outline, shadow: s.boxShadow };
    };
    const name = (el) => {
      const owner = el.closest('[data-testid]');
      const id = owner ? `[${owner.dataset.testid}]` : el.tagName.toLowerCase();
      const label = (el.getAttribute('aria-label') || el.textContent || el.value || el.placeholder || '').replace(/\s+/g, ' ').trim().slice(0, 30);
      return `${JSON.stringify(label)} ${owner === el ? id : `${id} ${el.tagName.toLowerCase()}`}`;
    };
    const list = [...document.querySelectorAll(CONTROL)].filter(
      (el) =>
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
        // An element given tabindex -1 with no role is one the app focuses itself (a heading), not a control.
        !el.matches(':disabled, [aria-disabled="true"], [tabindex="-1"]:not([role], button, a, input, select, textarea, summary)') &&
        !el.closest('[inert], [aria-hidden="true"], fieldset:disabled'),
    );
    // A control inside another (a button in a link's box) is reached as its own; a group's members by one.
    const group = (el) => {
      if (el.matches('input[type=radio]') && el.name) return `radio:${el.name}`;
      const g = el.parentElement?.closest(GROUP);
      return g ? g : el;
    };
    const groups = new Map();
    window.__sweepFocus = { seen: new Map(), order: [] };
    list.forEach((el, i) => {
      el.dataset.sweepControl = String(i);
      const key = group(el);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(i);
      window.__sweepFocus.seen.set(el, { i, idle: look(el), name: name(el), group: key });
    });
    window.__sweepFocus.groups = groups;
    window.__sweepFocus.scrolls = [document.scrollingElement, ...document.querySelectorAll('*')]
      .filter((el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)
      .map((el) => [el, el.scrollTop, el.scrollLeft]);
    window.__sweepFocus.listen = (e) => {
      const el = e.target;
      const f = window.__sweepFocus;
      f.order.push(el);
      const was = f.seen.get(el);
      f.focusLook ??= new Map();
      if (!f.focusLook.has(el)) f.focusLook.set(el, look(el));
      if (!was) f.seen.set(el, { i: -1, idle: null, name: name(el) });
    };
    document.addEventListener('focusin', window.__sweepFocus.listen, true);
    document.activeElement?.blur();
    window.getSelection()?.removeAllRanges();
    return list.length;
  });

  // Tab on until the focus comes round again to the first control it reached, or twice as many presses as
  // there are controls (a trap that never lets it come round is then found as controls not reached).
  const most = controls * 2 + 10;
  for (let pressed = 0; pressed < most; ) {
    for (let k = 0; k < 10 && pressed < most; k++, pressed++) await page.keyboard.press('Tab');
    const round = await page.evaluate(() => {
      const o = window.__sweepFocus.order;
      return o.length > 1 && o.indexOf(o[o.length - 1]) < o.length - 1 && o.slice(1).includes(o[0]);
    });
    if (round) break;
  }

  return page.evaluate(() => {
    const f = window.__sweepFocus;
    document.removeEventListener('focusin', f.listen, true);
    const found = [];
    const reached = new Set(f.order);
    for (const members of f.groups.values()) {
      const els = members.map((i) => document.querySelector(`[data-sweep-control="${i}"]`));
      if (els.some((el) => reached.has(el) || el.contains(document.activeElement))) continue;
      found.push(`${f.seen.get(els[0]).name} is not reached by Tab${els.length > 1 ? ` (nor the ${els.length - 1} others of its group)` : ''}`);
    }
    for (const el of reached) {
      const s = f.seen.get(el);
      const now = f.focusLook.get(el);
      if (!s?.idle) continue;
      if (now.outline !== 'none' && now.outline !== s.idle.outline) continue;
      if (now.shadow !== s.idle.shadow && now.shadow !== 'none') continue;
      found.push(`${s.name} shows no focus (outline ${now.outline}, shadow ${now.shadow})`);
    }
    document.activeElement?.blur();
    for (const [el, top, left] of f.scrolls) el.scrollTo({ top, left, behavior: 'instant' });
    for (const el of document.querySelectorAll('[data-sweep-control]')) delete el.dataset.sweepControl;
    document.querySelector('style[data-sweep="still"]')?.remove();
    const count = f.order.length;
    delete window.__sweepFocus;
    return { reached: count, found };
  });
}
