// Which of a unit's action panels is open: set by the buttons on its card (UnitActions) and read by the
// panels under it (UnitPanels), which the roster shows only for the selected unit.

export type PanelKind = 'fire' | 'charge' | 'turn_gun' | 'special' | 'withdraw';

class OpenPanel {
  unit = $state<string | null>(null);
  kind = $state<PanelKind | null>(null);

  is(unit: string, kind: PanelKind): boolean {
    return this.unit === unit && this.kind === kind;
  }

  toggle(unit: string, kind: PanelKind) {
    if (this.is(unit, kind)) this.close();
    else [this.unit, this.kind] = [unit, kind];
  }

  close() {
    [this.unit, this.kind] = [null, null];
  }
}

export const open = new OpenPanel();
