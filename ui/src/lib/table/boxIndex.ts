import type { Box } from './labels';

/** How far past a query's edges its cells reach: a box a rounding error outside is still looked at, so a
 * test through the index answers exactly as one over every box would. */
const SLACK = 1e-3;

/**
 * Boxes filed by the grid cells they lie in, so that "which boxes come near this place" looks at the few
 * in those cells rather than every box on the board: the label placers ask it for every spot they try
 * against every stand, which on a crowded board is most of a tap's work.
 */
export class BoxIndex {
  readonly #cells = new Map<number, number[]>();
  readonly #size: number;
  /** Which boxes one query has looked at already (a box across several cells is filed in each). */
  readonly #looked: Uint32Array;
  #query = 0;

  /** `size` is a cell's side, in the boxes' units: about a box's size works best. */
  constructor(boxes: readonly Box[], size: number) {
    this.#size = size > 0 ? size : 1;
    this.#looked = new Uint32Array(boxes.length);
    boxes.forEach((b, i) => {
      this.#eachCell(b.x, b.y, b.x + b.w, b.y + b.h, (key) => {
        const filed = this.#cells.get(key);
        if (filed) filed.push(i);
        else this.#cells.set(key, [i]);
        return false;
      });
    });
  }

  /**
   * Whether `test` holds for any box (by its index) that touches or overlaps the area from (x1, y1) to
   * (x2, y2); boxes wholly outside it are never tested, so `test` must be false for every one of them.
   */
  some(x1: number, y1: number, x2: number, y2: number, test: (i: number) => boolean): boolean {
    const query = this.#nextQuery();
    return this.#eachCell(x1 - SLACK, y1 - SLACK, x2 + SLACK, y2 + SLACK, (key) => {
      for (const i of this.#cells.get(key) ?? []) {
        if (this.#looked[i] === query) continue;
        this.#looked[i] = query;
        if (test(i)) return true;
      }
      return false;
    });
  }

  /** How many boxes touching the area pass `test` (as `some`, every box outside it failing). */
  count(x1: number, y1: number, x2: number, y2: number, test: (i: number) => boolean): number {
    let n = 0;
    this.some(x1, y1, x2, y2, (i) => {
      if (test(i)) n++;
      return false;
    });
    return n;
  }

  /** Any box that may lie within `margin` of `box` (the gap between them at most that) and passes `test`. */
  someNear(box: Box, margin: number, test: (i: number) => boolean): boolean {
    return this.some(box.x - margin, box.y - margin, box.x + box.w + margin, box.y + box.h + margin, test);
  }

  #nextQuery(): number {
    this.#query++;
    if (this.#query === 0xffffffff) {
      this.#looked.fill(0);
      this.#query = 1;
    }
    return this.#query;
  }

  /** Each cell the area lies in, until `visit` says stop; true when it did. */
  #eachCell(x1: number, y1: number, x2: number, y2: number, visit: (key: number) => boolean): boolean {
    const s = this.#size;
    const [c1, c2, r1, r2] = [Math.floor(x1 / s), Math.floor(x2 / s), Math.floor(y1 / s), Math.floor(y2 / s)];
    for (let r = r1; r <= r2; r++) for (let c = c1; c <= c2; c++) if (visit(cellKey(c, r))) return true;
    return false;
  }
}

/** One number for a cell, negative columns and rows included (a board's names may lie off its edge). */
function cellKey(col: number, row: number): number {
  return (row + 32768) * 65536 + (col + 32768);
}
