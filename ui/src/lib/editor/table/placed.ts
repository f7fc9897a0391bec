// Where each unit of the draft stands on the editor's table. The engine sets a unit's figures out (its
// leader at `at`, the rest beside him), but only for a draft that loads; while a draft has a problem the
// last layout that loaded is kept and moved with the unit's `at` and facing, so the table shows the unit
// the player just dragged off it, where it now is.
import type { Value } from '../../../bindings';
import type { Point, Unit, View } from '../../model';
import { anchorOf } from '../../table/geometry';
import { entries, num, pair, text, type Doc } from '../doc';

export interface Placed {
  index: number;
  id: string;
  name: string;
  side: string;
  /** The leader's place, from the file (or the engine's layout where the system places units itself). */
  anchor: Point | null;
  facing: number;
  /** The figures as laid out, or null for a unit not yet laid out (drawn as its leader with a count). */
  unit: Unit | null;
  figures: number;
  /** Whether the file places it by `at`, so dragging it can move it. */
  movable: boolean;
}

/** A change in progress on the table: a unit dragged by `dx`, `dy` or turned to `facing`. */
export interface Moving {
  index: number;
  dx: number;
  dy: number;
  facing: number | null;
}

function turned(p: Point, about: Point, degrees: number): Point {
  const r = (degrees * Math.PI) / 180;
  const [dx, dy] = [p.x - about.x, p.y - about.y];
  return { x: about.x + dx * Math.cos(r) - dy * Math.sin(r), y: about.y + dx * Math.sin(r) + dy * Math.cos(r) };
}

/** The engine's layout of `unit` moved so its leader stands at `at`, turned to `facing`. */
function laidOut(unit: Unit, at: Point, facing: number): Unit {
  const from = anchorOf(unit) ?? at;
  const turn = facing - (unit.facing ?? facing);
  const figures = unit.figures.map((f) => {
    const moved = { x: f.pos.x - from.x + at.x, y: f.pos.y - from.y + at.y };
    return { ...f, pos: turn ? turned(moved, at, turn) : moved };
  });
  return { ...unit, figures, facing };
}

export function placeUnits(doc: Doc | null, preview: View | null, moving: Moving | null): Placed[] {
  return entries(doc, 'units').map((u, index) => {
    const id = text(u.id);
    const fromEngine = preview?.units.find((v) => v.id === id) ?? null;
    const at = pair(u.at);
    let anchor: Point | null = at ? { x: at[0], y: at[1] } : fromEngine ? anchorOf(fromEngine) : null;
    let facing = num(u.facing) ?? fromEngine?.facing ?? 0;
    if (moving?.index === index && anchor) {
      anchor = { x: anchor.x + moving.dx, y: anchor.y + moving.dy };
      facing = moving.facing ?? facing;
    }
    const unit = fromEngine && anchor ? laidOut(fromEngine, anchor, facing) : fromEngine;
    return {
      index,
      id,
      name: text(u.name) || id,
      side: text(u.side),
      anchor,
      facing,
      unit,
      figures: num(u.figures as Value) ?? fromEngine?.total ?? 1,
      movable: at !== null,
    };
  });
}
