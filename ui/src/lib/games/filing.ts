// Where a new game is filed, kept on this device: a campaign is fought battle after battle, so coming back
// to New game after the first one must not quietly file the second under no campaign.
const KEY = 'sandtable.newGame.campaign';

/** The campaign last chosen for a new game, if it is still one of `open` (null for none). */
export function rememberedCampaign(open: number[]): number | null {
  const kept = Number(globalThis.localStorage?.getItem(KEY) ?? Number.NaN);
  return open.includes(kept) ? kept : null;
}

export function rememberCampaign(id: number | null) {
  if (id === null) globalThis.localStorage?.removeItem(KEY);
  else globalThis.localStorage?.setItem(KEY, String(id));
}
