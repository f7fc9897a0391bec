// How much larger the words on the table are drawn than their base size: the display menu's Large text
// grows the root font, and the names, ring words and readings on a table drawn in screen pixels grow with
// it, so a player reading across the table gets the table's words larger too, not only the panels'.

import { layout } from '../layout/layout.svelte';

/** The root font size over the browser's 16 px; 1 without a document. */
export function textScale(): number {
  // Read the choice so a caller in a derivation is worked out again when it changes.
  void layout.largeText;
  if (typeof document === 'undefined') return 1;
  const root = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return root > 0 ? Math.max(1, root / 16) : 1;
}
