// Taps every rule system's game screen offers alike.

/** The log tab, a note typed and added, then Undo and Redo of it. */
export async function noteUndoRedo(t, text) {
  const { tap, tid } = t;
  await tap('open the log tab', 'tab-log', { shown: 'log-total' }, { kind: 'ui' });
  await tid('note-open').click();
  await tid('note-text').fill(text);
  await tap('add a note', 'note-save', { log: true }, { kind: 'note' });
  await tap('undo', 'undo', { log: true }, { kind: 'undo' });
  await tap('redo', 'redo', { log: true }, { kind: 'redo' });
}

/** Back to the side panel's first tab (units, or the zone), as a player goes back to the table's pieces. */
export async function unitsTab(t) {
  await t.tap('open the units tab', 'tab-units', { attr: 'tab-units', name: 'aria-selected', value: 'true' }, { kind: 'ui' });
}

/**
 * A tap on the table `dx`, `dy` inches from the unit's leader (its first figure if it has none), where
 * the move tool takes its leader; the result is its figures drawn in their new place.
 */
export async function moveOnTable(t, unit, dx, dy) {
  const figures = await t.figures(unit);
  const leader = figures.find((f) => f.role === 'leader') ?? figures[0];
  const at = await t.toClient(leader.x + dx, leader.y + dy);
  await t.tap(`tap the table to move ${unit}`, null, { moved: unit }, { how: () => t.page.mouse.click(at.x, at.y) });
}
