// A playing card as the siege's view writes it: "Q♠", "10♥", "Joker", or a typed code ("QS", "JK1").

export interface CardFace {
  /** "Q", "10", "A"; empty for a joker. */
  rank: string;
  /** ♠ ♣ ♥ ♦; empty for a joker. */
  suit: string;
  red: boolean;
  joker: boolean;
  /** For a screen reader: "Queen of spades". */
  spoken: string;
}

const SUITS: Record<string, [string, string]> = {
  '♠': ['♠', 'spades'],
  S: ['♠', 'spades'],
  '♣': ['♣', 'clubs'],
  C: ['♣', 'clubs'],
  '♥': ['♥', 'hearts'],
  H: ['♥', 'hearts'],
  '♦': ['♦', 'diamonds'],
  D: ['♦', 'diamonds'],
};
const RANKS: Record<string, string> = { A: 'Ace', K: 'King', Q: 'Queen', J: 'Jack', T: '10' };

export function cardFace(code: string | null | undefined): CardFace | null {
  // U+FE0F is the emoji selector some keyboards put after ♥ and ♦.
  const text = (code ?? '').replace(/[\s\uFE0F]/g, '').toUpperCase();
  if (!text) return null;
  if (/^(JOKER|JK)\d?$/.test(text)) return { rank: '', suit: '', red: false, joker: true, spoken: 'Joker' };
  const suit = SUITS[text.slice(-1)];
  const rank = text.slice(0, -1) === 'T' ? '10' : text.slice(0, -1);
  if (!suit || !/^(A|K|Q|J|[2-9]|10)$/.test(rank)) return null;
  const red = suit[1] === 'hearts' || suit[1] === 'diamonds';
  return { rank, suit: suit[0], red, joker: false, spoken: `${RANKS[rank] ?? rank} of ${suit[1]}` };
}
