// The editor's changes that take more than one field: a unit or a piece of terrain added with sensible
// first values, a zone drawn, whatever is selected deleted. The forms and the table share them.
import type { Value } from '../../bindings';
import type { Point } from '../model';
import { centroid } from '../table/geometry';
import { entries, facingFrom, freshId, polygon, snap, text, tableSize, type Pair } from './doc';
import { session } from './session.svelte';

const round = (p: Point): Pair => [Math.round(p.x * 100) / 100, Math.round(p.y * 100) / 100];

/** A rectangle's corners, clockwise from its top left, from two opposite corners. */
export function rectangle(a: Point, b: Point): Pair[] {
  const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
  const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
  return [round({ x: x0, y: y0 }), round({ x: x1, y: y0 }), round({ x: x1, y: y1 }), round({ x: x0, y: y1 })];
}

/**
 * Adds a unit of side `sideIndex` at `at` (the middle of the table when not given): of the kind that
 * side's last unit is, facing into the table from its edge, and selects it.
 */
export async function addUnit(sideIndex: number, at?: Point): Promise<boolean> {
  const doc = session.doc;
  const sides = entries(doc, 'sides');
  const side = sides[sideIndex] ?? sides[0];
  const units = entries(doc, 'units');
  const kinds = session.info?.kinds ?? [];
  const sideId = text(side?.id);
  const kind = text([...units].reverse().find((u) => text(u.side) === sideId)?.kind) || kinds[0]?.id || '';
  const kindName = kinds.find((k) => k.id === kind)?.name ?? 'Unit';
  const place = at ?? startingPlace(side);
  const name = `${kindName} ${units.filter((u) => text(u.kind) === kind).length + 1}`;
  const unit: Record<string, string | number | Pair> = {
    id: freshId(name, units.map((u) => text(u.id)), 'unit'),
    name,
    side: sideId,
    kind,
    figures: session.info?.fixed_figures ?? 6,
  };
  if (place) unit.at = round(place);
  unit.facing = facingFrom(side?.edge);
  const ok = await session.edit([{ op: 'append', path: ['units'], value: unit }]);
  if (ok) {
    session.selection = { kind: 'unit', index: units.length };
    session.tab = 'units';
  }
  return ok;
}

/** How far in from its edge a side's new unit stands, when the side has no deployment zone. */
const IN_FROM_EDGE = 6;

/** Where a side's new unit is first put: the middle of its deployment zone, else just in from its edge. */
function startingPlace(side: { [key: string]: Value } | undefined): Point | null {
  const zone = polygon(side?.deployment);
  if (zone && zone.length >= 3) {
    const middle = centroid(zone.map(([x, y]) => ({ x, y })));
    return { x: snap(middle.x), y: snap(middle.y) };
  }
  const size = tableSize(session.doc);
  if (!size) return null;
  const [mx, my] = [size.width / 2, size.depth / 2];
  const d = Math.min(IN_FROM_EDGE, mx, my);
  const edge = text(side?.edge);
  if (edge === 'north') return { x: mx, y: d };
  if (edge === 'south') return { x: mx, y: size.depth - d };
  if (edge === 'west') return { x: d, y: my };
  if (edge === 'east') return { x: size.width - d, y: my };
  return { x: mx, y: my };
}

/** Adds a piece of terrain with these corners and selects it, for its name and cover to be set. */
export async function addTerrain(corners: Pair[]): Promise<boolean> {
  const pieces = entries(session.doc, 'terrain');
  const cover = session.info?.covers[0] ?? 'open';
  const piece = { name: `Terrain ${pieces.length + 1}`, cover, polygon: corners };
  const ok = await session.edit([{ op: 'append', path: ['terrain'], value: piece }]);
  if (ok) {
    session.selection = { kind: 'terrain', index: pieces.length };
    session.tab = 'terrain';
  }
  return ok;
}

export async function setZone(sideIndex: number, corners: Pair[]): Promise<boolean> {
  const ok = await session.set(['sides', sideIndex, 'deployment'], corners);
  if (ok) {
    session.selection = { kind: 'side', index: sideIndex };
    session.tab = 'sides';
  }
  return ok;
}

export function moveUnit(index: number, at: Point): Promise<boolean> {
  return session.set(['units', index, 'at'], round(at));
}

export function turnUnit(index: number, facing: number): Promise<boolean> {
  return session.set(['units', index, 'facing'], ((Math.round(facing) % 360) + 360) % 360);
}

export function moveCorner(piece: number, corner: number, at: Point): Promise<boolean> {
  return session.set(['terrain', piece, 'polygon', corner], round(at));
}

/** Whether there is something selected that Delete takes away (a side goes only by its zone). */
export function canDelete(): boolean {
  const s = session.selection;
  if (!s) return false;
  if (s.kind === 'side') return entries(session.doc, 'sides')[s.index]?.deployment !== undefined;
  return true;
}

export async function deleteSelected(): Promise<boolean> {
  const s = session.selection;
  if (!s || !canDelete()) return false;
  const path = s.kind === 'unit' ? ['units', s.index] : s.kind === 'terrain' ? ['terrain', s.index] : ['sides', s.index, 'deployment'];
  const ok = await session.edit([{ op: 'remove', path }]);
  if (ok && s.kind !== 'side') session.selection = null;
  return ok;
}
