// How wide a word is drawn on the zone map, so a zone can be made wide enough for its name and chips
// before anything is drawn: measured on a canvas in the page's own font, estimated where there is none.

let ctx: CanvasRenderingContext2D | null | undefined;
const known = new Map<string, number>();

/** `text`'s width in pixels at `px` and `weight`, with `spacing` em between letters. */
export function textWidth(text: string, px: number, weight = 400, spacing = 0): number {
  const key = `${weight}|${px}|${spacing}|${text}`;
  const seen = known.get(key);
  if (seen !== undefined) return seen;
  if (ctx === undefined) ctx = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  let w = text.length * px * 0.68;
  if (ctx) {
    ctx.font = `${weight} ${px}px ${getComputedStyle(document.body).fontFamily || 'sans-serif'}`;
    w = ctx.measureText(text).width;
  }
  w += [...text].length * spacing * px;
  known.set(key, w);
  return w;
}
