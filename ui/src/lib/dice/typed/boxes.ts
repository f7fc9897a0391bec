import type { DiceStep } from '../../../bindings';
import { readBox } from './read';

/** A roll's dice as a player says them: "10D20" -> "10 D20". */
export function diceWords(expr: string): string {
  return expr.replace(/^(\d+)(D)/i, '$1 $2');
}

/**
 * The faces the boxes hold, in the order the engine reads them. Box i holds roll i's faces; a box not yet
 * full is the last one read, since the faces of a box after it would be taken as its own. A box holding
 * more than its roll spills on into the next roll, so typing every face into the first box works too.
 * `unreadable` is the first box holding something that is not a list of numbers.
 */
export function facesToSend(boxes: string[], steps: DiceStep[]): { faces: number[]; unreadable: number | null } {
  const faces: number[] = [];
  for (let i = 0; i < boxes.length; i++) {
    if (boxes[i].trim() === '') break;
    const typed = readBox(boxes[i], steps[i]?.expr).faces;
    if (!typed) return { faces, unreadable: i };
    faces.push(...typed);
    const count = steps[i]?.count;
    if (count === undefined || typed.length < count) break;
  }
  return { faces, unreadable: null };
}

/**
 * The boxes after the engine has said which rolls the faces reach: one per roll it called for. Where a box
 * held more faces than its roll takes, the faces are dealt out again roll by roll (what is left over after
 * the last roll stays in the last box, where the engine says it is too many); otherwise what the player
 * typed is kept as typed. `spilled` is the box the typing went on into, for the caret to follow.
 */
export function dealBoxes(boxes: string[], steps: DiceStep[], sent: number[]): { boxes: string[]; spilled: number | null } {
  const count = (i: number) => readBox(boxes[i] ?? '', steps[i]?.expr).faces?.length ?? 0;
  const over = steps.findIndex((s, i) => i < steps.length - 1 && count(i) > s.count);
  if (over < 0) {
    const kept = steps.map((_, i) => boxes[i] ?? '');
    return { boxes: kept.length > 0 ? kept : [boxes[0] ?? ''], spilled: null };
  }
  const dealt = steps.map((s) => s.faces.join(' '));
  const last = steps[steps.length - 1];
  const rest = sent.slice(last.from + last.count);
  if (rest.length > 0) dealt[dealt.length - 1] = [...last.faces, ...rest].join(' ');
  let spilled = dealt.length - 1;
  while (spilled > 0 && dealt[spilled] === '') spilled--;
  return { boxes: dealt, spilled };
}
