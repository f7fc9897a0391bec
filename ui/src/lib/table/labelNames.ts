// Shorter names for crowded boards, made by dropping words, never by cutting them to initials: a player
// must still know the unit at a glance ("Lieutenant and sergeant" becomes "Lieutenant…", "British Regular
// Infantry 3" "Infantry 3", "uKhandempemvu Regiment" "uKhandempemvu"). A word another unit shares
// ("British", "Regiment") goes before one only this unit has ("Lieutenant", "3"), and every short form
// keeps enough words that no other unit of the game has them all: no two units can ever read the same,
// whichever of their forms each one shows. Pure (no DOM), so a node test can load it on its own.

const STOP = new Set(['of', 'the', 'and', 'a', 'an', 'in', 'on', 'at', 'to', 'by', 'with', 'de', 'la', 'le', 'du', 'des', 'von', 'van', '&']);
const ORDINALS: Record<string, string> = {
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
  tenth: '10th',
};
/** Names longer than this many words are only cut from the end: the ways of dropping words grow as 2^n. */
const MOST_WORDS = 12;
/** Short forms offered after the full name; the placer tries them in turn. */
const MOST_STEPS = 4;

interface Word {
  /** As shown, an ordinal written in figures ("first" as "1st"). */
  text: string;
  /** For telling names apart: lower case, without the punctuation round it. */
  key: string;
  /** Followed by a comma in the full name. */
  comma: boolean;
  stop: boolean;
}

function wordsOf(name: string): Word[] {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => {
      const comma = raw.endsWith(',');
      const bare = comma ? raw.slice(0, -1) : raw;
      const lower = bare.toLowerCase();
      const text = ORDINALS[lower] ?? bare;
      return { text, key: text
          .toLowerCase()
          .replace(/['’]s$/, '')
          .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), comma, stop: STOP.has(bare) };
    });
}

/** A word that names something (not a number, an ordinal, an initial or a little word): a form keeps one. */
function names(w: Word): boolean {
  return !w.stop && (w.key.match(/\p{L}/gu)?.length ?? 0) >= 3 && !/^\d+(st|nd|rd|th)$/.test(w.key);
}

interface Form {
  text: string;
  kept: Set<number>;
  penalty: number;
}

/**
 * Each name's wordings, fullest first: the name itself, then shorter forms made by dropping words, each
 * keeping the words of the one before it. `names` are all the units' names in the game; the answer is in
 * their order.
 */
