/** How long a Blob's URL outlives its use: the browser may still be reading it after the click returns. */
const KEEP_URL_MS = 60_000;

/** A URL for `text` that frees itself once the browser has had time to read it. */
export function passingUrl(text: string, type: string): string {
  const url = URL.createObjectURL(new Blob([text], { type }));
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
  return url;
}

/**
 * Saves `text` as a file named `fileName` where the browser saves downloads. An `<a download>` rather
 * than a save dialog: it is the one way that works alike in Chromium and in the desktop window's webview.
 */
export function saveFile(fileName: string, text: string, type: string): void {
  const a = document.createElement('a');
  a.href = passingUrl(text, type);
  a.download = fileName;
  // Firefox follows only a link that is in the document.
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}
