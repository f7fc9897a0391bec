/**
 * Svelte action: brings the element into view whenever `key` changes (and when it first appears). For
 * the roll button under odds that load a moment after the target is picked: the panel grows, and the
 * button the player reaches for next must not end up below the edge of the side panel.
 */
export function keepInView(node: HTMLElement, key: unknown) {
  let last = key;
  const show = () => requestAnimationFrame(() => node.scrollIntoView({ block: 'nearest', behavior: 'smooth' }));
  show();
  return {
    update(next: unknown) {
      if (next === last) return;
      last = next;
      show();
    },
  };
}

/**
 * Svelte action: once a form appears (typed dice under a prompt, a unit's card), brings its submit button
 * into view, and the boxes above it as far as they fit. Opened low in a short drawer, a form would
 * otherwise leave its Use below the fold, where the player does not know to look for it.
 */
export function showSubmit(node: HTMLElement) {
  requestAnimationFrame(() => {
    const go = node.querySelector<HTMLElement>('[type="submit"]') ?? node;
    go.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  });
}
