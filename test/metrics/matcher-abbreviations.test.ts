import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse, createMatcher, DEFAULT_LEXICON_PATH, DEFAULT_ZH_ABBREVIATIONS_PATH, Lexicon, LexiconError, ZhAbbreviations, type MatchLang } from '../../src/metrics/matcher/index.js';
import { tempDir } from '../helpers.js';

const full = createMatcher();
/** The bundled lexicon without the zh abbreviation table: what the matcher did before it existed. */
const noTable = createMatcher({ lexicon: Lexicon.load(DEFAULT_LEXICON_PATH, null) });
const table = JSON.parse(readFileSync(DEFAULT_ZH_ABBREVIATIONS_PATH, 'utf8')) as { entries: { abbr: string; full: string }[] };
const zh = full.lexicon.zhAbbreviations;

const rule = (p: string, g: string, lang: MatchLang = 'zh'): [boolean, string] => {
  const r = full.match(p, g, lang);
  return [r.match, r.rule];
};

describe('the zh abbreviation table', () => {
  it('loads with the lexicon and is large enough', () => {
    expect(zh.size).toBeGreaterThanOrEqual(60);
    expect(zh.fullOf('心梗')).toBe('心肌梗死');
    expect(Lexicon.load(DEFAULT_LEXICON_PATH, null).zhAbbreviations.size).toBe(0);
    expect(Lexicon.fromData({ groups: [] }).zhAbbreviations.size).toBe(0);
  });

  it('expands leftmost-longest and never expands a full form again', () => {
    expect(zh.expand('急性前壁st段抬高型心梗')).toEqual({ text: '急性前壁st段抬高型心肌梗死', applied: ['心梗 → 心肌梗死'] });
    expect(zh.expand('阵发性房颤').text).toBe('阵发性心房颤动');
    expect(zh.expand('心房颤动').text).toBe('心房颤动'); // contains 房颤
    expect(zh.expand('心室颤动').text).toBe('心室颤动'); // contains 室颤
    expect(zh.expand('老慢支').text).toBe('慢性支气管炎'); // not 老 + 慢性支气管炎
    expect(zh.expand('脑梗塞').text).toBe('脑梗死'); // not 脑梗死 + 塞
    expect(zh.expand('甲旁亢').text).toBe('甲状旁腺功能亢进'); // not read as 甲亢
    // a half-written full form takes in its rest instead of doubling it
    expect(zh.expand('房颤动').text).toBe('心房颤动');
    expect(zh.expand('急性左心衰竭').text).toBe('急性左心力衰竭');
    expect(zh.expand('慢支气管炎').text).toBe('慢性支气管炎');
    expect(zh.expand('no chinese here')).toEqual({ text: 'no chinese here', applied: [] });
  });

  it('leaves what is not an abbreviation of the same disease alone', () => {
    // diabetic ketosis is not ketoacidosis; 高血压病 and 尿毒症 are lexicon synonyms, not abbreviations
    for (const word of ['糖尿病酮症', '高血压病', '尿毒症', '宫外孕', '肝硬化']) expect(zh.expand(word).applied, word).toEqual([]);
  });

  it('every abbreviation matches its full form, in a compound too', () => {
    const misses: string[] = [];
    for (const e of table.entries) {
      if (!full.match(e.abbr, e.full, 'zh').match) misses.push(`${e.abbr} / ${e.full}`);
      if (!full.match(`急性${e.abbr}`, `急性${e.full}`, 'zh').match) misses.push(`急性${e.abbr} / 急性${e.full}`);
    }
    expect(misses).toEqual([]);
  });

  it('two abbreviations of different full forms match only as the lexicon relates their concepts', () => {
    const unexplained: string[] = [];
    for (const a of table.entries) {
      for (const b of table.entries) {
        if (a.full === b.full) continue;
        const r = full.match(a.abbr, b.abbr, 'zh');
        if (r.match && !(r.rule === 'lexicon' && /narrower than|both name/.test(r.explanation))) unexplained.push(`${a.abbr} ~ ${b.abbr}: ${r.rule}`);
      }
    }
    expect(unexplained).toEqual([]);
  });

  it('expanding twice gives what expanding once gave (property)', () => {
    const piece = fc.constantFrom(...table.entries.flatMap((e) => [e.abbr, e.full]), '急性', '左侧', '伴', '性', '心', '房', '室', '竭', '动', 'st段抬高型');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
        const once = zh.expand(parts.join('')).text;
        expect(zh.expand(once).text).toBe(once);
      }),
      { numRuns: 2000, seed: 20240619 },
    );
  });

  it('rejects a malformed table with a clear error', () => {
    expect(() => ZhAbbreviations.from({})).toThrow(/"entries" array/);
    expect(() => ZhAbbreviations.from({ entries: [{ abbr: '心梗' }] })).toThrow(/"abbr" and "full"/);
    expect(() => ZhAbbreviations.from({ entries: [{ abbr: 'MI', full: '心肌梗死' }] })).toThrow(/not a Chinese abbreviation/);
    expect(() => ZhAbbreviations.from({ entries: [{ abbr: '心梗', full: '心梗' }] })).toThrow(/different full form/);
    expect(() => ZhAbbreviations.from({ entries: [{ abbr: '心梗', full: '心肌梗死' }, { abbr: '心梗', full: '心肌梗塞' }] })).toThrow(/two full forms/);
    expect(() => ZhAbbreviations.from({ entries: [{ abbr: '心梗', full: '心肌梗' }, { abbr: '心肌梗', full: '心肌梗死' }] })).toThrow(/itself listed as an abbreviation/);
    expect(() => ZhAbbreviations.from({ entries: [{ abbr: '心梗', full: '心肌梗死' }], keep: ['心梗'] })).toThrow(/both an abbreviation and a word to keep/);
    expect(ZhAbbreviations.from({ entries: [{ abbr: '房颤', full: '心房颤动' }], keep: ['房颤样'] }).expand('房颤样波').text).toBe('房颤样波');
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ entries: [{ abbr: 'x', full: 'y' }] }));
    expect(() => Lexicon.load(DEFAULT_LEXICON_PATH, join(dir, 'bad.json'))).toThrow(LexiconError);
    expect(() => Lexicon.load(DEFAULT_LEXICON_PATH, join(dir, 'missing.json'))).toThrow(/cannot read the zh abbreviation table/);
  });
});

