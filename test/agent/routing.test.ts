import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { buildRoutingTable, parseRoutingTable, specialists } from '../../src/agent/routing.js';
import type { CaseScores } from '../../src/metrics/clinical.js';

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
