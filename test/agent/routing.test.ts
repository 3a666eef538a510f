import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import type { ClinicalCase } from '../../src/bench/case.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { buildRoutingTable, parseRoutingTable, specialists } from '../../src/agent/routing.js';
import type { CaseScores } from '../../src/metrics/clinical.js';
import { formatSections } from '../../src/tasks/sections.js';
import { startMockOpenAI, type MockRequest } from '../support/mock-openai.js';
import { consulted, CONSULT, FINAL, last, NAV, six } from './hospital.js';

const tax = DepartmentTaxonomy.default();

/** A full set of per-case scores, good or bad, in one department. */
function cases(department: string, n: number, good: boolean, offset = 0): CaseScores[] {
  return Array.from({ length: n }, (_, i) => ({
    uid: `${department}-${i + offset}`,
    language: 'en',
    department,
    acc: good,
    fd: good,
    pd: good,
    difr3: { count: 3, valid: 3 },
    difr5: { count: 5, valid: 5 },
    db: good ? 60 : 20,
    dd: 30,
    pt: 30,
    tp: 30,
    id: [30],
  }));
}

describe('the routing table', () => {
  const byModel = {
    A: [...cases('neurology', 6, true), ...cases('orthopedics', 6, false), ...cases('urology', 2, true)],
    B: [...cases('neurology', 6, false), ...cases('orthopedics', 6, true), ...cases('urology', 2, false)],
    C: [...cases('neurology', 6, false), ...cases('orthopedics', 6, false), ...cases('urology', 2, false)],
  };
  const table = buildRoutingTable(byModel, tax, { minCases: 5 });

  it('ranks models per department by the weighted average', () => {
    expect(table.departments.neurology!.models.map((m) => m.model)).toEqual(['A', 'B', 'C']);
    expect(table.departments.orthopedics!.models[0]!.model).toBe('B');
    expect(specialists(table, 'orthopedics', 2)).toEqual(['B', 'A']);
  });

  it('falls back to the overall ranking where a department has too few cases', () => {
    expect(table.departments.urology).toMatchObject({ fallback: true });
    expect(table.departments.urology!.models.map((m) => m.model)).toEqual(table.overall.map((m) => m.model));
    expect(table.departments.hematology!.fallback).toBe(true);
  });

  it('breaks ties by the overall Avg', () => {
    const tie = buildRoutingTable({ X: cases('neurology', 6, true), Y: [...cases('neurology', 6, true), ...cases('urology', 6, true, 100)] }, tax, { minCases: 5 });
    // the same neurology score and the same overall Avg: by name
    expect(tie.departments.neurology!.models.map((m) => m.model)).toEqual(['X', 'Y']);
    // the same neurology score, but Z's overall Avg is higher (A did badly in urology): Z first, against name order
    const byAvg = buildRoutingTable({ A: [...cases('neurology', 6, true), ...cases('urology', 6, false, 100)], Z: cases('neurology', 6, true) }, tax, { minCases: 5 });
    const neuro = byAvg.departments.neurology!.models;
    expect(neuro[0]!.score).toBe(neuro[1]!.score);
    expect(neuro.map((m) => m.model)).toEqual(['Z', 'A']);
  });

  it('reads a hand-written table with department aliases, filling the rest from the overall ranking', () => {
    const t = parseRoutingTable(JSON.stringify({ departments: { 消化内科: ['m1', 'm2'], Cardiology: ['m3'] }, overall: [{ model: 'm9' }] }), 'r.json', tax);
    expect(specialists(t, 'gastroenterology', 3)).toEqual(['m1', 'm2']);
    expect(specialists(t, 'cardiovascular-medicine', 1)).toEqual(['m3']);
    expect(specialists(t, 'orthopedics', 1)).toEqual(['m9']);
    expect(() => parseRoutingTable('{"departments": {"Dermatology": ["m"]}}', 'r.json', tax)).toThrow('r.json: `departments.Dermatology` is not a department of the list');
    expect(() => parseRoutingTable('{"departments": {"骨科": ["m"]}}', 'r.json', tax)).toThrow(/no "overall" ranking to fall back to/);
  });
});

