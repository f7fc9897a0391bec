// Node test of the rule that shortens unit names for crowded boards (ui/src/lib/table/labelNames.ts), no
// browser needed: the module is pure, so it is transpiled with the UI's own TypeScript and imported. Over
// every shipped scenario's units: the full name comes first, each shorter form is made of the name's own
// words (no initials), keeps the words of the form after it, and no form of one unit is any form of another.
//
//   node --test tests/e2e/label-names.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.mjs';

const ts = createRequire(join(root, 'ui/package.json'))('typescript');
const source = readFileSync(join(root, 'ui/src/lib/table/labelNames.ts'), 'utf8');
const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
const { nameLadders } = await import(`data:text/javascript,${encodeURIComponent(js)}`);

const ORDINALS = { first: '1st', second: '2nd', third: '3rd' };
const words = (s) => s.replace(/…/g, ' ').split(/[\s,]+/).filter(Boolean).map((w) => ORDINALS[w.toLowerCase()] ?? w);

function unitNames(file) {
  return [...readFileSync(file, 'utf8').matchAll(/\[\[units\]\][^[]*?\nname = "([^"]+)"/g)].map((m) => m[1]);
}

const files = [
  ...readdirSync(join(root, 'scenarios')).flatMap((s) =>
    readdirSync(join(root, 'scenarios', s))
      .filter((f) => f.endsWith('.toml') && f !== 'ruleset.toml')
      .map((f) => join(root, 'scenarios', s, f)),
  ),
  join(root, 'tests/e2e/fixtures/wec-skirmish.toml'),
];

test('the review\'s names read as words, and tell their units apart', () => {
  const [lt] = nameLadders(['1st Squad, 17th Infantry', 'Lieutenant and sergeant', "Datu's warriors"]).slice(1);
  assert.deepEqual(lt, ['Lieutenant and sergeant', 'Lieutenant…']);
  const sikhs = nameLadders(['45th Sikhs, first section', '45th Sikhs, second section', 'Maxim gun']);
  assert.deepEqual(sikhs[0], ['45th Sikhs, first section', '45th Sikhs, 1st…']);
  const zulu = nameLadders(['uKhandempemvu Regiment', 'iNgobamakhosi Regiment', 'Zulu Command', 'Column Command']);
  assert.equal(zulu[0].at(-1), 'uKhandempemvu…');
  assert.notEqual(zulu[2].at(-1), zulu[3].at(-1), 'the two generals never read the same');
  const wec = nameLadders([
    'British Regular Infantry 3',
    'British Regular Infantry 4',
    'Zulu Spearmen 5',
    'Zulu Spearmen 6',
    'British Irregular Cavalry 1',
    'British Regular Cavalry 1',
    'Zulu Command',
    'British Command',
  ]);
  assert.equal(wec[0].at(-1), 'Infantry 3');
  assert.equal(wec[2].at(-1), 'Spearmen 5');
  assert.match(wec[4].at(-1), /Irregular/, 'Irregular tells it from the Regular Cavalry');
  assert.deepEqual([wec[6], wec[7]], [['Zulu Command'], ['British Command']], 'a general keeps his army\'s name');
});

for (const file of files) {
  test(`every shortened name in ${file.slice(root.length + 1)} is its own words and its own`, () => {
    const names = unitNames(file);
    const ladders = nameLadders(names);
    const owner = new Map();
    for (const [i, ladder] of ladders.entries()) {
      assert.equal(ladder[0], names[i], 'the full name first');
      const own = new Set(words(names[i]));
      for (const [k, form] of ladder.entries()) {
        assert.deepEqual(words(form).filter((w) => !own.has(w)), [], `"${form}" is made of "${names[i]}"`);
        if (k > 0) assert.ok(form.length < ladder[k - 1].length, `"${form}" is shorter than "${ladder[k - 1]}"`);
        const other = owner.get(form);
        assert.ok(other === undefined || names[other] === names[i], `"${form}" names both "${names[i]}" and "${names[other]}"`);
        owner.set(form, i);
      }
    }
  });
}

// "Infantry 7" from "European Regular Infantry 7" reads as any infantry's seventh where the Chinese
// Imperial Infantry stand too (issue 35): a short form's words, its number aside, name no other kind.
const kind = (name) => words(name).filter((w, i, all) => !(i === all.length - 1 && all.length > 1 && /^\d+$/.test(w))).map((w) => w.toLowerCase());
test('a short form never reads as another kind of unit', () => {
  const boxer = nameLadders(['Chinese Imperial Infantry 1', 'Chinese Imperial Infantry 2', 'European Regular Infantry 7', 'European Regular Infantry 8']);
  assert.equal(boxer[2].at(-1), 'Regular Infantry 7');
  for (const file of files) {
    const names = unitNames(file);
    const ladders = nameLadders(names);
    for (const [i, ladder] of ladders.entries())
      for (const form of ladder.slice(1)) {
        const mine = kind(form).filter((w) => !['of', 'the', 'and'].includes(w));
        for (const other of names) {
          if (kind(other).join(' ') === kind(names[i]).join(' ')) continue;
          const theirs = new Set(kind(other));
          assert.ok(!mine.every((w) => theirs.has(w)), `${file.slice(root.length + 1)}: "${form}" (of "${names[i]}") reads as "${other}"`);
        }
      }
  }
});
