import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  buildJudgePrompt,
  createMatcher,
  DEFAULT_LEXICON_PATH,
  Lexicon,
  LexiconError,
  matchList,
  MAX_LIST_ITEMS,
  parseJudgeReply,
  pdVerdict,
  type LexiconData,
  type Matcher,
  type MatchLang,
  type MatchResult,
} from '../../src/metrics/matcher/index.js';
import { fixture, tempDir } from '../helpers.js';

/** A lexicon that knows nothing relevant, so the rule under test is the one that decides. */
const bare = createMatcher({ lexicon: Lexicon.fromData({ groups: [{ id: 'placeholder', en: ['placeholder disease'], zh: ['占位病'] }] }) });
const full = createMatcher();

const rule = (m: Matcher, p: string, g: string, lang: MatchLang): [boolean, string] => {
  const r = m.match(p, g, lang);
  return [r.match, r.rule];
};

describe('matcher rules, one by one', () => {
  it('empty: nothing left after normalisation is never a match', () => {
    expect(rule(full, '', 'Acute appendicitis', 'en')).toEqual([false, 'empty']);
    expect(rule(full, 'Possibly?', 'Acute appendicitis', 'en')).toEqual([false, 'empty']);
    expect(rule(full, '考虑', '急性阑尾炎', 'zh')).toEqual([false, 'empty']);
    expect(rule(full, '急性阑尾炎', '   ', 'zh')).toEqual([false, 'empty']);
    expect(full.match('', '', 'en').explanation).toContain('prediction is empty');
  });

  it('exact: equal after case, width, punctuation, spelling and list markers', () => {
    expect(full.match('1. ACUTE  Appendicitis.', 'acute appendicitis', 'en')).toMatchObject({ match: true, rule: 'exact', score: 1 });
    expect(rule(full, 'Oesophageal haemorrhage', 'esophageal hemorrhage', 'en')).toEqual([true, 'exact']);
    expect(rule(full, '1、急性胰腺炎。', '急性胰腺炎', 'zh')).toEqual([true, 'exact']);
    expect(rule(full, 'Ⅱ型糖尿病', 'II型糖尿病', 'zh')).toEqual([true, 'exact']);
  });

  it('lexicon: synonyms, abbreviations, colloquial short forms and zh/en across scripts', () => {
    expect(full.match('STEMI', 'ST-elevation myocardial infarction', 'en')).toMatchObject({ match: true, rule: 'lexicon', score: 0.95 });
    expect(rule(full, 'Benign prostatic hypertrophy', 'BPH', 'en')).toEqual([true, 'lexicon']);
    expect(rule(full, '甲亢', '甲状腺功能亢进症', 'zh')).toEqual([true, 'lexicon']);
    expect(rule(full, '慢阻肺急性加重', 'AECOPD', 'zh')).toEqual([true, 'lexicon']);
    expect(rule(full, 'Hyperthyroidism', '甲亢', 'zh')).toEqual([true, 'lexicon']);
    expect(rule(full, '房颤', 'Atrial fibrillation', 'en')).toEqual([true, 'lexicon']);
  });

  it('lexicon: a narrower (more specific) prediction matches and says so', () => {
    expect(full.match('急性前壁ST段抬高型心肌梗死', '急性心梗', 'zh')).toMatchObject({ match: true, rule: 'lexicon', score: 0.9 });
    expect(full.match('急性前壁ST段抬高型心肌梗死', '急性心梗', 'zh').explanation).toMatch(/narrower than/);
    expect(rule(full, 'Stanford type A aortic dissection', 'Aortic dissection', 'en')).toEqual([true, 'lexicon']);
    expect(rule(full, 'AML', 'Leukaemia', 'en')).toEqual([true, 'lexicon']);
    expect(rule(full, '缺铁性贫血', '贫血', 'zh')).toEqual([true, 'lexicon']);
  });

  it('broader: a broader prediction is not the diagnosis, unless the gold is its usual form', () => {
    const r = full.match('Acute myocardial infarction', 'Acute inferior ST-elevation myocardial infarction', 'en');
    expect(r).toMatchObject({ match: false, rule: 'broader', score: 0 });
    expect(r.explanation).toMatch(/is broader than .*a broader name does not count \(broaderPrediction: usual\)/);
    for (const [p, g, lang] of [['Anemia', 'Iron deficiency anemia', 'en'], ['Leukemia', 'Acute myeloid leukemia', 'en'], ['UTI', 'Acute pyelonephritis', 'en'], ['甲状腺癌', '甲状腺乳头状癌', 'zh'], ['Aortic dissection', 'Stanford type A aortic dissection', 'en']] as const) {
      expect(rule(full, p, g, lang), `${p} for ${g}`).toEqual([false, 'broader']);
    }
    // the usual form: what the broader name stands for in practice (adenocarcinoma of the rectum, a tubal ectopic)
    expect(rule(full, 'Rectal cancer', 'Rectal adenocarcinoma', 'en')).toEqual([true, 'lexicon']);
    expect(rule(full, '宫外孕', '右侧输卵管妊娠破裂', 'zh')).toEqual([true, 'lexicon']);
    // a broader name that still equals the gold after dropping qualifiers is the same disease
    expect(full.match('Pancreatitis', 'Acute pancreatitis', 'en').match).toBe(true);
  });

  it('broader and narrower: the policy is an option', () => {
    const always = createMatcher({ broaderPrediction: 'always' });
    const never = createMatcher({ broaderPrediction: 'never' });
    const strict = createMatcher({ narrowerPrediction: false });
    expect(rule(always, 'Leukemia', 'Acute myeloid leukemia', 'en')).toEqual([true, 'lexicon']);
    expect(always.match('甲状腺癌', '甲状腺乳头状癌', 'zh').explanation).toMatch(/broader than/);
    expect(rule(never, 'Rectal cancer', 'Rectal adenocarcinoma', 'en')).toEqual([false, 'broader']);
    expect(never.match('Rectal cancer', 'Rectal adenocarcinoma', 'en').explanation).toContain('broaderPrediction: never');
    expect(rule(strict, 'AML', 'Leukaemia', 'en')).toEqual([false, 'narrower']);
    expect(strict.match('AML', 'Leukaemia', 'en').explanation).toContain('narrowerPrediction: false');
    expect([full.broaderPrediction, full.narrowerPrediction, never.broaderPrediction]).toEqual(['usual', true, 'never']);
    expect(() => createMatcher({ broaderPrediction: 'sometimes' as never })).toThrow(/never, usual, always/);
    expect(() => Lexicon.fromData({ groups: [{ id: 'a', en: ['a disease'], zh: ['甲病'], usual: true }] })).toThrow(/only for a group with a "parent"/);
    // the same names in parentheses are not a broader name
    expect(rule(full, 'Haemorrhoids (mixed)', 'Mixed haemorrhoids', 'en')).toEqual([true, 'lexicon']);
    expect(rule(full, '甲状腺癌（乳头状癌）', '甲状腺乳头状癌', 'zh')).toEqual([true, 'lexicon']);
    expect(rule(full, 'Hyperthyroidism due to Graves disease', 'Graves disease', 'en')).toEqual([true, 'lexicon']);
    // …but the prediction's named cause is not its diagnosis when it is not a kind of the head
    expect(full.match('Anaemia due to chronic kidney disease', 'Chronic kidney disease', 'en').match).toBe(false);
  });

  it('distinct: related but different diseases never match', () => {
    expect(full.match('Acute cholangitis', 'Acute cholecystitis', 'en')).toMatchObject({ match: false, rule: 'distinct', score: 0 });
    expect(rule(full, '急性胆管炎', '急性胆囊炎', 'zh')).toEqual([false, 'distinct']);
    expect(rule(full, 'NSTEMI', 'STEMI', 'en')).toEqual([false, 'distinct']);
    expect(rule(full, '克罗恩病', '溃疡性结肠炎', 'zh')).toEqual([false, 'distinct']);
    expect(rule(full, 'Femoral hernia', 'Indirect inguinal hernia', 'en')).toEqual([false, 'distinct']);
    // the distinction also holds for the narrower concepts of each side
    expect(rule(full, '腹股沟直疝', '腹股沟斜疝', 'zh')).toEqual([false, 'distinct']);
  });

  it('qualifier: equal once hedges, side, severity and word order are set aside', () => {
    expect(bare.match('Suspected renal artery stenosis, left', 'Left renal artery stenosis', 'en')).toMatchObject({ match: true, rule: 'qualifier', score: 0.9 });
    expect(rule(bare, 'Stenosis of the renal artery', 'Renal artery stenosis', 'en')).toEqual([true, 'qualifier']);
    expect(rule(bare, '左肾动脉狭窄可能', '左侧肾动脉狭窄', 'zh')).toEqual([true, 'qualifier']);
    expect(rule(bare, '肾动脉狭窄（重度）', '重度肾动脉狭窄', 'zh')).toEqual([true, 'qualifier']);
  });

  it('qualifier: a conflict of slots refuses every rule but exact', () => {
    expect(bare.match('Left renal artery stenosis', 'Right renal artery stenosis', 'en')).toMatchObject({ match: false, rule: 'qualifier', score: 0 });
    expect(rule(bare, '左肾动脉狭窄', '右肾动脉狭窄', 'zh')).toEqual([false, 'qualifier']);
    expect(rule(full, 'Right heart failure', 'Left heart failure', 'en')).toEqual([false, 'qualifier']);
    expect(rule(full, '陈旧性心肌梗死', '急性心肌梗死', 'zh')).toEqual([false, 'qualifier']);
    expect(full.match('Acute osteomyelitis', 'Chronic osteomyelitis', 'en').explanation).toMatch(/course: acute vs chronic/);
    expect(bare.match('Hyperreninemia', 'Hyporeninemia', 'en').explanation).toMatch(/polarity: up vs down/);
    expect(bare.match('二度房室阻滞', '三度房室阻滞', 'zh').explanation).toMatch(/degree: 2 vs 3/);
    // the lexicon's distinct pairs are checked first, so a known pair is refused by name
    expect(rule(full, 'Type 2 diabetes mellitus', 'Type 1 diabetes mellitus', 'en')).toEqual([false, 'distinct']);
  });

  it('containment: the shorter core inside the longer, same head, still specific', () => {
    const r = bare.match('Renal artery stenosis', 'Atherosclerotic renal artery stenosis', 'en');
    expect(r).toMatchObject({ match: true, rule: 'containment' });
    expect(r.score).toBeGreaterThanOrEqual(0.6);
    expect(r.score).toBeLessThanOrEqual(0.9);
    expect(rule(bare, '肾动脉狭窄', '动脉粥样硬化性肾动脉狭窄', 'zh')).toEqual([true, 'containment']);
    // too unspecific: a bare lesion word is not a diagnosis of the gold disease
    expect(rule(bare, 'Carcinoma', 'Gastric carcinoma', 'en')).toEqual([false, 'none']);
    expect(rule(bare, '癌', '胃癌', 'zh')).toEqual([false, 'none']);
  });

  it('overlap: Dice at or above the threshold with the same head', () => {
    expect(bare.match('traumatic infected sebaceous scalp cyst', 'neglected infected sebaceous scalp cyst', 'en')).toMatchObject({ match: true, rule: 'overlap', score: 0.8 });
    // (an inserted character: two names of one length that differ by a substituted one are not read by overlap)
    const zh = bare.match('颈部浅表淋巴管畸形甲囊肿', '颈部浅表淋巴管畸形囊肿', 'zh');
    expect(zh).toMatchObject({ match: true, rule: 'overlap' });
    expect(zh.explanation).toMatch(/character-bigram Dice/);
    // just below the threshold: no match, and the score says how close it was
    const below = bare.match('颈部淋巴管畸形甲囊肿', '颈部淋巴管畸形乙丙囊肿', 'zh');
    expect(below).toMatchObject({ match: false, rule: 'none' });
    expect(below.score).toBeGreaterThan(0.7);
    const strict = createMatcher({ lexicon: bare.lexicon, threshold: 0.9 });
    expect(rule(strict, 'traumatic infected sebaceous scalp cyst', 'neglected infected sebaceous scalp cyst', 'en')).toEqual([false, 'none']);
    expect(() => createMatcher({ threshold: 0 })).toThrow(RangeError);
    expect(() => createMatcher({ threshold: 1.5 })).toThrow(RangeError);
  });

  it('none: unrelated names, and two different concepts the lexicon knows', () => {
    expect(bare.match('Gout', 'Renal artery stenosis', 'en')).toMatchObject({ match: false, rule: 'none', score: 0 });
    expect(rule(bare, '痛风', '肾动脉狭窄', 'zh')).toEqual([false, 'none']);
    expect(full.match('Gout', 'Migraine', 'en').explanation).toMatch(/knows both as different concepts/);
    expect(full.match('痛风', '偏头痛', 'zh')).toMatchObject({ match: false, rule: 'none', score: 0 });
  });
});

