import { passingUrl, saveFile } from './save-file';

/**
 * A window for a page to print, opened now, while the tap that asked for it still counts as the player's:
 * a popup blocker refuses one opened after waiting for the page's text. Null when none can be opened
 * (blocked, or a webview that opens no windows).
 */
export function openPrintWindow(): Window | null {
  return window.open('', '_blank');
}

/**
 * Shows `html` in the window `openPrintWindow` gave, or saves it as `fileName` when there was none.
 * Answers how it went, so the player can be told where to find it.
 */
export function showToPrint(into: Window | null, html: string, fileName: string): 'opened' | 'saved' {
  if (into && !into.closed) {
    // The page is the engine's own report: it needs nothing from this one.
    into.opener = null;
    into.location.href = passingUrl(html, 'text/html;charset=utf-8');
    return 'opened';
  }
  saveFile(fileName, html, 'text/html;charset=utf-8');
  return 'saved';
}