export function nameLadders(all: string[]): string[][] {
  const parsed = all.map(wordsOf);
  const keySets = parsed.map((ws) => new Set(ws.filter((w) => !w.stop).map((w) => w.key)));
  // Each name without the number or letter at its end ("Chinese Imperial Infantry" of "… Infantry 3"):
  // "Infantry 7" reads as any kind of infantry's seventh, so a short form's words, its number aside, must
  // name no other kind of unit in the game.
  const kindOf = parsed.map((ws) => {
    const open = ws.filter((w) => !w.stop);
    const last = open[open.length - 1];
    return new Set(open.filter((w) => !(w === last && open.length > 1 && !names(w))).map((w) => w.key));
  });
  const kindKey = kindOf.map((k) => [...k].sort().join(' '));
  // How many names of the game have each word: one that only this unit has tells it apart.
  const count = new Map<string, number>();
  for (const ks of keySets) for (const k of ks) count.set(k, (count.get(k) ?? 0) + 1);

  return all.map((name, i) => {
    const words = parsed[i];
    const open = words.map((w, j) => (w.stop ? -1 : j)).filter((j) => j >= 0);
    if (open.length === 0 || open.length > MOST_WORDS) return [name];
    const firstWord = open[0];
    const others = keySets.filter((_, k) => k !== i && all[k] !== name);

    // What the unit is comes before a little word ("Boxers in the temple", "Riflemen on the wall"): a
    // short form keeps one of those words, or it names the place and not the unit.
    const stopAt = words.findIndex((w, j) => w.stop && j > 0);
    const core = stopAt < 0 ? open : open.filter((j) => j < stopAt);
    const last = open[open.length - 1];
    const head = [...core].reverse().find((j) => names(words[j])) ?? -1;
    const tag = !names(words[last]);

    const forms: Form[] = [];
    // A run of words side by side, and the number or letter at the end ("Infantry 3"): dropping words
    // from the middle of a run reads as another name.
    for (let a = 0; a < open.length; a++)
      for (let b = a; b < open.length; b++) {
        for (const withTag of tag && b < open.length - 1 ? [false, true] : [false]) {
          const kept = new Set(open.slice(a, b + 1));
          if (withTag) kept.add(last);
          if (kept.size === open.length) continue;
          if (![...kept].some((j) => names(words[j]))) continue;
          if (!core.some((j) => kept.has(j))) continue;
          // A number keeps the word it counts ("Spearmen 5", not "Zulu 5").
          if (tag && kept.has(last) && open.length > 1 && !kept.has(open[open.length - 2])) continue;
          // A first word only this unit has is what it is called by ("Tiger Men", "Maxim gun").
          if (!kept.has(firstWord) && (count.get(words[firstWord].key) ?? 0) <= 1) continue;
          const keys = [...kept].map((j) => words[j].key);
          // Another unit with every word kept would read the same, or a longer form of it would.
          if (others.some((ks) => keys.every((k) => ks.has(k)))) continue;
          const kindWords = [...kept].filter((j) => !(tag && j === last)).map((j) => words[j].key);
          if (kindOf.some((kind, k) => kindKey[k] !== kindKey[i] && kindWords.every((w) => kind.has(w)))) continue;
          let penalty = 0;
          for (const j of open) {
            if (kept.has(j)) continue;
            // A word only this unit has costs most to drop, then its first word (what it is called by), then its
            // noun.
            if ((count.get(words[j].key) ?? 0) <= 1) penalty += 3;
            if (j === firstWord) penalty += 2;
            if (j === head) penalty += 1;
          }
          const text = spell(words, kept, open);
          // Shorter by a few letters at least, or it is not worth the lost words.
          if (text.length <= name.length - 4) forms.push({ text, kept, penalty });
        }
      }
    forms.sort((a, b) => a.penalty - b.penalty || b.text.length - a.text.length);
    // Only the forms that drop the least telling words: one that has to drop more reads as another unit.
    const least = forms[0]?.penalty ?? 0;
    const ladder = [name];
    let prev: Form | null = null;
    for (const f of forms) {
      if (ladder.length > MOST_STEPS || f.penalty > least + 1) break;
      if (f.text.length >= ladder[ladder.length - 1].length) continue;
      if (prev && ![...f.kept].every((j) => prev!.kept.has(j))) continue;
      ladder.push(f.text);
      prev = f;
    }
    return ladder;
  });
}

/**
 * The words kept, in their order: a little word ("and", "of the") stays only between two kept words that
 * were next to each other, a comma only where the word after it is kept too, and a name cut short at its
 * end says so ("Lieutenant…").
 */
function spell(words: Word[], kept: Set<number>, open: number[]): string {
  const out: string[] = [];
  for (let b = 0; b < open.length; b++) {
    const j = open[b];
    if (!kept.has(j)) continue;
    const next = open[b + 1];
    const joined = next !== undefined && kept.has(next);
    let text = words[j].text;
    if (joined) {
      const between = words.slice(j + 1, next);
      if (words[j].comma || between.some((w) => w.comma)) text += ',';
      out.push(text, ...between.map((w) => w.text));
    } else out.push(text);
  }
  const cut = Math.max(...kept) < open[open.length - 1] && open.every((j) => kept.has(j) || j > Math.max(...kept));
  return out.join(' ') + (cut ? '…' : '');
}
