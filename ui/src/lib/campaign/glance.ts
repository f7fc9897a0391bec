import { commands, type GameSummary } from '../../bindings';
import { lossesLine, resultLine } from './said';

/** A game's result and losses, as its card under a campaign shows them at a glance. */
export interface Glance {
  result: string;
  losses: string;
}

/**
 * The glance of every game shown that is filed under a campaign, read from those campaigns' records. A record
 * that cannot be read leaves its games' cards as they were: the cards are the list, the glance an extra.
 */
export async function glances(games: GameSummary[]): Promise<Record<number, Glance>> {
  const campaigns = [...new Set(games.map((g) => g.campaign_id).filter((c): c is number => c != null))];
  const records = await Promise.all(campaigns.map((c) => commands.campaignRecord(c)));
  const seen: Record<number, Glance> = {};
  for (const r of records) {
    if (r.status !== 'ok') continue;
    for (const b of r.data.battles) seen[b.game] = { result: resultLine(b), losses: lossesLine(b) };
  }
  return seen;
}
