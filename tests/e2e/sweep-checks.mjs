// What the screen sweep (sweep.test.mjs) measures on a page, as one function run inside it: text that
// overprints other text or lies under something drawn over it, text cut off across, controls a player
// cannot reach, text under WCAG AA contrast, and text too small to read at arm's length. Not a test file
// itself: `node --test` only picks up *.test.mjs.
//
// `inspect` is handed to page.evaluate, so it is serialised on its own: it may use nothing from this
// module's scope, only its argument and the page. `lookSound` runs it on a screen a test has open.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { out } from './harness.mjs';

/**
 * Every offender on the page as it stands, each with its text, where it is (the nearest test id and the
 * element) and the measurement: `{ overlap, cut, offscreen, contrast, small }`, arrays of strings.
 * `boards` are the test ids of the systems' tables and boards, whose SVG text must be at least
 * `boardPx`; other text at least `textPx`.
 */
/**
 * Screenshots `page` as `out/<prefix>-<name>-<w>x<h>.png` once it stands still, and fails on anything the
 * sweep's measurements find there. Measured once still: a notice rising in is part-transparent, and its
 * colours read low until it stands.
 */
export async function lookSound(page, prefix, name) {
  const { width, height } = page.viewportSize();
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => {})));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await page.screenshot({ path: join(out, `${prefix}-${name}-${width}x${height}.png`) });
  const found = await page.evaluate(inspect, { boards: [] });
  const listed = Object.entries(found).flatMap(([kind, list]) => list.map((m) => `${kind}: ${m}`));
  assert.deepEqual(listed, [], `${name} at ${width}x${height}`);
}

