// A value written as TOML writes it in one line (`[[0, 0], [12, 0]]`, `{ width = 72, depth = 48 }`), for
// the fields that edit a list or a table as text: written out, and read back from what the player typed.
import type { Value } from '../../../bindings';

export function writeInline(value: Value): string {
  if (Array.isArray(value)) return `[${value.map(writeInline).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.entries(value).map(([k, v]) => `${/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k)} = ${writeInline(v)}`);
    return keys.length ? `{ ${keys.join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

/** The value typed, or why it does not read. */
export function readInline(typed: string): { value: Value } | { error: string } {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at character ${at + 1}`);
  };
  const space = () => {
    while (at < typed.length && /\s/.test(typed[at])) at++;
  };
  const expect = (c: string) => {
    space();
    if (typed[at] !== c) fail(`expected "${c}"`);
    at++;
  };
  function key(): string {
    space();
    if (typed[at] === '"') return str();
    const m = /^[A-Za-z0-9_-]+/.exec(typed.slice(at));
    if (!m) fail('expected a key');
    at += m![0].length;
    return m![0];
  }
  function str(): string {
    const m = /^"(?:[^"\\]|\\.)*"/.exec(typed.slice(at));
    if (!m) fail('unclosed words');
    at += m![0].length;
    return JSON.parse(m![0]) as string;
  }
  function value(): Value {
    space();
    const c = typed[at];
    if (c === '[') {
      at++;
      const items: Value[] = [];
      space();
      while (typed[at] !== ']') {
        items.push(value());
        space();
        if (typed[at] === ',') at++;
        else if (typed[at] !== ']') fail('expected "," or "]"');
        space();
      }
      at++;
      return items;
    }
    if (c === '{') {
      at++;
      const out: { [k: string]: Value } = {};
      space();
      while (typed[at] !== '}') {
        const k = key();
        expect('=');
        out[k] = value();
        space();
        if (typed[at] === ',') at++;
        else if (typed[at] !== '}') fail('expected "," or "}"');
        space();
      }
      at++;
      return out;
    }
    if (c === '"') return str();
    const m = /^(true|false|[-+]?\d[\d_]*(\.\d+)?([eE][-+]?\d+)?)/.exec(typed.slice(at));
    if (!m) fail('expected a number, words in quotes, true/false, [a list] or {a table}');
    at += m![0].length;
    return m![0] === 'true' ? true : m![0] === 'false' ? false : Number(m![0].replaceAll('_', ''));
  }
  try {
    const v = value();
    space();
    if (at < typed.length) fail('unexpected text');
    return { value: v };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
