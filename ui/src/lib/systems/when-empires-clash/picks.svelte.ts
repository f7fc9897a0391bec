// What the player has picked on the grid beside the selected stand: the enemy stand a combat is aimed at.
// Shared by the grid (a tap on a target) and the combat panel (its list), so either picks for both.

class Picks {
  target = $state<string | null>(null);
}

export const picks = new Picks();