export function inspect({ boards, textPx = 13, boardPx = 14, minOverlap = 3 }) {
  const W = innerWidth;
  const H = innerHeight;
  const px = (v) => Number.parseFloat(v) || 0;
  const r0 = (n) => Math.round(n);

  // ---- Naming what was found ----
  const where = (el) => {
    const owner = el.closest('[data-testid]');
    const tag = el.tagName.toLowerCase();
    const cls = (el.getAttribute('class') ?? '').split(/\s+/).filter((c) => c && !c.startsWith('svelte-'))[0];
    const self = `${tag}${cls ? `.${cls}` : ''}`;
    if (!owner) return self;
    return owner === el ? `[${owner.dataset.testid}]` : `[${owner.dataset.testid}] ${self}`;
  };
  const quote = (s) => JSON.stringify(s.replace(/\s+/g, ' ').trim().slice(0, 40));

  // ---- Colours: any CSS colour to 8-bit RGBA, through a one-pixel canvas so color-mix() and color() read too ----
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const seen = new Map();
  const rgba = (css) => {
    if (!css || css === 'none' || css === 'transparent' || css.startsWith('url(')) return null;
    if (seen.has(css)) return seen.get(css);
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    // The canvas stores premultiplied colour rounded to 8 bits: a faint alpha loses its hue, so it is
    // read back unpremultiplied (and a fully clear colour is no colour).
    const c = a === 0 ? null : { r, g, b, a: a / 255 };
    seen.set(css, c);
    return c;
  };
  const over = (top, alpha, bottom) => ({
    r: top.r * alpha + bottom.r * (1 - alpha),
    g: top.g * alpha + bottom.g * (1 - alpha),
    b: top.b * alpha + bottom.b * (1 - alpha),
  });
  const lum = (c) => {
    const [r, g, b] = [c.r, c.g, c.b].map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const hex = (c) => `#${[c.r, c.g, c.b].map((v) => r0(v).toString(16).padStart(2, '0')).join('')}`;

  /** The product of opacity from an element up to the root: a faded card fades its text and its ground. */
  const fade = new Map();
  const opacity = (el) => {
    if (!el || el.nodeType !== 1) return 1;
    if (fade.has(el)) return fade.get(el);
    const o = px(getComputedStyle(el).opacity || '1') * opacity(el.parentElement);
    fade.set(el, o);
    return o;
  };
  const pageGround = rgba(getComputedStyle(document.documentElement).backgroundColor) ?? { r: 255, g: 255, b: 255, a: 1 };

  // ---- What is visible, and how much of it: the box less what overflow:hidden/auto ancestors cut off ----
  // `self`: a text node is cut by its own element's overflow too (an ellipsis), a box only by its ancestors'.
  const clipOf = (el, self = false) => {
    let box = { l: 0, t: 0, r: W, b: H };
    for (let a = self ? el : el.parentElement; a; a = a.parentElement) {
      if (a instanceof SVGElement && !(a instanceof SVGSVGElement)) continue;
      const s = getComputedStyle(a);
      const clipsX = s.overflowX !== 'visible';
      const clipsY = s.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const q = a.getBoundingClientRect();
      box = {
        l: clipsX ? Math.max(box.l, q.left) : box.l,
        r: clipsX ? Math.min(box.r, q.right) : box.r,
        t: clipsY ? Math.max(box.t, q.top) : box.t,
        b: clipsY ? Math.min(box.b, q.bottom) : box.b,
      };
    }
    return box;
  };
  const cut = (r, c) => {
    const q = { l: Math.max(r.left, c.l), t: Math.max(r.top, c.t), r: Math.min(r.right, c.r), b: Math.min(r.bottom, c.b) };
    return q.r - q.l > 0.5 && q.b - q.t > 0.5 ? q : null;
  };
  // Words hidden from sight for a screen reader (a 1 px box that clips them) are not on the screen.
  const spokenOnly = (el) => {
    const r = el.getBoundingClientRect();
    return r.width <= 1 && r.height <= 1 && getComputedStyle(el).overflow === 'hidden';
  };
  const shown = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !spokenOnly(el);

  // ---- The text on the page: text nodes (their glyph boxes, by line), form fields, and SVG text ----
  const SKIP = 'script, style, noscript, template, select, option, datalist, textarea, title, desc';
  const items = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => (n.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest(SKIP) || el.closest('svg') || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    if (!rects.length) continue;
    const clip = clipOf(el, true);
    items.push({ kind: 'html', node: n, el, text: n.textContent, rects, seen: rects.map((r) => cut(r, clip)).filter(Boolean) });
  }
  for (const el of document.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=range]), select, textarea')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    const text = el.tagName === 'SELECT' ? (el.selectedOptions[0]?.textContent ?? '') : el.value || el.placeholder || '';
    const seenBox = cut(r, clipOf(el));
    items.push({ kind: 'field', el, text, rects: [r], seen: seenBox ? [seenBox] : [] });
  }
  for (const el of document.querySelectorAll('svg text')) {
    if (!el.textContent.trim() || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 0.5 || r.height < 0.5) continue;
    const seenBox = cut(r, clipOf(el));
    items.push({ kind: 'svg', el, text: el.textContent, rects: [r], seen: seenBox ? [seenBox] : [] });
  }

  const overlap = [];
  const offscreen = [];
  const contrast = [];
  const small = [];

  // ---- Overprinting: two texts whose visible glyph boxes cross by more than `minOverlap` px each way ----
  /** The element painted over the point, among a's and b's, and whether something opaque and positioned
   * lies between: then the lower text is under a deliberate layer (a menu, a sticky heading), not overprinted. */
  /** Whether `top`, over `low`, is a layer meant to cover what is under it: a menu, a dialog, a sticky
   * heading, anything positioned out of the flow between it and what the two share. */
  const deliberate = (top, low) => {
    for (let p = top; p && !p.contains(low); p = p.parentElement) {
      const pos = getComputedStyle(p).position;
      if (pos !== 'static' && pos !== 'relative') return true;
      if (p.matches('dialog, [popover], [role=menu], [role=dialog], [role=listbox]')) return true;
    }
    return false;
  };
  const layered = (x, y, a, b) => {
    const stack = document.elementsFromPoint(x, y);
    const at = (e) => stack.findIndex((s) => s === e || s.contains(e));
    const ia = at(a);
    const ib = at(b);
    if (ia < 0 || ib < 0 || ia === ib) return false;
    const [top, low] = ia < ib ? [ia, ib] : [ib, ia];
    const lowEl = ia < ib ? b : a;
    for (let i = top; i < low; i++) {
      const s = stack[i];
      if (s.contains(lowEl)) continue;
      const bg = rgba(getComputedStyle(s).backgroundColor);
      if (bg && bg.a >= 0.9 && deliberate(s, lowEl)) return true;
    }
    return false;
  };
  const boxes = items.flatMap((it, i) => it.seen.map((q) => ({ i, q })));
  const reported = new Set();
  for (let x = 0; x < boxes.length; x++) {
    for (let y = x + 1; y < boxes.length; y++) {
      const A = boxes[x];
      const B = boxes[y];
      if (A.i === B.i) continue;
      const a = items[A.i];
      const b = items[B.i];
      // Text inside a form field's own box is its label or value drawn by the field itself.
      if ((a.kind === 'field' && a.el.contains(b.el)) || (b.kind === 'field' && b.el.contains(a.el))) continue;
      // The runs of one SVG <text> (its <tspan>s) are one label.
      if (a.kind === 'svg' && b.kind === 'svg' && (a.el.contains(b.el) || b.el.contains(a.el))) continue;
      const w = Math.min(A.q.r, B.q.r) - Math.max(A.q.l, B.q.l);
      const h = Math.min(A.q.b, B.q.b) - Math.max(A.q.t, B.q.t);
      // Glyph boxes run from ascent to descent, taller than a tight line: lines set close touch by a few px.
      const need = Math.max(minOverlap, 0.3 * Math.min(A.q.b - A.q.t, B.q.b - B.q.t));
      if (w <= minOverlap || h <= need) continue;
      const key = `${A.i}-${B.i}`;
      if (reported.has(key)) continue;
      const cx = (Math.max(A.q.l, B.q.l) + Math.min(A.q.r, B.q.r)) / 2;
      const cy = (Math.max(A.q.t, B.q.t) + Math.min(A.q.b, B.q.b)) / 2;
      if (layered(cx, cy, a.el, b.el)) continue;
      reported.add(key);
      overlap.push(`${quote(a.text)} ${where(a.el)} and ${quote(b.text)} ${where(b.el)} cross by ${r0(w)}x${r0(h)} px at ${r0(cx)},${r0(cy)}`);
    }
  }

  // ---- Controls out of reach: outside the screen, or cut off by a box that does not scroll ----
  const wide = document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth;
  if (wide > 1) offscreen.push(`the page is ${wide} px wider than the screen`);
  for (const el of document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a[href]')) {
    if (el.disabled || el.closest('fieldset:disabled') || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) continue;
    // Each axis: a scrolling ancestor brings it into its own box, so from there on the ancestor's box
    // counts; an ancestor that clips and does not scroll must hold it; and finally the screen must.
    let box = { l: r.left, t: r.top, r: r.right, b: r.bottom };
    let why = null;
    for (let a = el.parentElement; a && !why; a = a.parentElement) {
      if (a instanceof SVGElement) continue;
      const s = getComputedStyle(a);
      const q = a.getBoundingClientRect();
      for (const [axis, lo, hi, qlo, qhi] of [
        ['X', 'l', 'r', q.left, q.right],
        ['Y', 't', 'b', q.top, q.bottom],
      ]) {
        const o = s[`overflow${axis}`];
        if (o === 'visible') continue;
        const canScroll = (v) => v === 'auto' || v === 'scroll';
        // A box that scrolls down scrolls across too once something overflows it (CSS turns the other
        // axis to auto), but nobody swipes a column sideways to find a button: across, only a box that
        // scrolls across alone counts as a way to reach it.
        const scrolls =
          canScroll(o) && (axis === 'Y' || !canScroll(s.overflowY)) && a !== document.documentElement && a !== document.body;
        if (scrolls) {
          // Reachable by scrolling this box: from here it is where the box is.
          box[lo] = Math.max(qlo, Math.min(box[lo], qhi - 1));
          box[hi] = Math.min(qhi, Math.max(box[hi], qlo + 1));
        } else if (box[lo] < qlo - 0.5 || box[hi] > qhi + 0.5) {
          why = `cut off by ${where(a)} (${o}) at ${r0(qlo)}-${r0(qhi)} ${axis === 'X' ? 'across' : 'down'}`;
        }
      }
    }
    if (!why && (box.l < -0.5 || box.r > W + 0.5)) why = 'off the screen across';
    if (!why && (box.t < -0.5 || box.b > H + 0.5)) why = 'off the screen down';
    if (why) {
      const name = el.getAttribute('aria-label') || el.textContent || el.value || el.placeholder || '';
      offscreen.push(`${quote(name)} ${where(el)} at ${r0(r.left)},${r0(r.top)}-${r0(r.right)},${r0(r.bottom)}: ${why}`);
    }
  }

  // ---- Contrast (WCAG AA) and size ----
  const IMAGE = 'img, canvas, video, image, use, pattern, foreignObject';
  const ancestors = (el) => {
    const list = [];
    for (let a = el; a; a = a.parentElement) list.push(a);
    return list;
  };
  /**
   * The HTML under a point of `el`, top first: the hit stack from `el` down. Where `el` or its nearest
   * ancestors let taps through (pointer-events: none) they are not in the stack: they are put back, and
   * what the stack lists above the first ancestor it has lies under `el`, as `el` is visible there. Text
   * scrolled out of sight, or off the screen, has only its ancestors to go by.
   */
  const under = (el, x, y, visible) => {
    if (!visible || x < 0 || y < 0 || x >= W || y >= H) return ancestors(el);
    const stack = document.elementsFromPoint(x, y);
    const i = stack.findIndex((s) => s === el || s.contains(el));
    if (i < 0) return ancestors(el);
    if (stack[i] === el) return stack.slice(i);
    const missing = [];
    for (let a = el; a && a !== stack[i]; a = a.parentElement) missing.push(a);
    return [...missing, ...stack.slice(0, i).filter((s) => !el.contains(s)), ...stack.slice(i)];
  };
  /** Shapes of an SVG drawing, with their boxes on the screen, in paint (document) order. */
  const drawings = new Map();
  const shapesOf = (svg) => {
    if (!drawings.has(svg))
      drawings.set(
        svg,
        [...svg.querySelectorAll('rect, circle, ellipse, path, polygon, image, use, foreignObject')]
          .filter((s) => !s.closest('defs, pattern, clipPath, mask, symbol, marker') && shown(s))
          .map((s) => ({ s, box: s.getBoundingClientRect() })),
      );
    return drawings.get(svg);
  };
  /**
   * Inside an SVG, what is painted under `el` at a screen point, top first, by geometry: SVG paints in
   * document order and a label often lets taps through, so hit testing would miss the chip under it.
   */
  const drawnUnder = (el, x, y) => {
    const svg = el.ownerSVGElement;
    const list = [];
    for (const { s, box } of shapesOf(svg)) {
      if (!(s.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
      if (!(s instanceof SVGGeometryElement)) {
        list.push(s);
        continue;
      }
      const m = s.getScreenCTM();
      if (!m) continue;
      const p = new DOMPoint(x, y).matrixTransform(m.inverse());
      if (s.isPointInFill(p)) list.push(s);
    }
    return list.reverse();
  };
  /** One layer's colour and opacity, or 'image' for a ground that is not one colour. */
  const layer = (s) => {
    const st = getComputedStyle(s);
    if (s.matches(IMAGE)) return 'image';
    let c;
    if (s instanceof SVGElement && !(s instanceof SVGSVGElement)) {
      if (st.fill.startsWith('url(')) return 'image';
      c = rgba(st.fill);
      if (c) c = { ...c, a: c.a * px(st.fillOpacity || '1') };
    } else {
      if (st.backgroundImage !== 'none') return 'image';
      c = rgba(st.backgroundColor);
    }
    return c ? { c, a: c.a * opacity(s) } : null;
  };
  /** The colour behind `el` at a point, or null when it is an image or a pattern (not measurable). */
  const groundAt = (el, x, y, visible) => {
    const svg = el instanceof SVGElement && !(el instanceof SVGSVGElement) ? el.ownerSVGElement : null;
    const list = svg ? [...drawnUnder(el, x, y), ...under(svg, x, y, visible)] : under(el, x, y, visible);
    const layers = [];
    for (const s of list) {
      // HTML over a drawing (the table's own overlays) has a ground of many colours, as over a picture.
      if (!svg && s instanceof SVGElement) return null;
      const l = layer(s);
      if (l === 'image') return null;
      if (!l) continue;
      layers.push(l);
      if (l.a >= 0.999) break;
    }
    let g = pageGround;
    for (const { c, a } of layers.reverse()) g = over(c, a, g);
    return g;
  };
  const disabled = (el) =>
    !!el.closest('button:disabled, input:disabled, select:disabled, textarea:disabled, fieldset:disabled, [aria-disabled="true"]');

  // One element's text may be split in several nodes: it is measured once.
  const measured = new Set();
  for (const it of items) {
    const el = it.el;
    if (measured.has(el)) continue;
    measured.add(el);
    const st = getComputedStyle(el);
    const svg = it.kind === 'svg';
    // An SVG's text is as large as the drawing is scaled: its font size times the scale of its transform.
    let size = px(st.fontSize);
    if (svg) {
      const m = el.getScreenCTM();
      size *= m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1;
    }
    const board = svg && boards.some((id) => el.closest(`[data-testid="${id}"]`));
    const least = board ? boardPx : textPx;
    if (size < least - 0.05) small.push(`${quote(it.text)} ${where(el)} is ${size.toFixed(1)} px (under ${least})`);

    // WCAG exempts the text of controls that are switched off.
    if (disabled(el)) continue;
    const visible = it.seen.length > 0;
    const r = it.seen[0] ?? it.rects[0];
    const x = visible ? (r.l + r.r) / 2 : (r.left + r.right) / 2;
    const y = visible ? (r.t + r.b) / 2 : (r.top + r.bottom) / 2;
    let fg = rgba(svg ? st.fill : st.color);
    if (!fg) continue;
    let ground;
    if (svg) {
      // A label with a halo (its stroke painted first, wide enough to ring each glyph) is read against the halo.
      const stroke = rgba(st.stroke);
      const m = el.getScreenCTM();
      const strokePx = px(st.strokeWidth) * (m ? Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) : 1);
      const below = groundAt(el, x, y, visible);
      if (stroke && strokePx >= 2 && st.paintOrder.startsWith('stroke')) {
        const sa = stroke.a * px(st.strokeOpacity || '1');
        // Under a nearly opaque halo the ground barely shows; an unmeasurable ground is taken as the cloth's.
        ground = over(stroke, sa, below ?? pageGround);
        if (!below && sa < 0.75) continue;
      } else {
        if (!below) continue;
        ground = below;
      }
      fg = { ...fg, a: fg.a * px(st.fillOpacity || '1') };
    } else {
      ground = groundAt(el, x, y, visible);
      // Text over the table's drawing or a picture: its ground is not one colour.
      if (!ground) continue;
    }
    const text = over(fg, fg.a * opacity(el), ground);
    const k = ratio(text, ground);
    const bold = (Number.parseInt(st.fontWeight, 10) || 400) >= 700;
    const large = size >= 23.95 || (bold && size >= 18.62);
    const need = large ? 3 : 4.5;
    if (k < need - 0.005) contrast.push(`${quote(it.text)} ${where(el)} is ${k.toFixed(2)}:1 (${hex(text)} on ${hex(ground)}, ${size.toFixed(1)} px${bold ? ' bold' : ''}; needs ${need}:1)`);
  }

  // ---- HTML text under something opaque that is not a deliberate layer: a name run under a button ----
  for (const it of items) {
    if (it.kind !== 'html') continue;
    let by = null;
    for (const q of it.seen.slice(0, 3)) {
      for (const f of [0.1, 0.5, 0.9]) {
        const x = q.l + (q.r - q.l) * f;
        const y = (q.t + q.b) / 2;
        const stack = document.elementsFromPoint(x, y);
        let above = stack.slice(0, Math.max(0, stack.indexOf(it.el)));
        if (!stack.includes(it.el)) {
          // Inside its own box and not hit, the text lets taps through: there is no telling what is above
          // it. Outside its box it has run out of it: what comes after it in the page is painted over it.
          const box = it.el.getBoundingClientRect();
          if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) continue;
          const k = stack.findIndex((e) => e.contains(it.el));
          above = stack.slice(0, Math.max(0, k)).filter((e) => it.el.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING);
        }
        for (const s of above) {
          if (by) break;
          if (it.el.contains(s)) continue;
          const l = layer(s);
          const opaque = s.matches('button, input, select, textarea') || (l && l !== 'image' && l.a >= 0.9);
          if (opaque && !deliberate(s, it.el)) by = { s, x, y };
        }
        if (by) break;
      }
      if (by) break;
    }
    if (by) overlap.push(`${quote(it.text)} ${where(it.el)} runs under ${quote(by.s.textContent ?? '')} ${where(by.s)} at ${r0(by.x)},${r0(by.y)}`);
  }

  // ---- HTML text cut off across: run out of a box that clips it (a label wider than its button) ----
  // Shortened with an ellipsis it is deliberate; cut off down it is only scrolled.
  const cutOff = [];
  for (const it of items) {
    if (it.kind !== 'html') continue;
    const left = Math.min(...it.rects.map((r) => r.left));
    const right = Math.max(...it.rects.map((r) => r.right));
    let by = null;
    let ellipsis = false;
    for (let a = it.el; a && !by; a = a.parentElement) {
      const st = getComputedStyle(a);
      if (st.textOverflow === 'ellipsis') ellipsis = true;
      if (st.overflowX === 'visible' || (['auto', 'scroll'].includes(st.overflowX) && !['auto', 'scroll'].includes(st.overflowY))) continue;
      const q = a.getBoundingClientRect();
      if (left < q.left - 1 || right > q.right + 1) by = { a, q };
    }
    if (!by && (left < -1 || right > W + 1)) by = { a: null, q: { left: 0, right: W } };
    if (by && !ellipsis)
      cutOff.push(`${quote(it.text)} ${where(it.el)} runs ${r0(left)}-${r0(right)} across, cut off by ${by.a ? where(by.a) : 'the screen'} at ${r0(by.q.left)}-${r0(by.q.right)}`);
  }

  // ---- SVG text painted over by a later shape: a chip running into the next zone, whose ground hides it ----
  for (const it of items) {
    if (it.kind !== 'svg' || !it.seen.length) continue;
    const q = it.seen[0];
    // Points across the middle of the glyphs (their box runs from ascent to descent).
    const ys = [q.t + (q.b - q.t) * 0.4, q.t + (q.b - q.t) * 0.65];
    const xs = [0.1, 0.3, 0.5, 0.7, 0.9].map((f) => q.l + (q.r - q.l) * f);
    let hidden = null;
    for (const { s: shape, box } of shapesOf(it.el.ownerSVGElement)) {
      if (!(it.el.compareDocumentPosition(shape) & Node.DOCUMENT_POSITION_FOLLOWING) || it.el.contains(shape)) continue;
      if (box.right < q.l || box.left > q.r || box.bottom < q.t || box.top > q.b) continue;
      const l = layer(shape);
      if (!l || l === 'image' || l.a < 0.5 || !(shape instanceof SVGGeometryElement)) continue;
      const m = shape.getScreenCTM()?.inverse();
      if (!m) continue;
      const n = xs.flatMap((x) => ys.map((y) => shape.isPointInFill(new DOMPoint(x, y).matrixTransform(m)))).filter(Boolean).length;
      if (n > 0) {
        hidden = { shape, n };
        break;
      }
    }
    if (hidden)
      overlap.push(`${quote(it.text)} ${where(it.el)} is painted over by ${where(hidden.shape)} (${hidden.n} of 10 points)`);
  }

  return { overlap, cut: cutOff, offscreen, contrast, small };
}