describe('matcher readings', () => {
  it('reads through model verbosity: labels, markdown, hedges, trailing advice', () => {
    expect(full.match('**Primary diagnosis: Community-acquired pneumonia (right lower lobe)**', 'Community-acquired pneumonia', 'en').match).toBe(true);
    expect(full.match('The most likely diagnosis is acute calculous cholecystitis.', 'Acute calculous cholecystitis', 'en').match).toBe(true);
    expect(full.match('考虑诊断为急性胆囊炎，依据：右上腹痛、Murphy征阳性', '急性胆囊炎', 'zh').match).toBe(true);
    expect(full.match('疑似肺栓塞，建议CTPA', '急性肺栓塞', 'zh').match).toBe(true);
  });

  it("counts the gold's named cause but not the prediction's", () => {
    expect(full.match('Dilated cardiomyopathy', 'Acute decompensated heart failure due to dilated cardiomyopathy', 'en').match).toBe(true);
    expect(full.match('Anaemia due to chronic kidney disease', 'Chronic kidney disease', 'en').match).toBe(false);
    expect(full.match('肾性贫血', '慢性肾脏病所致贫血', 'zh').match).toBe(true);
    // a named complication of the gold counts, in both languages
    expect(full.match('Diabetic ketoacidosis', 'Type 1 diabetes mellitus with diabetic ketoacidosis', 'en').match).toBe(true);
    expect(full.match('糖尿病酮症酸中毒', '1型糖尿病伴糖尿病酮症酸中毒', 'zh').match).toBe(true);
  });

  it('keeps a whole known name whole: its "with …" part is not a complication', () => {
    expect(full.match('Heart failure with preserved ejection fraction', 'Heart failure with reduced ejection fraction', 'en').match).toBe(false);
    expect(full.match('慢性鼻窦炎不伴鼻息肉', '慢性鼻窦炎伴鼻息肉', 'zh').match).toBe(false);
    expect(full.match('Hepatitis B', 'Cirrhosis due to hepatitis B', 'en').match).toBe(false);
    // …while an unknown complication is still set aside
    expect(full.match('Left ureteric stone', 'Left ureteral calculus with hydronephrosis', 'en').match).toBe(true);
  });

  it('never lets a negated name stand for the plain one', () => {
    expect(full.match('Small cell lung cancer', 'Non-small cell lung cancer', 'en').match).toBe(false);
    expect(full.match('非小细胞肺癌', '小细胞肺癌', 'zh').match).toBe(false);
    expect(full.match('Lung adenocarcinoma', 'Non-small cell lung cancer', 'en').match).toBe(true);
  });

  it('a matcher error is reported, not thrown', () => {
    const broken = createMatcher({ lexicon: bare.lexicon });
    const spy = vi.spyOn(broken.lexicon, 'lookup').mockImplementation(() => {
      throw new Error('boom');
    });
    expect(broken.match('Gout flare', 'Gouty arthritis', 'en')).toMatchObject({ match: false, rule: 'none', score: 0, explanation: 'matcher error: boom' });
    spy.mockRestore();
  });
});

