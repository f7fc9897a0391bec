// The loader's messages come from the file reader, in the words of a programmer ("invalid type: string
// "abc", expected u32"). Beside a form's field a player needs what to type instead; the File tab keeps
// the reader's own words, since there the player is reading the file.

const kinds: Record<string, string> = {
  u8: 'a whole number, 0 or more',
  u16: 'a whole number, 0 or more',
  u32: 'a whole number, 0 or more',
  u64: 'a whole number, 0 or more',
  usize: 'a whole number, 0 or more',
  i8: 'a whole number',
  i16: 'a whole number',
  i32: 'a whole number',
  i64: 'a whole number',
  f32: 'a number',
  f64: 'a number',
  'a boolean': 'yes or no',
  'a string': 'words',
  'a sequence': 'a list',
};

const given = (what: string) =>
  what
    .replace(/^string "(.*)"$/, '“$1”')
    .replace(/^(?:integer|floating point) `(.*)`$/, '$1')
    .replace(/^boolean `(.*)`$/, '$1');

/** The message in a player's words where it is one of the reader's stock phrases, else as it came. */
export function plainMessage(message: string): string {
  const typed = /^invalid (?:type|value): (.+?), expected (.+)$/.exec(message);
  if (typed) {
    const wanted = kinds[typed[2]] ?? typed[2];
    return `${given(typed[1])} will not do here: this wants ${wanted}`;
  }
  const missing = /^missing field `(.+)`$/.exec(message);
  if (missing) return `${missing[1]} is missing: fill it in`;
  const variant = /^unknown variant `(.*)`, expected (?:one of )?(.+)$/.exec(message);
  if (variant) return `“${variant[1]}” is not a choice these rules know; pick one of ${variant[2].replaceAll('`', '')}`;
  return message;
}
