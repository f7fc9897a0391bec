// What a press on the editor's table does: pick and move, turn a unit, draw a rectangle or a polygon of
// terrain, set a unit down, or draw a side's deployment zone.
import type { Point } from '../../model';

export type Tool = 'select' | 'rotate' | 'rect' | 'polygon' | 'unit' | 'zone';

class ToolState {
  tool = $state<Tool>('select');
  /** The side a unit is set down for, or a zone drawn for (its index among the sides). */
  side = $state(0);
  /** The corners tapped so far of a polygon being drawn. */
  corners = $state<Point[]>([]);

  choose(tool: Tool) {
    this.tool = tool;
    this.corners = [];
  }
}

export const tools = new ToolState();
