import { parseFaces } from '../../format';

/** A kind of die by the faces it shows, as the engine names it in a roll's expression. */
interface DieFaces {
  faces: number[];
}

const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

// What a player reads off each die: a D10 shows 0–9, percentile 1–100, average dice 2–5.
const DICE: Record<string, DieFaces> = {
  D4: { faces: range(1, 4) },
  D6: { faces: range(1, 6) },
  D10: { faces: range(0, 9) },
  D12: { faces: range(1, 12) },
  D20: { faces: range(1, 20) },
  'D%': { faces: range(1, 100) },
  AvD: { faces: [2, 3, 4, 5] },
};

/** The dice of a roll's expression, one entry a die: "10D6" is ten D6, "1D6+6" one, "2AvD" two. */
export function diceOf(expr: string): DieFaces[] {
  const dice: DieFaces[] = [];
  for (const m of expr.matchAll(/(\d*)(AvD|D%|D\d+)/gi)) {
    const kind = DICE[m[2].toUpperCase() === 'AVD' ? 'AvD' : m[2].toUpperCase()];
    if (!kind) return [];
    dice.push(...Array.from({ length: Number(m[1] || '1') }, () => kind));
  }
  return dice;
}

/** Every die of the roll shows a single digit, so a run of digits can only be one die a digit. */
export function singleDigits(expr: string | undefined): boolean {
  const dice = expr ? diceOf(expr) : [];
  return dice.length > 0 && dice.every((d) => d.faces.every((f) => f >= 0 && f <= 9));
}

/** One box's faces as read, and whether a run of digits was read as one die a digit. */
export interface BoxReading {
  faces: number[] | null;
  split: boolean;
}

/**
 * The faces typed in a box for the roll `expr` (unknown until the engine names the roll). A keypad of
 * digits alone has no space, so for dice that all show one digit (D6, D10 read 0–9, average dice) "3157"
 * is four dice; for any other die it stays one number, for the engine to say it is no face.
 */
export function readBox(text: string, expr?: string): BoxReading {
  const faces = parseFaces(text);
  if (!faces || !singleDigits(expr)) return { faces, split: false };
  const tokens = text.trim().split(/[\s,;.]+/).filter(Boolean);
  if (!tokens.some((t) => /^\d{2,}$/.test(t))) return { faces, split: false };
  return { faces: tokens.flatMap((t) => [...t].map(Number)), split: true };
}

/**
 * The typed face is all of it: no face of the roll's dice begins with its digits and goes on, so the next
 * digit typed can only be another roll's (a D6's 4; not a D20's 1, which may be a 12).
 */
export function faceComplete(face: number, expr: string): boolean {
  const typed = String(face);
  return diceOf(expr).every((d) => !d.faces.some((f) => String(f).length > typed.length && String(f).startsWith(typed)));
}

/**
 * A run of digits longer than any face of the roll's dice: faces typed without a space between them, for
 * dice whose faces have two digits (a D20's 13 15 …), where it cannot be split a die a digit. Read as one
 * number it would be no face, and past 15 digits not even the number typed.
 */
export function runTogether(text: string, expr: string): string | null {
  const dice = diceOf(expr);
  if (dice.length === 0) return null;
  const longest = Math.max(...dice.flatMap((d) => d.faces.map((f) => String(f).length)));
  return text.trim().split(/[\s,;.]+/).find((t) => /^\d+$/.test(t) && t.length > longest) ?? null;
}

/** Two faces of the roll's first die, one of two digits, to show how faces are typed apart: "18 3". */
export function faceExample(expr: string): string {
  const faces = diceOf(expr)[0]?.faces ?? [];
  return faces.length > 4 ? `${faces[faces.length - 3]} ${faces[2]}` : '3 5';
}
