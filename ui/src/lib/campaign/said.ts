import type { BattleView } from '../../bindings';

/** Each side's losses of the figures it fielded: "U.S. 4/20 · Moros 17/40". */
export function lossesLine(b: BattleView): string {
  return b.losses.map((s) => `${s.name} ${s.lost}/${s.started}`).join(' · ');
}

/** The battle's result as the record tells it; a system's verdict before its rules end the battle says so. */
export function resultLine(b: BattleView): string {
  if (b.unreadable) return 'cannot be read';
  if (b.result.from === 'system' && !b.result.ended) return `${b.result.text} (so far)`;
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