describe('the bundled lexicon', () => {
  const data = JSON.parse(readFileSync(DEFAULT_LEXICON_PATH, 'utf8')) as LexiconData;
  const lexicon = Lexicon.default();

  it('loads cleanly and is large enough', () => {
    expect(lexicon.warnings).toEqual([]);
    expect(lexicon.size).toBeGreaterThanOrEqual(250);
    expect(lexicon.nameCount).toBeGreaterThan(lexicon.size * 3);
    expect((data.distinct ?? []).length).toBeGreaterThanOrEqual(100);
    expect(Object.keys(data.words ?? {})).toEqual(expect.arrayContaining(['cancer', 'kidney', 'haemorrhage', 'oesophageal', 'anaemia', 'tumour']));
    expect(lexicon.label('stemi')).toMatch(/ST.elevation myocardial infarction \/ ST段抬高型心肌梗死/);
  });

  it('every name of a group matches the group’s first name, in its own language', () => {
    const misses: string[] = [];
    for (const g of data.groups) {
      for (const n of [...g.en, ...(g.abbr ?? [])]) if (!full.match(n, g.en[0]!, 'en').match) misses.push(`${g.id}: ${n}`);
      for (const n of [...g.zh, ...(g.abbr ?? [])]) if (!full.match(n, g.zh[0]!, 'zh').match) misses.push(`${g.id}: ${n}`);
      if (!full.match(g.en[0]!, g.zh[0]!, 'zh').match) misses.push(`${g.id}: ${g.en[0]} / ${g.zh[0]}`);
    }
    expect(misses).toEqual([]);
  });

  it('no name of a distinct pair matches a name of the other side', () => {
    const byId = new Map(data.groups.map((g) => [g.id, g]));
    const leaks: string[] = [];
    for (const [a, b] of data.distinct ?? []) {
      const [A, B] = [byId.get(a)!, byId.get(b)!];
      for (const x of A.en) for (const y of B.en) if (full.match(x, y, 'en').match) leaks.push(`${x} ~ ${y}`);
      for (const x of A.zh) for (const y of B.zh) if (full.match(x, y, 'zh').match) leaks.push(`${x} ~ ${y}`);
    }
    expect(leaks).toEqual([]);
  });

  it('rejects malformed data with a clear error', () => {
    const g = (id: string, parent?: string) => ({ id, en: [`${id} disease`], zh: ['某病'], ...(parent ? { parent } : {}) });
    expect(() => Lexicon.fromData({})).toThrow(/"groups" array/);
    expect(() => Lexicon.fromData({ groups: [g('a'), g('a')] })).toThrow(/defined twice/);
    expect(() => Lexicon.fromData({ groups: [g('a', 'nope')] })).toThrow(/parent "nope" does not exist/);
    expect(() => Lexicon.fromData({ groups: [g('a', 'b'), g('b', 'a')] })).toThrow(/its own ancestor/);
    expect(() => Lexicon.fromData({ groups: [g('a')], distinct: [['a', 'zz']] })).toThrow(/"zz" does not exist/);
    expect(() => Lexicon.fromData({ groups: [{ id: 'a', en: [''], zh: [] }] })).toThrow(/empty or non-string name/);
    const dir = tempDir();
    expect(() => Lexicon.load(join(dir, 'missing.json'))).toThrow(LexiconError);
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    expect(() => Lexicon.load(join(dir, 'bad.json'))).toThrow(/not valid JSON/);
  });
});

