import type { LabelMode } from './labels';

const KEY = 'sandtable.table.labels';
const MODES: LabelMode[] = ['all', 'selected', 'none'];

function stored(): LabelMode {
  try {
    const v = globalThis.localStorage?.getItem(KEY);
    return MODES.includes(v as LabelMode) ? (v as LabelMode) : 'all';
  } catch {
    return 'all';
  }
}

/** Which unit names the table shows, kept on this device across games and restarts. */
class LabelSetting {
  mode = $state<LabelMode>(stored());

  set(mode: LabelMode) {
    this.mode = mode;
    try {
      globalThis.localStorage?.setItem(KEY, mode);
    } catch {
      // A private window may refuse storage; the choice still holds for this visit.
    }
  }
}

export const labelSetting = new LabelSetting();
export const LABEL_MODES = MODES;