describe('clinicallab routing', () => {
  it('builds the table from a run and writes it for the agent', async () => {
    const dir = join(tempDir(), 'bench');
    expect((await runCli('run', '--limit', '12', '--out', dir)).code).toBe(0);
    const out = join(tempDir(), 'routing.json');
    const r = await runCli('routing', dir, '--min-cases', '2', '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Breast Surgery\s+1\. baseline \d+\.\d+ \(6\)\s+department/);
    expect(r.out).toMatch(/Orthopedics\s+1\. baseline \S+ \(12\)\s+overall/); // no orthopedics case among the first 12
    const { readFileSync } = await import('node:fs');
    const table = parseRoutingTable(readFileSync(out, 'utf8'), out, tax);
    expect(specialists(table, 'breast-surgery', 1)).toEqual(['baseline']);
  });
});

describe('routing from benchmark runs of several models into the agent', () => {
  it('sends each department’s consultations to the model that benchmarked best there', async () => {
    const files = ['neurology', 'urology'].map((d) => join(BUNDLED_CASES_DIR, `${d}.json`));
    const { cases } = await loadCases(files, { strict: true });
    const server = await startMockOpenAI();
    const spec = (name: string): string => `openai-compatible:${name}@${server.url}`;
    try {
      // each star knows its own department's cases (it answers with their gold) and nothing else
      const star: Record<string, string> = { neurology: 'neuro-star', urology: 'uro-star' };
      const caseOf = (p: string): ClinicalCase | undefined => cases.find((c) => p.includes(c.summary.chiefComplaint) || c.imaging.some((e) => e.findings !== '' && p.includes(e.findings)));
      const gold = (c: ClinicalCase, p: string): string => {
        if (NAV.test(p) || /本院科室列表/.test(p)) {
          const k = Number(/exactly (\d+) department|恰好回答(\d+)个/.exec(p)?.slice(1).find(Boolean) ?? 1);
          const others = tax.departments.filter((d) => d.id !== c.gold.department!.id).slice(0, k - 1);
          return [c.gold.department!, ...others].map((d) => (c.language === 'zh' ? d.zh : d.short)).join('\n');
        }
        const exam = c.imaging.find((e) => e.findings !== '' && p.includes(e.findings));
        if (exam && !p.includes(c.summary.chiefComplaint)) return exam.impression;
        const g = c.gold;
        return formatSections({ preliminary: g.preliminaryDiagnosisText, basis: g.diagnosticBasis, differential: g.differentialDiagnosisText, principal: g.principalDiagnosis, principle: g.therapeuticPrinciple, plan: g.treatmentPlanText }, c.language);
      };
      server.respond((call: MockRequest) => {
        const p = last(call);
        const c = caseOf(p);
        if (CONSULT.test(p)) return { kind: 'ok', text: 'Preliminary Diagnosis: 1. To be seen\nExaminations:\n' };
        if (FINAL.test(p)) return { kind: 'ok', text: six(`Diagnosis of ${call.model}`, '1. Treat') };
        if (!c) return { kind: 'ok', text: 'I cannot tell.' };
        if (call.model === 'navigator' || star[c.gold.department!.id] === call.model) return { kind: 'ok', text: gold(c, p) };
        return { kind: 'ok', text: 'I cannot tell.' };
      });
      const dir = join(tempDir(), 'bench');
      const bench = await runCli('run', '--model', spec('neuro-star'), spec('uro-star'), '--cases', ...files, '--out', dir, '--no-cache');
      expect(bench.code, bench.err).toBe(0);
      const out = join(tempDir(), 'routing.json');
      expect((await runCli('routing', dir, '--min-cases', '2', '-o', out)).code).toBe(0);
      const table = parseRoutingTable(readFileSync(out, 'utf8'), out, tax);
      expect(specialists(table, 'neurology', 2)).toEqual([spec('neuro-star'), spec('uro-star')]);
      expect(specialists(table, 'urology', 2)).toEqual([spec('uro-star'), spec('neuro-star')]);

      server.reset();
      const r = await runCli('agent', '--routing', out, '--navigator', spec('navigator'), '--cases', ...files, '--lang', 'en', '--out', dir, '--no-cache');
      expect(r.code, r.err).toBe(0);
      const calls = consulted(server, CONSULT);
      expect(calls).toHaveLength(6);
      expect(calls.filter(([, d]) => d === 'Neurology').map(([m]) => m)).toEqual(['neuro-star', 'neuro-star', 'neuro-star']);
      expect(calls.filter(([, d]) => d === 'Urology').map(([m]) => m)).toEqual(['uro-star', 'uro-star', 'uro-star']);
      // the agent sits in the same leaderboard as the models it was routed from
      expect(r.out).toMatch(/agent#1@1\s+100\.00/);
    } finally {
      await server.close();
    }
  }, 60_000);
});
