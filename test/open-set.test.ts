/** The bundled ClinicalBench-Open set: complete, paired, distinct and internally consistent. */
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../src/bench/bundled.js';
import type { ClinicalCase } from '../src/bench/case.js';
import { checkConsistency } from '../src/bench/consistency.js';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { loadCases, type LoadResult } from '../src/bench/loader.js';
import type { Io } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';

let result: LoadResult;
const taxonomy = DepartmentTaxonomy.default();

beforeAll(async () => {
  result = await loadCases([BUNDLED_CASES_DIR], { strict: true });
});

function byUid(cases: ClinicalCase[]): Map<string, ClinicalCase[]> {
  const m = new Map<string, ClinicalCase[]>();
  for (const c of cases) m.set(c.uid, [...(m.get(c.uid) ?? []), c]);
  return m;
}

describe('ClinicalBench-Open', () => {
  it('loads in strict mode with no problem at all', () => {
    expect(result.problems).toEqual([]);
    expect(result.loaded).toBeGreaterThanOrEqual(138);
  });

  it('has at least 3 cases in each of the 23 departments, each in zh and en', () => {
    for (const dep of taxonomy.departments) {
      const zh = result.cases.filter((c) => c.gold.department.id === dep.id && c.language === 'zh');
      const en = result.cases.filter((c) => c.gold.department.id === dep.id && c.language === 'en');
      expect({ dep: dep.id, zh: zh.length >= 3, en: en.length >= 3 }).toEqual({ dep: dep.id, zh: true, en: true });
    }
  });

  it('pairs every uid with one zh and one en record that describe the same exams', () => {
    for (const [uid, pair] of byUid(result.cases)) {
      expect({ uid, languages: pair.map((c) => c.language).sort() }).toEqual({ uid, languages: ['en', 'zh'] });
      const [a, b] = pair as [ClinicalCase, ClinicalCase];
      expect(a.id).toBe(b.id);
      expect(a.gold.department.id).toBe(b.gold.department.id);
      expect(a.imaging.map((e) => e.key)).toEqual(b.imaging.map((e) => e.key));
      expect(a.labs.map((l) => l.key)).toEqual(b.labs.map((l) => l.key));
      expect(a.gold.preliminaryDiagnosis.length).toBe(b.gold.preliminaryDiagnosis.length);
    }
  });

  it('has a different principal disease for every case', () => {
    const names = result.cases.filter((c) => c.language === 'en').map((c) => c.gold.principalDiagnosis.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const zh = result.cases.filter((c) => c.language === 'zh').map((c) => c.gold.principalDiagnosis);
    expect(new Set(zh).size).toBe(zh.length);
  });

  it('gives every case imaging and labs, and passes every consistency check', () => {
    for (const c of result.cases) {
      expect(c.imaging.length).toBeGreaterThanOrEqual(1);
      expect(c.labs.length).toBeGreaterThanOrEqual(1);
      expect(c.imaging.every((e) => e.known)).toBe(true);
    }
    expect(result.cases.flatMap(checkConsistency)).toEqual([]);
  });

  it('is what `clinicallab run` uses with no arguments', async () => {
    let out = '';
    const io: Io = { out: (t) => (out += `${t}\n`), err: () => undefined, color: false };
    expect(await main(['run'], io)).toBe(0);
    expect(out).toContain(`Cases: ${BUNDLED_CASES_DIR}`);
    expect(out).toContain(`${result.loaded} records loaded`);
  });
});
