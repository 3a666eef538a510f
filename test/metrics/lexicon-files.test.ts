/**
 * The lexicon as files: the core file and the concept files it includes (data/lexicon/concepts/), read with errors
 * that name the file and the group or pair at fault; the `implies` field; the size of the bundled lexicon.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMatcher, DEFAULT_LEXICON_PATH, Lexicon, LexiconError, type LexiconData } from '../../src/metrics/matcher/index.js';
import { tempDir } from '../helpers.js';

function files(main: object, parts: Record<string, object>): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'parts'));
  writeFileSync(join(dir, 'main.json'), JSON.stringify(main));
  for (const [name, part] of Object.entries(parts)) writeFileSync(join(dir, 'parts', name), JSON.stringify(part));
  return join(dir, 'main.json');
}
const group = (id: string, en: string, zh: string, extra: object = {}) => ({ id, en: [en], zh: [zh], ...extra });

describe('lexicon files', () => {
  it('reads the files the core file includes, with their groups, distinct pairs and words', () => {
    const path = files(
      { groups: [group('flu', 'influenza', '流感')], include: ['parts/a.json'] },
      { 'a.json': { groups: [group('flu_a', 'influenza type A', '甲型流感', { parent: 'flu' }), group('cold', 'common cold', '感冒')], distinct: [['flu', 'cold']], words: { grippe: 'influenza' } } },
    );
    const lexicon = Lexicon.load(path, null);
    expect(lexicon.size).toBe(3);
    const m = createMatcher({ lexicon });
    expect(m.match('Grippe', 'Influenza', 'en').match).toBe(true);
    expect(m.match('Influenza', 'Common cold', 'en')).toMatchObject({ match: false, rule: 'distinct' });
    expect(m.match('Influenza type A', 'Influenza', 'en').explanation).toMatch(/narrower than/);
  });

  it('names the file, and the group or pair, of a mistake', () => {
    const missing = files({ groups: [], include: ['parts/nope.json'] }, {});
    expect(() => Lexicon.load(missing, null)).toThrow(/cannot read the lexicon part .*parts\/nope\.json/);
    const twice = files({ groups: [group('flu', 'influenza', '流感')], include: ['parts/a.json'] }, { 'a.json': { groups: [group('flu', 'grippe', '流行性感冒')] } });
    expect(() => Lexicon.load(twice, null)).toThrow(/parts\/a\.json: concept group "flu" is already defined in .*main\.json/);
    const pair = files({ groups: [group('flu', 'influenza', '流感')], include: ['parts/a.json'] }, { 'a.json': { groups: [], distinct: [['flu', 'nope']] } });
    expect(() => Lexicon.load(pair, null)).toThrow(/parts\/a\.json: distinct pair \[flu, nope\]: "nope" does not exist/);
    const parent = files({ groups: [], include: ['parts/a.json'] }, { 'a.json': { groups: [group('flu_a', 'influenza A', '甲流', { parent: 'nope' })] } });
    expect(() => Lexicon.load(parent, null)).toThrow(/parts\/a\.json: .*group "flu_a": parent "nope" does not exist/);
    const notParts = files({ groups: [], include: ['parts/a.json'] }, { 'a.json': { nothing: true } });
    expect(() => Lexicon.load(notParts, null)).toThrow(/parts\/a\.json: a lexicon part needs a "groups" array/);
  });

  it('adds the names of an extension in a later file to the group another file defines', () => {
    const path = files(
      { groups: [group('bell', 'Bell palsy', '贝尔麻痹')], include: ['parts/a.json', 'parts/b.json'] },
      { 'a.json': { groups: [group('flu', 'influenza', '流感')] }, 'b.json': { groups: [{ extends: 'bell', en: ['idiopathic facial nerve palsy'], zh: ['特发性面神经麻痹'] }, { extends: 'flu', abbr: ['FLU'] }] } },
    );
    const lexicon = Lexicon.load(path, null);
    expect(lexicon.size).toBe(2);
    const m = createMatcher({ lexicon });
    expect(m.match('Idiopathic facial nerve palsy', 'Bell palsy', 'en').match).toBe(true);
    expect(m.match('特发性面神经麻痹', '贝尔麻痹', 'zh').match).toBe(true);
    expect(m.match('Idiopathic facial nerve palsy', 'Influenza', 'en').match).toBe(false);
    const unknown = files({ groups: [], include: ['parts/b.json'] }, { 'b.json': { groups: [{ extends: 'nope', en: ['x'] }] } });
    expect(() => Lexicon.load(unknown, null)).toThrow(/parts\/b\.json: "extends": group "nope" is not defined/);
    const bad = files({ groups: [group('flu', 'influenza', '流感')], include: ['parts/b.json'] }, { 'b.json': { groups: [{ extends: 'flu', zh: [''] }] } });
    expect(() => Lexicon.load(bad, null)).toThrow(/parts\/b\.json: the extension of "flu" has an empty or non-string name in "zh"/);
  });

  it('reads what a concept implies, and refuses an implies it cannot read', () => {
    const lexicon = Lexicon.fromData({ groups: [group('ckd', 'chronic kidney disease', '慢性肾脏病'), group('esrd', 'end-stage renal disease', '终末期肾病', { parent: 'ckd', implies: 'stage 5' })] });
    expect(lexicon.impliedSlots('esrd')).toEqual({ stage: ['stage=5'] });
    const m = createMatcher({ lexicon });
    expect(m.match('End-stage renal disease', 'Chronic kidney disease stage 4', 'en').match).toBe(false);
    expect(() => Lexicon.fromData({ groups: [group('x', 'x disease', '某病', { implies: 'nothing at all' })] })).toThrow(/group "x": "implies" states no qualifier the matcher reads/);
    expect(() => Lexicon.fromData({ groups: [group('x', 'x disease', '某病', { implies: '' })] })).toThrow(LexiconError);
  });

  it('bundles every concept file, well over a thousand concepts, without clashes', () => {
    const core = JSON.parse(readFileSync(DEFAULT_LEXICON_PATH, 'utf8')) as LexiconData;
    const onDisk = readdirSync(join(DEFAULT_LEXICON_PATH, '..', 'concepts')).map((f) => `concepts/${f}`).sort();
    expect([...(core.include ?? [])].sort()).toEqual(onDisk);
    const lexicon = Lexicon.default();
    expect(lexicon.size).toBeGreaterThanOrEqual(1500);
    expect(lexicon.nameCount).toBeGreaterThan(lexicon.size * 4);
    expect(lexicon.warnings).toEqual([]);
  });
});

describe('the index cache (lexicon-cache.ts)', () => {
  const withCache = <T>(dir: string, run: () => T): T => {
    const before = process.env.CLINICALLAB_LEXICON_CACHE;
    process.env.CLINICALLAB_LEXICON_CACHE = dir;
    try {
      return run();
    } finally {
      if (before === undefined) delete process.env.CLINICALLAB_LEXICON_CACHE;
      else process.env.CLINICALLAB_LEXICON_CACHE = before;
    }
  };

  it('gives the index the files give, is rebuilt when a file changes, and ignores a broken cache', () => {
    const cache = tempDir();
    const path = files({ groups: [group('flu', 'influenza', '流感')], include: ['parts/a.json'] }, { 'a.json': { groups: [group('cold', 'common cold', '感冒')] } });
    const fresh = withCache('off', () => Lexicon.load(path, null)).snapshot();
    const first = withCache(cache, () => Lexicon.load(path, null));
    expect(readdirSync(cache)).toHaveLength(1);
    const again = withCache(cache, () => Lexicon.load(path, null));
    expect(again.snapshot()).toEqual(fresh);
    expect(first.snapshot()).toEqual(fresh);
    expect(createMatcher({ lexicon: again }).match('Flu', 'Influenza', 'en').match).toBe(false); // "flu" is no name here
    // a changed part is another key: a second entry, and the new name is known
    writeFileSync(join(path, '..', 'parts', 'a.json'), JSON.stringify({ groups: [group('cold', 'common cold', '感冒'), group('flu2', 'flu', '流行性感冒')] }));
    const changed = withCache(cache, () => Lexicon.load(path, null));
    expect(readdirSync(cache)).toHaveLength(2);
    expect(createMatcher({ lexicon: changed }).match('Flu', 'flu', 'en').rule).toBe('exact');
    expect(changed.size).toBe(3);
    // a broken cache file is ignored and the index built again
    for (const f of readdirSync(cache)) writeFileSync(join(cache, f), '{ broken');
    expect(withCache(cache, () => Lexicon.load(path, null)).snapshot()).toEqual(withCache('off', () => Lexicon.load(path, null)).snapshot());
  });

  it('gives the bundled lexicon the same index from the cache as built afresh', () => {
    const cache = tempDir();
    const fresh = withCache('off', () => Lexicon.load()).snapshot();
    withCache(cache, () => Lexicon.load());
    expect(withCache(cache, () => Lexicon.load()).snapshot()).toEqual(fresh);
  });
});
