/**
 * A name the player chose, made safe to save under on any desktop: the characters Windows, macOS or
 * Linux refuse in a file name are dropped, so "Boxers: the relief" saves rather than fails.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    // Windows drops a trailing dot or space silently, and a leading dot hides the file elsewhere.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return cleaned || fallback;
}
