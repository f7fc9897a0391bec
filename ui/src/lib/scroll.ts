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