describe('matchList and pdVerdict', () => {
  /** A matcher from a table: predicted → gold → score (absent = no match). */
  const tableMatcher = (table: Record<string, Record<string, number>>): Matcher => ({
    threshold: 0.8,
    broaderPrediction: 'usual',
    narrowerPrediction: true,
    lexicon: bare.lexicon,
    match: (p, g): MatchResult => {
      const s = table[p]?.[g];
      return s === undefined ? { match: false, rule: 'none', score: 0, explanation: 'no' } : { match: true, rule: 'lexicon', score: s, explanation: 'table' };
    },
    matchWithJudge: () => Promise.reject(new Error('not used')),
  });

  it('the optimal assignment recovers more than greedy best-score-first', () => {
    // X fits both gold items (A best), Y fits only A: greedy gives X→A and leaves B; optimal gives X→B, Y→A.
    const m = tableMatcher({ X: { A: 1, B: 0.6 }, Y: { A: 0.7 } });
    const [usedP, usedG] = [new Set<string>(), new Set<string>()];
    for (const [p, g] of [['X', 'A'], ['Y', 'A'], ['X', 'B']] as const) {
      if (usedP.has(p) || usedG.has(g)) continue; // pairs in falling score order: the greedy choice
      usedP.add(p);
      usedG.add(g);
    }
    expect(usedG.size).toBe(1);
    const list = matchList(['X', 'Y'], ['A', 'B'], m, 'en');
    expect(list.recovered).toBe(2);
    expect(list.share).toBe(1);
    expect(list.items.map((i) => [i.gold, i.predicted])).toEqual([['A', 'Y'], ['B', 'X']]);
  });

  it('among full assignments it prefers the higher total score, and reports the closest miss', () => {
    const m = tableMatcher({ X: { A: 0.9, B: 0.9 }, Y: { A: 1, B: 0.6 } });
    expect(matchList(['X', 'Y'], ['A', 'B'], m, 'en').items.map((i) => i.predicted)).toEqual(['Y', 'X']);
    const miss = matchList(['Gout'], ['Acute appendicitis', 'Gout flare'], full, 'en');
    expect(miss.items[0]).toMatchObject({ predicted: null, predictedIndex: null });
    expect(miss.items[0]!.result).not.toBeNull();
    expect(matchList([], ['A'], m, 'en').items[0]!.result).toBeNull();
  });

  it('works on real lists and ignores blank items, keeping original indexes', () => {
    const list = matchList(['', 'Hypokalemia', 'STEMI', 'HTN'], ['Acute inferior ST-elevation myocardial infarction', 'Hypertension grade 2', 'Type 2 diabetes mellitus'], full, 'en');
    expect(list.items.map((i) => i.predictedIndex)).toEqual([2, 3, null]);
    expect(list.recovered).toBe(2);
    expect(list.share).toBeCloseTo(2 / 3);
    expect(matchList(['a'], [], full, 'en')).toEqual({ items: [], recovered: 0, share: 0 });
  });

  it('bounds very long lists', () => {
    const many = Array.from({ length: MAX_LIST_ITEMS + 50 }, (_, i) => `disease ${i}`);
    expect(matchList(many, many, bare, 'en').items).toHaveLength(MAX_LIST_ITEMS);
  });

  it('pdVerdict: correct when the principal gold item is recovered, whatever else', () => {
    const hit = matchList(['2型糖尿病', '急性前壁STEMI'], ['急性ST段抬高型心肌梗死', '2型糖尿病', '高脂血症'], full, 'zh');
    expect(pdVerdict(hit)).toEqual({ correct: true, share: 2 / 3 });
    const miss = matchList(['2型糖尿病', '高脂血症'], ['急性ST段抬高型心肌梗死', '2型糖尿病', '高脂血症'], full, 'zh');
    expect(pdVerdict(miss)).toEqual({ correct: false, share: 2 / 3 });
    expect(pdVerdict(miss, 1)).toEqual({ correct: true, share: 2 / 3 });
    expect(pdVerdict(matchList(['x'], [], full, 'zh'))).toEqual({ correct: false, share: 0 });
  });
});

