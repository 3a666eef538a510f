/**
 * The importers on arbitrary and mutated input (seeded): they never throw, and every source record is accounted
 * for — imported, or reported with an error naming it. What they write always passes the loader.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/bench/import/csv.js';
import { importText, toJsonLines, type ImportOptions, type ImportResult } from '../../src/bench/import/importer.js';
import { parseMapping } from '../../src/bench/import/mapping.js';
import { parseCaseFile } from '../../src/bench/loader.js';
import { fixture } from '../helpers.js';

const agentclinic = readFileSync(fixture('import', 'agentclinic-osce.jsonl'), 'utf8').split('\n').slice(0, 6).join('\n');
const csv = readFileSync(fixture('import', 'clinic-export.csv'), 'utf8');
const csvMapping = parseMapping(readFileSync(fixture('import', 'clinic-export.yaml'), 'utf8'), 'clinic-export.yaml');
const jsonlMapping = parseMapping(readFileSync(fixture('import', 'visits.yaml'), 'utf8'), 'visits.yaml');
const symptomLists = readFileSync(fixture('import', 'symptom-lists.jsonl'), 'utf8');
const symptomMapping = parseMapping(readFileSync(fixture('import', 'symptom-lists.yaml'), 'utf8'), 'symptom-lists.yaml');

function accountedFor(r: ImportResult): void {
  const errors = r.problems.filter((p) => p.severity === 'error');
  expect(r.cases.length + r.filtered.length + r.skipped).toBe(r.read);
  if (r.skipped > 0) expect(errors.length).toBeGreaterThan(0);
  // the output passes the loader as it is
  const back = parseCaseFile(new TextEncoder().encode(toJsonLines(r.records)), 'out.jsonl');
  expect(back.problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(back.cases).toHaveLength(r.records.length);
}

const run = (text: string, file: string, options: ImportOptions): void => accountedFor(importText(text, file, options));

// text with the characters that matter to these formats: quotes, delimiters, braces, line breaks, CJK, controls
const trickyText = fc.string({ unit: fc.constantFrom('"', ',', ';', '\n', '\r', '{', '}', '[', ']', ':', '\\', 'a', '7', '诊', '断', '：', '\u0000', ' ', '\t'), maxLength: 300 });

describe('importers on arbitrary input', () => {
  it('read any CSV-like text without throwing; every row is a value or an error with its line', () => {
    fc.assert(
      fc.property(trickyText, (text) => {
        const r = readCsv(text);
        for (const row of r.rows) {
          expect(row.line).toBeGreaterThan(0);
          expect(row.value !== undefined || row.error !== undefined).toBe(true);
          if (row.value) expect(Object.keys(row.value).sort()).toEqual([...r.columns].sort());
          expect(new Set(r.columns).size).toBe(r.columns.length);
        }
      }),
      { numRuns: 3000, seed: 21 },
    );
  });

  it('the AgentClinic preset survives arbitrary JSON values and mutated OSCE records', () => {
    fc.assert(fc.property(fc.array(fc.jsonValue(), { maxLength: 4 }), (values) => run(values.map((v) => JSON.stringify(v) ?? 'null').join('\n'), 'x.jsonl', { preset: 'agentclinic' })), {
      numRuns: 300,
      seed: 22,
    });
    fc.assert(
      fc.property(fc.nat(agentclinic.length), fc.nat(agentclinic.length), fc.string({ maxLength: 6 }), (a, b, junk) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        run(agentclinic.slice(0, from) + junk + agentclinic.slice(to), 'ac.jsonl', { preset: 'agentclinic' });
      }),
      { numRuns: 150, seed: 23 },
    );
  });

  it('mappings survive mutated CSV files and arbitrary JSON records', () => {
    fc.assert(
      fc.property(fc.nat(csv.length), fc.nat(csv.length), trickyText, (a, b, junk) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        run(csv.slice(0, from) + junk.slice(0, 20) + csv.slice(to), 'clinic.csv', { mapping: csvMapping });
      }),
      { numRuns: 300, seed: 24 },
    );
    const record = fc.record({
      case: fc.oneof(fc.string(), fc.integer()),
      complaint: fc.oneof(fc.string(), fc.constant(null)),
      dx: fc.oneof(fc.string(), fc.constant('Pneumonia'), fc.array(fc.string())),
      department: fc.oneof(fc.constant('pediatrics'), fc.string()),
      studies: fc.oneof(fc.array(fc.record({ type: fc.string(), report: fc.string(), conclusion: fc.string() })), fc.jsonValue()),
      labs: fc.jsonValue(),
    });
    fc.assert(fc.property(fc.array(record, { maxLength: 3 }), (rs) => run(rs.map((r) => JSON.stringify(r)).join('\n'), 'v.jsonl', { mapping: jsonlMapping, format: 'jsonl' })), {
      numRuns: 300,
      seed: 25,
    });
  });

  it('a mapping with fallbacks, replace steps, skip rules and per-item rendering survives mutated lines', () => {
    fc.assert(
      fc.property(fc.nat(symptomLists.length), fc.nat(symptomLists.length), fc.string({ maxLength: 6 }), (a, b, junk) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        run(symptomLists.slice(0, from) + junk + symptomLists.slice(to), 'sx.jsonl', { mapping: symptomMapping });
      }),
      { numRuns: 200, seed: 26 },
    );
  });

  it('handle huge and empty sources', () => {
    const big = Array.from({ length: 2000 }, (_, i) => `V-${i};en;GI;f;40;"pain ${'x'.repeat(200)}";"h";"e";"";"Diagnosis: d${i}";""`).join('\n');
    const r = importText(`${csv.split('\n')[0]}\n${big}`, 'big.csv', { mapping: csvMapping });
    expect(r.cases).toHaveLength(2000);
    accountedFor(importText('', 'empty.csv', { mapping: csvMapping }));
    accountedFor(importText('', 'empty.jsonl', { preset: 'agentclinic' }));
  });
});
