/**
 * scoreCase end to end on arbitrary answers: random raw answer texts for real bundled cases (zh and en) are read
 * by the same parsers as in a run and scored; nothing throws, every score stays a percentage (or 0/1), and the
 * leaderboard built from them too.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { leaderboard, type CaseScores } from '../../src/metrics/clinical.js';
import { createMatcher } from '../../src/metrics/matcher/index.js';
import { scoreCase, type AnsweredJob } from '../../src/metrics/score-case.js';
import { parseAnswer } from '../../src/run/answers.js';
import { SECTION_IDS } from '../../src/tasks/definitions.js';
import { formatSections } from '../../src/tasks/sections.js';
import { hugeDiagnosisAnswer } from '../support/huge-texts.js';

const taxonomy = DepartmentTaxonomy.default();
const matcher = createMatcher();
let cases: ClinicalCase[];

beforeAll(async () => {
  cases = (await loadCases([join(BUNDLED_CASES_DIR, 'hematology.json'), join(BUNDLED_CASES_DIR, 'thyroid-surgery.json')], { strict: true })).cases;
  expect(cases.length).toBeGreaterThanOrEqual(8);
});

/** Pieces answers are made of: real clinical text of both languages, labels, noise, binary and odd code points. */
const piece = fc.oneof(
  fc.constantFrom('急性髓系白血病', '甲状腺乳头状癌', 'Acute myeloid leukaemia', 'Papillary thyroid carcinoma', '1. ', '2、', '；', '\n', ' (suspected)', '待排', 'WBC 13.2×10^9/L', 'Not available.', '暂无。', '**', '###', '血液内科', 'Hematology', '甲状腺外科', 'Thyroid surgery'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.constantFrom('\u0000', '\ud800', '\udfff', '😀', '\u202e', '\ufeff', 'é', 'ﬁ', '①', 'Ⅱ型', '０１２'),
);
const text = fc.array(piece, { maxLength: 25 }).map((p) => p.join(''));
/** A six-section answer (labels in either language, some sections missing), or free text. */
const diagnosisText = fc.oneof(
  fc.tuple(fc.constantFrom('zh' as const, 'en' as const), fc.array(fc.option(text, { nil: undefined }), { minLength: SECTION_IDS.length, maxLength: SECTION_IDS.length })).map(([lang, parts]) =>
    formatSections(Object.fromEntries(SECTION_IDS.map((id, i) => [id, parts[i]]).filter(([, v]) => v !== undefined)), lang),
  ),
  text,
);
const status = fc.constantFrom('done', 'done', 'done', 'error', 'pending');

const inPercent = (x: number): boolean => Number.isFinite(x) && x >= 0 && x <= 100;

function checkScores(s: CaseScores): void {
  for (const k of ['db', 'dd', 'pt', 'tp'] as const) if (s[k] !== undefined) expect(inPercent(s[k]), `${k} = ${s[k]}`).toBe(true);
  for (const x of s.id ?? []) expect(inPercent(x)).toBe(true);
  if (s.pdShare !== undefined) expect(s.pdShare >= 0 && s.pdShare <= 1).toBe(true);
  for (const d of [s.difr3, s.difr5]) if (d) expect(d.valid >= 0 && d.valid <= d.count).toBe(true);
}

describe('scoreCase on arbitrary answers', () => {
  it('never throws and keeps every score in range, for real cases in both languages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), text, text, text, diagnosisText, fc.array(text, { maxLength: 4 }), status, fc.constantFrom('random', 'gold', 'gold+noise'), async (which, guide, g3, g5, random, impressions, st, kind) => {
        const c = cases[which % cases.length]!;
        // sometimes the case's own gold answers (perfect, or with noise added): scores near 100 must stay ≤ 100
        const g = c.gold;
        const gold = { preliminary: g.preliminaryDiagnosisText, basis: g.diagnosticBasis, differential: g.differentialDiagnosisText, principal: g.principalDiagnosis, principle: g.therapeuticPrinciple, plan: g.treatmentPlanText };
        const diagnosis = kind === 'random' ? random : formatSections(kind === 'gold' ? gold : { ...gold, basis: `${gold.basis}${random}` }, c.language as 'zh' | 'en');
        if (kind !== 'random') impressions = c.imaging.map((e) => e.impression);
        const jobs: AnsweredJob[] = [
          { kind: 'department-guide', status: 'done', parsed: parseAnswer('department-guide', guide, taxonomy) },
          { kind: 'department-guide-3', status: 'done', parsed: parseAnswer('department-guide-3', g3, taxonomy) },
          { kind: 'department-guide-5', status: 'done', parsed: parseAnswer('department-guide-5', g5, taxonomy) },
          { kind: 'clinical-diagnosis', status: st, parsed: st === 'done' ? parseAnswer('clinical-diagnosis', diagnosis, taxonomy) : null },
          ...c.imaging.map((e, i) => ({ kind: 'imaging-diagnosis' as const, exam: e.key, status: 'done', parsed: parseAnswer('imaging-diagnosis', impressions[i] ?? '', taxonomy) })),
        ];
        const out = await scoreCase(c, jobs, { matcher });
        checkScores(out.scores);
        for (const r of out.rows) {
          if (r.value === null) continue;
          if (['department', 'preliminary', 'final-diagnosis'].includes(r.task)) expect([0, 1]).toContain(r.value);
          else expect(inPercent(r.value), `${r.task} = ${r.value}`).toBe(true);
        }
        expect(() => JSON.stringify(out)).not.toThrow();
        if (st === 'error') expect(out.errors).toContain('diagnosis');
        for (const v of Object.values(leaderboard([out.scores]))) expect(v.value === null || inPercent(v.value)).toBe(true);
      }),
      { numRuns: 1500, seed: 20240619 },
    );
  }, 120_000);

  // how fast is perf/huge-inputs.bench.ts; a hang fails by the test's time limit
  it('scores a 1 MB answer and an empty one without trouble', async () => {
    const c = cases.find((x) => x.language === 'zh')!;
    const huge = hugeDiagnosisAnswer();
    expect(huge.length).toBeGreaterThan(1_000_000);
    for (const answer of [huge, '', '\u0000\ud800'.repeat(1000)]) {
      const out = await scoreCase(c, [{ kind: 'clinical-diagnosis', status: 'done', parsed: parseAnswer('clinical-diagnosis', answer, taxonomy) }], { matcher });
      checkScores(out.scores);
      expect(out.scores.pd === undefined || typeof out.scores.pd === 'boolean').toBe(true);
    }
  }, 120_000);
});