describe('the LLM judge', () => {
  it('asks in the case language for exactly yes or no, with both names on one line', () => {
    const en = buildJudgePrompt('Left\nureteric  stone', 'Ureteral calculus', 'en');
    expect(en).toContain('Reference diagnosis: "Ureteral calculus"');
    expect(en).toContain('Candidate diagnosis: "Left ureteric stone"');
    expect(en).toMatch(/exactly one word: yes or no/);
    const zh = buildJudgePrompt('输尿管结石', '左输尿管结石伴肾积水', 'zh');
    expect(zh).toContain('标准诊断：「左输尿管结石伴肾积水」');
    expect(zh).toContain('yes 或 no');
    expect(buildJudgePrompt('x'.repeat(1000), 'y', 'en')).toContain(`${'x'.repeat(300)}…`);
  });

  it('reads yes, no and everything else as unparseable', () => {
    for (const t of ['yes', 'Yes.', '**YES**', 'Answer: yes', '"yes"', '是', '是的。', 'The answer is yes.']) expect(parseJudgeReply(t)).toBe('yes');
    for (const t of ['no', 'No.', 'Final answer: no', '否', '不是', '不同']) expect(parseJudgeReply(t)).toBe('no');
    for (const t of ['', 'maybe', 'Yes and no', 'no, yes', 'I cannot tell', '可能', 42 as unknown as string]) expect(parseJudgeReply(t)).toBe('unparseable');
  });

  it('is asked only when the rules find nothing, and its answer is used', async () => {
    const judge = vi.fn(async () => 'Yes.');
    const m = createMatcher({ lexicon: bare.lexicon, judge });
    expect(await m.matchWithJudge('Renal artery stenosis', 'Renal artery stenosis', 'en')).toMatchObject({ match: true, rule: 'exact' });
    expect(await m.matchWithJudge('Left renal artery stenosis', 'Right renal artery stenosis', 'en')).toMatchObject({ match: false, rule: 'qualifier' });
    expect(judge).not.toHaveBeenCalled();
    const r = await m.matchWithJudge('Gout', 'Renal artery stenosis', 'en');
    expect(r).toMatchObject({ match: true, rule: 'judge', score: 1 });
    expect(r.explanation).toMatch(/^rules: .*the judge answered "yes"/);
    expect(judge).toHaveBeenCalledTimes(1);
    const no = createMatcher({ lexicon: bare.lexicon, judge: async () => 'no' });
    expect(await no.matchWithJudge('痛风', '肾动脉狭窄', 'zh')).toMatchObject({ match: false, rule: 'judge', score: 0 });
    expect(await createMatcher({ lexicon: bare.lexicon }).matchWithJudge('Gout', 'Renal artery stenosis', 'en')).toMatchObject({ match: false, rule: 'none' });
  });

  it('a thrown error or an unreadable reply is a judge error (match null), never a "no"', async () => {
    const thrown = createMatcher({ lexicon: bare.lexicon, judge: () => Promise.reject(new Error('rate limited')) });
    const a = await thrown.matchWithJudge('Gout', 'Renal artery stenosis', 'en');
    expect(a).toMatchObject({ match: null, rule: 'judge-error', score: 0 });
    expect(a.explanation).toContain('rate limited');
    for (const reply of ['Perhaps', '', 'yes no', '我不确定']) {
      const m = createMatcher({ lexicon: bare.lexicon, judge: async () => reply });
      const r = await m.matchWithJudge('Gout', 'Renal artery stenosis', 'en');
      expect(r.match).toBeNull();
      expect(r.rule).toBe('judge-error');
    }
  });
});

