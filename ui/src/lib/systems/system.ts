import type { Component } from 'svelte';
import type { Edit } from '../../bindings';
import type { Prompt, Unit } from '../model';

/** How one kind of roll due now reads on its card. */
export interface PromptWords {
  title: string;
  /** What the chance on the card is the chance of ("to pass"). */
  chance: string;
  /** The roll button's label. */
  roll: string;
  /** What the typed-dice box asks for. */
  typed: string;
  /**
   * What the card says of the roll, in the system's words, where the engine's sentence is worded for the
   * command line; the engine's text when absent.
   */
  text?: (prompt: Prompt) => string;
  /** How an outcome reads under its bar in the odds chart; plain numbers when absent. */
  labelOf?: (value: number) => string;
  /**
   * Choices the card offers before the roll, beyond the dice (a melee's pairings). It reports the action
   * fields it sets through `onchange`; the card sends them with the roll and prices the odds with them.
   */
  Choices?: Component<{ prompt: Prompt; onchange: (fields: Record<string, unknown>) => void }>;
}

/** A pass-or-fail test's outcomes: the engine counts 1 for a pass and 0 for a failure. */
export const passes = (value: number): string => (value === 1 ? 'passes' : 'fails');

/**
 * What a rule system brings to the shared screens: its turn bar, its unit actions and their panels, what
 * it waits on besides rolls, and how its prompts read. The shared components ask for these by the view's
 * system id (`systemUi`) and never branch on a system themselves.
 */
export interface SystemUi {
  /** The bar under the header that moves the turn on; without one, the header offers End turn. */
  TurnBar?: Component;
  /** The system's own battlefield in place of the inch table (a grid of squares, a zone map). */
  Table?: Component;
  /** A screen of the desk side (an army builder), offered beside New game under `label`. */
  desk?: { label: string; Screen: Component };
  /**
   * The scenario editor's help for a draft of this system, under its own heading (an army's lists and their
   * checker): `document` is the draft's TOML as data, `text` the text itself. Given `edit`, the help may
   * change the draft (each call one edit_scenario's edits, one step of the editor's undo); without it, it
   * only shows.
   */
  scenarioHelp?: Component<{ document: unknown; text: string; edit?: (edits: Edit[]) => void }>;
  /** A unit card's actions: the buttons beside its − and +. */
  UnitActions?: Component<{ unit: Unit }>;
  /** What the card of a selected unit opens for its actions (a fire or charge panel). */
  UnitPanels?: Component<{ unit: Unit }>;
  /** A card above the roster while the rules wait on a choice that is not a roll (defensive fire). */
  Due?: Component;
  /**
   * The side panel's first tab in place of the roster, under its own label: a system whose pieces are not
   * the roster's units (a zone map's counters) shows what was tapped on its table there.
   */
  Side?: { label: string; Panel: Component };
  /** The system keeps its own deck in its turn bar (a siege's cards): the dice tray's shared deck is hidden. */
  ownDeck?: boolean;
  /**
   * The system's forces are not the scenario's units (a siege's garrison and guns in its own tables): the
   * scenario editor does not ask a draft for units before it is played.
   */
  forcesOutsideUnits?: boolean;
  /**
   * The actions in which each side throws once and a tie is thrown again (an initiative): their log
   * entries hold one roll per side per throw, the last throw the one that counted.
   */
  rethrownOnTie?: string[];
  prompts: Record<string, PromptWords>;
}

/** A roll due now whose system has no words of its own for it. */
export function promptWords(ui: SystemUi, action: string): PromptWords {
  return ui.prompts[action] ?? { title: action.replaceAll('_', ' '), chance: '', roll: 'Roll', typed: 'faces' };
}
