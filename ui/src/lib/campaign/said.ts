import type { BattleView, SideLosses } from '../../bindings';

/** Each side's losses of the figures it fielded: "U.S. 4/20 · Moros 17/40". */
export function lossesLine(b: BattleView): string {
  return b.losses.map((s) => `${s.name} ${sideLosses(s)}`).join(' · ');
}

/**
 * One side's losses as this seat may know them: "17/40"; "hidden" for a side it sees only as counters
 * (never "0/0", which would say the side fielded nobody); "3/20, 2 units hidden" when some are; "no
 * figures" for a side that fields none.
 */
export function sideLosses(s: SideLosses): string {
  if (s.hidden > 0 && s.started === 0) return 'hidden';
  // A side of counters and points (L'Estate dei Boxers) fields no figures to lose.
  if (s.started === 0) return 'no figures';
  const counted = `${s.lost}/${s.started}`;
  return s.hidden > 0 ? `${counted}, ${s.hidden} ${s.hidden === 1 ? 'unit' : 'units'} hidden` : counted;
}

/** The battle's result as the record tells it; a system's verdict before its rules end the battle says so. */
export function resultLine(b: BattleView): string {
  if (b.unreadable) return 'cannot be read';
  // Said first, so a verdict on a battle still being fought never reads as its end.
  if (b.result.from === 'system' && !b.result.ended) return `So far: ${b.result.text}`;
  return b.result.text;
}

/** A rule of carry-over in the record's words. */
export function ruleName(rule: string | null | undefined): string {
  switch (rule) {
    case 'survivors':
      return 'survivors';
    case 'full':
      return 'full';
    case 'half':
      return 'half back';
    case 'set':
      return 'set by hand';
    default:
      return '';
  }
}
