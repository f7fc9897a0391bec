export function inches(n: number, digits = 1): string {
  return `${n.toFixed(digits)}"`;
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

/** Faces typed from physical dice, "3 5" or "3,5". Whether they fit the dice is the engine's call. */
export function parseFaces(text: string): number[] | null {
  const parts = text.trim().split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const faces = parts.map((p) => Number(p));
  return faces.every((f) => Number.isInteger(f)) ? faces : null;
}
