import { tick } from 'svelte';
import { layout } from '../layout/layout.svelte';

// Bringing the rolls due now into sight, wherever the player left the side panel: folded away, or the
// drawer scrolled down to a unit's card. The turn bar's "Still owed" asks for it, and so does a roll
// that falls due. The list marks itself with `data-due-now`, so neither side needs a handle on the other.

/** Opens the side panel (or drawer) and scrolls the rolls due to its top. */
export async function revealDue() {
  if (!layout.open) layout.open = true;
  await tick();
  // One frame more, for a drawer that has just opened to take its height.
  requestAnimationFrame(() => {
    document.querySelector('[data-due-now]')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  });
}

/** Whether there is a roll due on screen to bring into sight. */
export function dueShown(): boolean {
  return !!document.querySelector('[data-due-now]');
}
