export function inches(n: number, digits = 1): string {
  return `${fixed(n, digits)}"`;
}

/**
 * `n` to `digits` decimals as the engine writes it: an exact half (19.25) goes to the even digit (19.2),
 * where JavaScript's toFixed would go up. So the same distance reads the same in a panel and in the log.
 */
export function fixed(n: number, digits: number): string {
  const exact = Math.abs(n).toFixed(20);
  const [whole, frac = ''] = exact.split('.');
  const tie = frac[digits] === '5' && /^0*$/.test(frac.slice(digits + 1));
  if (!tie) return n.toFixed(digits);
  const kept = digits > 0 ? `${whole}.${frac.slice(0, digits)}` : whole;
  const lastDigit = Number(kept[kept.length - 1]);
  if (lastDigit % 2 === 0) return `${n < 0 ? '-' : ''}${kept}`;
  return n.toFixed(digits);
}

export function percent(p: number): string {
  if (p >= 0.995) return '100%';
  if (p < 0.001) return '<0.1%';
  return p < 0.1 ? `${(p * 100).toFixed(1)}%` : `${Math.round(p * 100)}%`;
}

export function when(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * Faces typed from physical dice, "3 5", "3,5" or "3.5" (a tablet's number pad has a dot or a comma but
 * no space). Whether they fit the dice is the engine's call.
 */
export function parseFaces(text: string): number[] | null {
  const parts = text.trim().split(/[\s,;.]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const faces = parts.map((p) => Number(p));
  return faces.every((f) => Number.isInteger(f)) ? faces : null;
}