describe('the matcher with zh abbreviations', () => {
  it('matches an abbreviation inside a compound name, and says what it expanded', () => {
    const r = full.match('急性ST段抬高型心梗', '急性ST段抬高型心肌梗死', 'zh');
    expect(r).toMatchObject({ match: true, rule: 'lexicon', score: 0.95 });
    expect(r.explanation).toContain('expanded: 心梗 → 心肌梗死 (prediction)');
    // without the table the same pair is missed: the overlap rule cannot see it (heads 梗/死 differ, bigram Dice 0.71)
    expect(noTable.match('急性ST段抬高型心梗', '急性ST段抬高型心肌梗死', 'zh')).toMatchObject({ match: false, rule: 'none' });
    expect(rule('急性前壁ST段抬高型心梗', '急性ST段抬高型心肌梗死')).toEqual([true, 'lexicon']);
    expect(rule('ST段抬高型心梗', 'STEMI')).toEqual([true, 'lexicon']);
    expect(rule('非ST段抬高型心梗', 'NSTEMI')).toEqual([true, 'lexicon']);
    expect(rule('阵发性房颤', '阵发性心房颤动')).toEqual([true, 'lexicon']);
    expect(rule('慢支急性发作', '慢性支气管炎急性发作')).toEqual([true, 'lexicon']); // an exacerbation of a concept the lexicon knows
    expect(rule('甲亢性心脏病', '甲状腺功能亢进性心脏病')).toEqual([true, 'lexicon']); // the lexicon knows the concept
    expect(rule('肺心病', '慢性肺源性心脏病')).toEqual([true, 'lexicon']);
    expect(rule('L4/5腰突', '腰椎间盘突出症（L4-5）')).toEqual([true, 'lexicon']);
    // the exact rule still compares the names as written
    expect(rule('心梗', '心肌梗死')).toEqual([true, 'lexicon']);
  });

  it('keeps related but different diseases apart', () => {
    expect(rule('甲亢', '甲减')).toEqual([false, 'distinct']);
    expect(rule('甲亢性心脏病', '甲减性心脏病')).toEqual([false, 'distinct']); // the lexicon lists the two apart
    expect(rule('糖尿病酮症', '糖尿病酮症酸中毒')).toEqual([false, 'distinct']);
    expect(rule('STEMI', '非ST段抬高型心梗')).toEqual([false, 'distinct']);
    expect(rule('陈旧性心梗', '急性心梗')).toEqual([false, 'qualifier']);
    expect(rule('急性肺心病', '慢性肺源性心脏病')).toEqual([false, 'qualifier']);
    // expanded, 房性心动过速 and 室性心动过速 differ in one character (bigram Dice 0.8): the lexicon keeps them apart
    expect(rule('房速', '室速')).toEqual([false, 'distinct']);
    for (const [p, g] of [['甲旁亢', '甲亢'], ['房早', '室早'], ['慢支', '支扩'], ['急淋', '急粒'], ['急粒', '慢粒'], ['脑梗', '心梗'], ['乙肝', '丙肝'], ['消化道出血', '上消化道出血']] as const) {
      expect(full.match(p, g, 'zh').match, `${p} vs ${g}`).toBe(false);
    }
  });

  it('reads English abbreviations written into Chinese names, also with a stage number', () => {
    expect(rule('阵发性AF', '阵发性心房颤动')).toEqual([true, 'lexicon']);
    expect(rule('左下肢DVT', '左下肢深静脉血栓形成')).toEqual([true, 'lexicon']);
    expect(rule('左下肢DVT', '右下肢深静脉血栓形成')).toEqual([false, 'qualifier']);
    expect(rule('CKD4期（高血压肾病）', '慢性肾脏病4期')).toEqual([true, 'lexicon']);
    expect(rule('CKD4期', '急性肾损伤')[0]).toBe(false);
    expect(analyse('早发T2DM', 'zh', full.lexicon.hooks).readings[0]!.s.text).toBe('早发2型糖尿病'); // a digit inside the word stays
  });

  it('reads a parenthesised qualifier as a qualifier of the name', () => {
    expect(rule('右侧腹股沟斜疝', '腹股沟斜疝（右）')).toEqual([true, 'lexicon']);
    expect(rule('右侧腹股沟斜疝', '腹股沟斜疝（左）')).toEqual([false, 'qualifier']);
    expect(rule('主动脉夹层（Stanford A型）', '急性Stanford A型主动脉夹层')).toEqual([true, 'lexicon']);
    expect(rule('主动脉夹层（Stanford A型）', 'Stanford B型主动脉夹层')[0]).toBe(false);
    expect(rule('2型糖尿病', '糖尿病2型')).toEqual([true, 'lexicon']);
    expect(rule('糖尿病（1型）', '2型糖尿病')[0]).toBe(false);
  });

  it('finds a name by the slots that make it a concept when others are stated too', () => {
    // 陈旧性下壁心肌梗死: course old makes it old MI; the site is only a qualifier
    expect(rule('陈旧性下壁心梗', '陈旧性心肌梗死')).toEqual([true, 'lexicon']);
    expect(full.match('陈旧性下壁心肌梗死', '陈旧性心肌梗死', 'zh').explanation).toContain('[old_mi]');
  });
});
