// Games brought to a known point through the command line on a browser test's database, with typed dice
// and cards so every step is certain: what the system tests and the screen sweep both start from. Not a
// test file itself: `node --test` only picks up *.test.mjs.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { bin, root } from './harness.mjs';

/** A new game from a shipped scenario (or a test's own, under tests/) on `db`; games are numbered from 1. */
export function newGame(db, scenario, seed) {
  const file = join(root, scenario.startsWith('tests/') ? '' : 'scenarios', scenario);
  execFileSync(bin, ['game', 'new', '--db', db, file, '--seed', String(seed)]);
}

/** Game `id` on `db` as the command line plays it: `act` one action (failing on a refusal), `view` its rules' view. */
export function game(db, id) {
  return {
    act: (action) => execFileSync(bin, ['game', 'act', '--db', db, String(id), JSON.stringify(action)], { stdio: ['ignore', 'pipe', 'pipe'] }),
    view: () => JSON.parse(execFileSync(bin, ['game', 'show', '--db', db, String(id), '--json'], { encoding: 'utf8' })).rules.view,
  };
}

/**
 * An action posted to a running server as another device would, through its HTTP API; fails on a refusal.
 * Once a server has a game open it keeps it, so the command line's `act` is for before the browser.
 */
export async function post(base, id, action) {
  const r = await fetch(`${base}/api/game_act`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id, action }),
  });
  const body = await r.json();
  assert.ok(r.ok, `${JSON.stringify(action)} refused: ${body.message ?? JSON.stringify(body)}`);
  return body;
}

/**
 * Holding the Legation Wall (seed 11) to the Legation Guard's fire, phase C of turn 1: the Boxers won the
 * movement initiative and their sword band charged the sailors on the wall; or, with `charge` false, nobody
 * moved. The actions, for a test to send its own way (the command line, or a running server).
 */
export function legationToTheFire({ charge = true } = {}) {
  return [
    { type: 'initiative', dice: [2, 5] },
    { type: 'choose_order', first: 'boxers' },
    ...(charge
      ? [
          { type: 'roll_move', unit: 'boxers-east', dice: [6, 6, 6] },
          { type: 'charge', unit: 'boxers-east', target: 'rn-sailors' },
        ]
      : []),
    { type: 'end_phase' },
    { type: 'end_phase' },
    { type: 'initiative', dice: [6, 1] },
    { type: 'choose_order', first: 'allies' },
  ];
}

/**
 * The Natives are Restless Tonight on The Boxer Compound (seed 7), to a group of Boxers charging the
 * Japanese Marines: the natives' four groups mustered and raised, then two red cards, the west group
 * moving 8" towards the compound and charging.
 */
export async function nativesToTheCharge(act) {
  // Two average dice and a D6 for each edge in turn: 7 and 5 basic on the north and east, 4 better on the
  // south (a six), 6 basic on the west.
  for (const dice of [[3, 4, 2], [2, 3, 1], [4, 4, 6], [3, 3, 5]]) await act({ type: 'muster', dice });
  for (const kind of [null, null, 'boxer_musketeers', null]) await act({ type: 'raise', kind });
  await act({ type: 'draw_card', card: '5H' });
  await act({ type: 'move', unit: 'natives-4', path: [{ x: 9, y: 21 }] });
  await act({ type: 'draw_card', card: '6H' });
  await act({ type: 'charge', unit: 'natives-4', target: 'japanese-marines' });
}

/**
 * L'Estate dei Boxers on The 55 days (seed 3), to the defenders' fire on the Tartar Wall by the American
 * barricade, with Boxers there in contact, as typed from the table: `join` counters go there at set-up
 * (within two zones of their legation); a black king; the event test 4 + 6, light rain (no bombardment);
 * the Boxers enter at 1, next door, and stop on the wall. `act` is awaited, so it may be the HTTP API's.
 */
export async function estateToTheWallFire(act, view, join) {
  for (const counter of join) await act({ type: 'reposition', counter, zone: 'TW2' });
  await act({ type: 'advance' });
  await act({ type: 'follow', phase_by_phase: true });
  await act({ type: 'draw_card', card: 'KS' });
  await act({ type: 'advance', dice: [4, 6] });
  await act({ type: 'advance', dice: [1] });
  while ((await view()).stage.phase !== 'soldier_fire') await act({ type: 'advance' });
  await act({ type: 'follow', phase_by_phase: false });
}

/** From there, the wall fires into its own zone and the combat runs on into the Boxers' melee: `dice` the fire's and the melee's. */
export async function estateToTheMelee(act, view, join, dice) {
  await estateToTheWallFire(act, view, join);
  await act({ type: 'fire', from: 'TW2', target: 'TW2', guns: 'join', dice });
}