describe('robustness (property-based)', () => {
  const RULES = new Set(['exact', 'lexicon', 'distinct', 'qualifier', 'containment', 'overlap', 'none', 'empty']);
  const pieces = fc.constantFrom('急性', '心肌梗死', 'STEMI', 'type 2', '2型', '（', ')', '左侧', 'non-', '非', '伴', 'with', 'due to', '所致', '?', '**', '1.', 'Ⅱ', 'ß', '\u0000', '\ud800', '😀', ' ', '\n', 'cancer', '癌');
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.array(pieces, { maxLength: 40 }).map((a) => a.join('')),
    fc.string({ minLength: 2000, maxLength: 6000 }),
  );

  it('never throws; the score stays in [0, 1]; a name matches itself unless empty', () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom<MatchLang>('en', 'zh'), (p, g, lang) => {
        const r = full.match(p, g, lang);
        expect(typeof r.match).toBe('boolean');
        expect(RULES.has(r.rule)).toBe(true);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(1);
        expect(typeof r.explanation).toBe('string');
        const self = full.match(p, p, lang);
        expect(self.match).toBe(self.rule !== 'empty');
      }),
      { numRuns: 1500, seed: 20240619 },
    );
  });

  it('list matching never throws and recovers at most min(gold, predicted) items', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 6 }), fc.array(text, { maxLength: 6 }), (p, g) => {
        const list = matchList(p, g, full, 'zh');
        expect(list.recovered).toBeLessThanOrEqual(Math.min(p.length, g.length));
        expect(list.share).toBeGreaterThanOrEqual(0);
        expect(list.share).toBeLessThanOrEqual(1);
        expect(new Set(list.items.map((i) => i.predictedIndex).filter((x) => x !== null)).size).toBe(list.recovered);
      }),
      { numRuns: 1000, seed: 7 },
    );
  });
});

