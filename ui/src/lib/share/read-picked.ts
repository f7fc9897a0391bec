/** The largest file read whole into the page: far above any game's log, far below what strains a tablet. */
export const MAX_PICKED_BYTES = 32 * 1024 * 1024;

const MB = 1024 * 1024;

/**
 * A picked file's text, or why it was not read, worded to follow the file's name as the engine's
 * refusals do. One too large is refused before any of it is read.
 */
export async function readPicked(file: File): Promise<{ text: string } | { refused: string }> {
  if (file.size > MAX_PICKED_BYTES) {
    const size = (file.size / MB).toFixed(1);
    return { refused: `it is ${size} MB, over the ${MAX_PICKED_BYTES / MB} MB a game file may be, so it was not read; nothing was imported` };
  }
  try {
    return { text: await file.text() };
  } catch {
    return { refused: 'it could not be read (it may have been moved or deleted); nothing was imported' };
  }
}
