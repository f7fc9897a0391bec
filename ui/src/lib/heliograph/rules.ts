// Questions the UI asks of a Heliograph game (may this unit activate, is it a cannon, which die does it
// move by in jungle), kept in one place so the activation bar, the unit cards and the panels agree. The
// engine checks everything again; asking first only spares the player buttons that can only be refused.

import type { DuePrompt, Heliograph, Unit, View } from '../model';
import { anchorOf, dist } from '../table/geometry';

/**
 * The ruleset's unit profiles (scenarios/heliograph/ruleset.toml) as the UI needs them. The view does
 * not carry them yet, so they are repeated here by kind; a kind not listed gets no special buttons.
 */
const PROFILES: Record<string, { us: boolean; infantry?: boolean; cannon?: boolean; gatling?: boolean; jungle: 'lowest' | 'highest' }> = {
  us_infantry: { us: true, infantry: true, jungle: 'lowest' },
  us_officers: { us: true, infantry: true, jungle: 'lowest' },
  gatling: { us: true, gatling: true, jungle: 'lowest' },
  us_cannon: { us: true, cannon: true, jungle: 'lowest' },
  moro_warriors: { us: false, infantry: true, jungle: 'highest' },
  moro_riflemen: { us: false, infantry: true, jungle: 'highest' },
  moro_cannon: { us: false, cannon: true, jungle: 'lowest' },
};

/** The cannon's blast template, in inches ("put 3 blast radius at impact point"). */
export const BLAST_RADIUS = 3;
/** A charge ends in base contact: the engine stops it this far short of the nearest enemy figure. */
export const CONTACT = 0.5;
/** How close infantry must stand to a Gatling to take it over (contact plus an inch, as the engine has it). */
const CREW_REACH = CONTACT + 1;

export const isCannon = (u: Unit) => !!PROFILES[u.kind]?.cannon;
export const isUs = (u: Unit) => !!PROFILES[u.kind]?.us;
export const isHidden = (hg: Heliograph | null, id: string) => !!hg?.hidden.includes(id);

/** What a player may read of a unit: a hidden counter shows only that it is one. */
export function shownName(hg: Heliograph | null, unit: Unit | null | undefined, id = ''): string {
  if (!unit) return id;
  return isHidden(hg, unit.id) ? 'Hidden counter' : unit.name;
}

/** Sides that still have a unit to activate this turn. */
export function sidesWaiting(view: View, hg: Heliograph): string[] {
  return view.sides.map((s) => s.id).filter((side) => view.units.some((u) => u.side === side && hg.waiting.includes(u.id)));
}

/** Owed items other than the chooser's own pick, which activating settles. */
function blocking(hg: Heliograph): string[] {
  return hg.chooser ? hg.owed.filter((o) => !o.endsWith('activates a unit')) : hg.owed;
}

/** The toss winner activates one of its waiting units; once only one side has units left, it needs no toss. */
export function mayActivate(view: View, hg: Heliograph, unit: Unit): boolean {
  if (!hg.waiting.includes(unit.id) || blocking(hg).length > 0) return false;
  if (hg.chooser) return hg.chooser === unit.side;
  const left = sidesWaiting(view, hg);
  return left.length === 1 && left[0] === unit.side;
}

/** What the table does next: toss, pick a unit, activate without a toss, or begin the next turn. */
export type Next = 'toss' | 'choose' | 'alone' | 'next_turn';

export function nextStep(view: View, hg: Heliograph): Next {
  if (hg.chooser) return 'choose';
  const left = sidesWaiting(view, hg);
  if (left.length === 0) return 'next_turn';
  return left.length === 1 ? 'alone' : 'toss';
}

/** The unit's move for the clear/trail total and for one die in jungle, from its 2 D10. */
export function allowances(unit: Unit): { clear: number; jungle: number; which: 'lowest' | 'highest' } | null {
  const a = unit.allowance;
  if (!a || a.faces.length === 0) return null;
  const which = PROFILES[unit.kind]?.jungle ?? 'lowest';
  const jungle = which === 'lowest' ? Math.min(...a.faces) : Math.max(...a.faces);
  return { clear: a.total, jungle, which };
}

export function allowanceText(unit: Unit): string {
  const a = allowances(unit);
  return a ? `clear/trail ${a.clear}" · jungle ${a.jungle}" (${a.which} die)` : '';
}

/** Gatlings of the unit's side whose crew is gone and that the unit stands next to. */
export function gunsToCrew(view: View, unit: Unit): Unit[] {
  const at = anchorOf(unit);
  if (!at || !PROFILES[unit.kind]?.infantry) return [];
  return view.units.filter(
    (g) =>
      g.side === unit.side &&
      PROFILES[g.kind]?.gatling &&
      !g.figures.some((f) => f.alive && f.role === 'crew') &&
      g.figures.length > 0 &&
      dist(at, g.figures[0].pos) <= CREW_REACH + 0.05,
  );
}

/** What the active unit has done so far, in a few words. */
export function doneText(a: NonNullable<Heliograph['active']>): string {
  const done = [
    a.sighted && 'sighted',
    a.moved && 'moved',
    a.busy && 'busy',
    a.charged && 'charged',
    a.fired && 'fired',
  ].filter(Boolean);
  return done.length ? done.join(' · ') : 'nothing yet';
}

/** The rolls due now as prompt cards: morale tests, then the melee once it is down to the fight. */
export function prompts(view: View, hg: Heliograph): DuePrompt[] {
  const list: DuePrompt[] = hg.tests.map((t) => ({ action: 'morale', unit: t.unit, text: t.text, p: t.p }));
  const m = hg.melee;
  if (m && m.step === 'fight') {
    const name = (id: string) => shownName(hg, view.units.find((u) => u.id === id), id);
    list.push({ action: 'melee', unit: m.attacker, text: `Fight the melee: ${name(m.attacker)} against ${name(m.defender)}`, p: null });
  }
  return list;
}