describe('the labelled diagnosis pairs', () => {
  const rows = readFileSync(fixture('diagnosis-pairs.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));

  it('are well formed', () => {
    expect(rows.length).toBeGreaterThan(500);
    for (const r of rows) {
      expect(r).toHaveLength(5);
      expect(['zh', 'en']).toContain(r[0]);
      expect(['0', '1']).toContain(r[3]);
    }
  });

  it('are matched with precision ≥ 0.95 and recall ≥ 0.85', () => {
    const count = { tp: 0, fp: 0, fn: 0, tn: 0 };
    const wrong: string[] = [];
    for (const [lang, predicted, gold, same] of rows) {
      const r = full.match(predicted!, gold!, lang as MatchLang);
      const truth = same === '1';
      count[r.match ? (truth ? 'tp' : 'fp') : truth ? 'fn' : 'tn']++;
      if (r.match !== truth) wrong.push(`${truth ? 'missed' : 'false match'} (${lang}): "${predicted}" vs "${gold}" → ${r.rule}`);
    }
    const precision = count.tp / (count.tp + count.fp);
    const recall = count.tp / (count.tp + count.fn);
    const f1 = (2 * precision * recall) / (precision + recall);
    console.log(
      `labelled diagnosis pairs (${rows.length}): precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)}, F1 ${f1.toFixed(4)} ` +
        `(tp ${count.tp}, fp ${count.fp}, fn ${count.fn}, tn ${count.tn})${wrong.length > 0 ? `\n  ${wrong.join('\n  ')}` : ''}`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });

  it('show what the broader-name policy and the overlap threshold change', () => {
    const outcome = (m: Matcher): { count: Record<'tp' | 'fp' | 'fn' | 'tn', number>; wrong: string[] } => {
      const count = { tp: 0, fp: 0, fn: 0, tn: 0 };
      const wrong: string[] = [];
      for (const [lang, predicted, gold, same] of rows) {
        const r = m.match(predicted!, gold!, lang as MatchLang);
        const k = r.match ? (same === '1' ? 'tp' : 'fp') : same === '1' ? 'fn' : 'tn';
        count[k]++;
        if (k === 'fp' || k === 'fn') wrong.push(`${predicted}\t${gold}`);
      }
      return { count, wrong };
    };
    const lines: string[] = [];
    const results: Record<string, ReturnType<typeof outcome>> = {};
    const line = (label: string, r: ReturnType<typeof outcome>): string => {
      const { tp, fp, fn } = r.count;
      return `  ${label}: precision ${(tp / (tp + fp)).toFixed(4)} recall ${(tp / (tp + fn)).toFixed(4)} (fp ${fp}, fn ${fn})`;
    };
    for (const broaderPrediction of ['never', 'usual', 'always'] as const) {
      const r = (results[broaderPrediction] = outcome(createMatcher({ broaderPrediction })));
      lines.push(line(`broaderPrediction ${broaderPrediction.padEnd(6)}`, r));
    }
    // the lexicon decides nearly every labelled pair, so the overlap threshold shows its effect on the rules alone
    for (const threshold of [0.5, 0.7, 0.8, 1]) {
      const r = (results[threshold] = outcome(createMatcher({ threshold, lexicon: bare.lexicon })));
      lines.push(line(`no lexicon, threshold ${threshold.toFixed(1)}`, r));
    }
    console.log(`labelled pairs under each policy:\n${lines.join('\n')}`);
    // 'always' (the old, generous policy) matches exactly the pairs labelled as a broader prediction
    const broaderPairs = rows.filter((r) => /broader prediction|上位概念/.test(r[4]!)).map((r) => `${r[1]}\t${r[2]}`);
    expect(broaderPairs.length).toBeGreaterThanOrEqual(20);
    expect(results.always!.wrong.sort()).toEqual(broaderPairs.sort());
    // 'never' misses the pairs whose gold is the usual form of the predicted name, and nothing else
    const never = results.never!;
    expect(never.count.fp).toBe(0);
    expect(never.count.fn).toBeGreaterThan(5);
    for (const w of never.wrong) expect(full.match(w.split('\t')[0]!, w.split('\t')[1]!, /\p{Script=Han}/u.test(w) ? 'zh' : 'en').explanation).toMatch(/is broader than/);
    // a lower threshold admits more false matches, a higher one misses more
    expect(results['0.5']!.count.fp).toBeGreaterThan(results['0.8']!.count.fp);
    expect(results['1']!.count.fn).toBeGreaterThan(results['0.8']!.count.fn);
    expect(results['0.7']!.count.fp).toBeGreaterThanOrEqual(results['0.8']!.count.fp);
  });
});
