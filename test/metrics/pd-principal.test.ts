/**
 * PD is about one gold item — the one naming the principal diagnosis — and is decided by any predicted item naming
 * it, whatever the one-to-one assignment (which only counts the share recovered) did with that prediction.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { createMatcher, matchList, pdVerdict, principalIndex } from '../../src/metrics/matcher/index.js';
import { scoreCase } from '../../src/metrics/score-case.js';
import { caseRows } from '../../src/report/case-rows.js';
import { parseAnswer } from '../../src/run/answers.js';
import { formatSections } from '../../src/tasks/sections.js';

const taxonomy = DepartmentTaxonomy.default();
const matcher = createMatcher();
let base: Record<'zh' | 'en', ClinicalCase>;

beforeAll(async () => {
  const { cases } = await loadCases([join(BUNDLED_CASES_DIR, 'cardiovascular-medicine.json')], { strict: true });
  base = { zh: cases.find((c) => c.language === 'zh')!, en: cases.find((c) => c.language === 'en')! };
});

/** A bundled case with other gold diagnoses, answered with `preliminary` (and the gold principal as principal). */
async function pd(lang: 'zh' | 'en', goldList: string[], principal: string, preliminary: string[]) {
  const c: ClinicalCase = { ...base[lang], gold: { ...base[lang].gold, preliminaryDiagnosis: goldList, principalDiagnosis: principal } };
  const answer = formatSections({ preliminary: preliminary.map((p, i) => `${i + 1}. ${p}`).join('\n'), principal }, lang);
  const out = await scoreCase(c, [{ kind: 'clinical-diagnosis', status: 'done', parsed: parseAnswer('clinical-diagnosis', answer, taxonomy) }], { matcher });
  const row = out.rows.find((r) => r.task === 'preliminary')!;
  const shown = caseRows(0, 0, [], [{ model: 'm', caseUid: c.uid, language: lang, department: '', ...row }], c, taxonomy)[0]!;
  return { pd: out.scores.pd, share: out.scores.pdShare, detail: row.detail as { principalIndex: number }, shown };
}

describe('the PD verdict', () => {
  it('counts a prediction naming the principal item even when the assignment gives it to another gold item', async () => {
    // gold [CHD, STEMI], principal CHD: the one STEMI prediction is assigned to the STEMI item (a better score), yet
    // it also names CHD (a STEMI is a coronary heart disease), so the principal item is named
    const en = await pd('en', ['Coronary heart disease', 'Acute anterior ST-elevation myocardial infarction'], 'Coronary heart disease', ['Acute anterior STEMI']);
    expect(en.pd).toBe(true);
    expect(en.share).toBeCloseTo(0.5);
    expect(en.shown.correct).toBe(true);
    expect(en.shown.explanation).toMatch(/^principal item matched/);
    const zh = await pd('zh', ['冠状动脉粥样硬化性心脏病', '急性前壁ST段抬高型心肌梗死'], '冠心病', ['急性前壁STEMI']);
    expect(zh.pd).toBe(true);
  });

  it('is about the gold item naming the principal diagnosis, wherever the list puts it', async () => {
    // the example: gold [CHD, acute anterior STEMI], principal the STEMI, prediction the STEMI
    const stemi = await pd('en', ['Coronary heart disease', 'Acute anterior ST-elevation myocardial infarction'], 'Acute anterior ST-elevation myocardial infarction', ['Acute anterior STEMI']);
    expect(stemi.pd).toBe(true);
    expect(stemi.detail.principalIndex).toBe(1);
    // principal second, as in the authors' public example: naming only the first item is not the diagnosis
    const list = ['Gallbladder stones', 'Acute biliary pancreatitis', 'Hypocalcaemia'];
    expect((await pd('en', list, 'Acute biliary pancreatitis', ['Cholelithiasis', 'Hypocalcemia'])).pd).toBe(false);
    const named = await pd('en', list, 'Acute biliary pancreatitis', ['Hypocalcemia', 'Gallstone pancreatitis']);
    expect(named.pd).toBe(true);
    expect(named.detail.principalIndex).toBe(1);
    expect(named.shown.gold).toBe('Acute biliary pancreatitis');
    expect(named.shown.predicted).toBe('Gallstone pancreatitis');
    const zh = await pd('zh', ['胆囊结石', '急性胆源性胰腺炎', '低钙血症'], '急性胆源性胰腺炎', ['胆囊结石', '低钙血症']);
    expect(zh.pd).toBe(false);
    expect(zh.detail.principalIndex).toBe(1);
  });

  it('falls back to the first item when no gold item names the principal diagnosis', () => {
    expect(principalIndex(['Gallbladder stones', 'Hypocalcaemia'], 'Acute appendicitis', matcher, 'en')).toBe(0);
    expect(principalIndex(['Gallbladder stones', 'Hypocalcaemia'], '', matcher, 'en')).toBe(0);
    expect(principalIndex(['Hypocalcaemia', 'Acute biliary pancreatitis'], 'Acute biliary pancreatitis', matcher, 'en')).toBe(1);
    // the best-named item wins: an exact item before one the principal only names more broadly
    expect(principalIndex(['Acute myocardial infarction', 'Acute anterior STEMI'], 'Acute anterior STEMI', matcher, 'en')).toBe(1);
  });

  it('pdVerdict reads the item named in any position, not the assignment', () => {
    const list = matchList(['Acute anterior STEMI'], ['Coronary heart disease', 'Acute anterior ST-elevation myocardial infarction'], matcher, 'en');
    expect(list.items[0]!.predicted).toBeNull(); // the assignment gave the STEMI to the second item
    expect(list.items[0]!.named?.predicted).toBe('Acute anterior STEMI');
    expect(pdVerdict(list, 0)).toEqual({ correct: true, share: 0.5 });
    expect(pdVerdict(list, 1)).toEqual({ correct: true, share: 0.5 });
    const miss = matchList(['Hypertension'], ['Coronary heart disease', 'Hypertension'], matcher, 'en');
    expect(pdVerdict(miss, 0).correct).toBe(false);
  });
});
