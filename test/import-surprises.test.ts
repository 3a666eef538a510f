/**
 * `clinicallab import` without surprises, through the command line on files in a temp dir: a file of the wrong
 * kind gets one error, a rejected record is named by its source, an existing output is not overwritten, mapping
 * mistakes name the keys allowed, and the mapping rules real exports need (a fallback across rules, `replace`,
 * `skip`, per-item rendering of symptom lists) do what the README says.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../src/bench/loader.js';
import { fixture, runCli, tempDir } from './helpers.js';

const imp = (name: string) => fixture('import', name);
const errorLines = (err: string) => err.split('\n').filter((l) => l.startsWith('error:'));

describe('a file that is not AgentClinic JSON Lines', () => {
  it('gets one clear error for the file, not one per row, and nothing is written', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.jsonl');
    const csv = await runCli('import', imp('clinic-export.csv'), '--preset', 'agentclinic', '-o', out);
    expect(csv.code).toBe(1);
    expect(errorLines(csv.err)).toEqual([
      `error: ${imp('clinic-export.csv')}: is not AgentClinic JSON Lines (one {"OSCE_Examination": {…}} object per line): it reads as CSV (3 rows); nothing was imported. For other data, write a mapping (--map)`,
    ]);
    expect(csv.out).toContain('Nothing written.');
    expect(() => readFileSync(out)).toThrow();

    const other = await runCli('import', imp('visits.jsonl'), '--preset', 'agentclinic', '-o', out);
    expect(other.code).toBe(1);
    expect(errorLines(other.err)).toHaveLength(1);
    expect(other.err).toContain('none of its 2 records has an `OSCE_Examination` object');
  });

  it('still reports each broken record of a real AgentClinic file on its own', async () => {
    const dir = tempDir();
    const src = join(dir, 'mixed.jsonl');
    const lines = readFileSync(imp('agentclinic-osce.jsonl'), 'utf8').split('\n');
    writeFileSync(src, [lines[0], '{"OSCE_Examination": {"Patient_Actor": {}}}', lines[1]].join('\n'));
    const r = await runCli('import', src, '--preset', 'agentclinic', '-o', join(dir, 'out.jsonl'));
    expect(errorLines(r.err)).toEqual([`error: ${src}: record 2 (line 2): \`OSCE_Examination.Correct_Diagnosis\` is missing or empty`]);
    expect(r.out).toContain('3 source records read; 2 imported, 1 skipped; 1 error');
  });
});

describe('a record the loader rejects', () => {
  it('is reported with its source file, record and line, never under the output file', async () => {
    const dir = tempDir();
    const map = join(dir, 'departments.yaml');
    writeFileSync(map, 'fields:\n  clinical_department: { path: OSCE_Examination.Correct_Diagnosis, lookup: { Benign paroxysmal positional vertigo: Otology }, otherwise: "" }\n');
    const out = join(dir, 'written.jsonl');
    const r = await runCli('import', imp('agentclinic-osce.jsonl'), '--preset', 'agentclinic', '--map', map, '-o', out);
    expect(r.code).toBe(1);
    const errors = errorLines(r.err);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^error: ${imp('agentclinic-osce.jsonl').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: record 3 \\(uid [0-9a-f]{32}, line 3\\): \`clinical_department\` "Otology" is not one of the 23 departments`));
    expect(r.err).not.toContain('written.jsonl');
    expect((await loadCases([out])).cases).toHaveLength(7);
  });
});

describe('an existing output file', () => {
  it('is not overwritten: the import refuses, naming it, unless --force', async () => {
    const dir = tempDir();
    const out = join(dir, 'cases.jsonl');
    writeFileSync(out, 'my own notes\n');
    const refused = await runCli('import', imp('agentclinic-osce.jsonl'), '--preset', 'agentclinic', '-o', out);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`${out} exists already; give --force to overwrite it, or another --out`);
    expect(readFileSync(out, 'utf8')).toBe('my own notes\n');

    const forced = await runCli('import', imp('agentclinic-osce.jsonl'), '--preset', 'agentclinic', '-o', out, '--force');
    expect(forced.code).toBe(0);
    expect((await loadCases([out], { strict: true })).cases).toHaveLength(8);
  });

  it('does not matter to --explain, which writes nothing', async () => {
    const dir = tempDir();
    const r = await runCli('import', '--explain', imp('visits.yaml'), imp('visits.jsonl'), '-o', join(dir, 'never.jsonl'));
    expect(r.code).toBe(0);
    expect(() => readFileSync(join(dir, 'never.jsonl'))).toThrow();
  });
});

describe('mapping mistakes', () => {
  const tryMap = async (yaml: string) => {
    const dir = tempDir();
    const map = join(dir, 'm.yaml');
    writeFileSync(map, yaml);
    return runCli('import', imp('qa-pairs.json'), '--map', map, '-o', join(dir, 'o.jsonl'));
  };

  it('a wrong key inside `pick` is named with the keys `pick` takes', async () => {
    const r = await tryMap('format: json\nrecords: items\nfields:\n  principal_diagnosis: { pick: { from: qa, question: question, matches: diagnosis, value: answer } }\n');
    expect(r.code).toBe(2);
    expect(r.err).toContain('m.yaml: `fields.principal_diagnosis.pick.question` is not a key of `pick`; the choices here are from, where, matches, value');
    expect(r.err).not.toContain('should be a source path or a rule object');
  });

  it('a key missing from `pick`, and mistakes inside `first` and `replace`, are named where they are', async () => {
    expect((await tryMap('fields:\n  principal_diagnosis: { pick: { from: qa, matches: x, value: answer } }\n')).err).toContain('`fields.principal_diagnosis.pick.where` is missing; the keys here are from, where, matches, value');
    expect((await tryMap('fields:\n  principal_diagnosis: { first: [dx, { path: d, colour: red }] }\n')).err).toContain('`fields.principal_diagnosis.first.1.colour` is not a setting of a rule; the choices here are path, paths');
    expect((await tryMap('fields:\n  principal_diagnosis: { path: dx, replace: { pattern: x, by: y } }\n')).err).toContain('`fields.principal_diagnosis.replace.by` is not a key of a `replace` step; the choices here are pattern, with');
    expect((await tryMap('summary:\n  chief_complaint: { each: symptoms, present: "1" }\n')).err).toContain('`present` needs `absent`');
    expect((await tryMap('skip:\n  - when: status\n    match: draft\n')).err).toContain('`skip.0.match` is not a key of a `skip` rule; the choices here are when, matches');
  });
});

describe('mapping rules for real exports (a DxBench-style file of symptom lists)', () => {
  it('falls back across rules, cleans numbering, renders [finding, present?] pairs with negations, and filters records', async () => {
    const dir = tempDir();
    const out = join(dir, 'sx.jsonl');
    const r = await runCli('import', imp('symptom-lists.jsonl'), '--map', imp('symptom-lists.yaml'), '-o', out);
    expect(r.code).toBe(0);
    expect(r.out).toContain('4 source records read; 3 imported, 1 filtered, 0 skipped; 0 errors');
    expect(r.out).toContain('Filtered: 1 record by skip[0]: path status matches /^待审核$/ (source record 3)');
    const { cases } = await loadCases([out], { strict: true });
    expect(cases.map((c) => [c.uid, c.gold.department?.id, c.gold.principalDiagnosis])).toEqual([
      ['sx-01', 'respiratory-medicine', '社区获得性肺炎'], // "①" cleaned off
      ['sx-02', 'gastroenterology', '急性胃肠炎'], // no final diagnosis: the initial one, "1. " cleaned off
      ['sx-04', 'pediatrics', '手足口病'],
    ]);
    expect(cases.map((c) => [c.summary.basicInformation, c.summary.chiefComplaint, c.summary.history])).toEqual([
      ['男，34岁', '咳嗽，发热', '无胸痛，无咯血，伴气促'],
      ['女，27岁', '腹泻，腹痛', '无便血，伴呕吐'],
      ['男，5岁', '皮疹，发热', '无咳嗽，伴关节痛'], // "否" and "是" read as absent and present
    ]);
  });

  it('explains a fallback, a replace step, per-item rendering and a filtered record', async () => {
    const r = await runCli('import', '--explain', imp('symptom-lists.yaml'), imp('symptom-lists.jsonl'), '--records', '3');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/principal_diagnosis\s+急性胃肠炎\s+first: rule 2 of 2 \(path diagnosis\.initial\), replace \/.+\/ → "" \(1×\)/);
    expect(r.out).toMatch(/summary\.medical_history\s+无便血，伴呕吐\s+each of implicit_symptoms \(2 items, 1 absent\)/);
    expect(r.out).toContain('── source record 3 (line 3) of symptom-lists.jsonl');
    expect(r.out).toMatch(/filtered\s+left out\s+skip\[0\]: path status matches/);
  });
});

describe('the share of records that had a field', () => {
  it('is never rounded up to 100%', async () => {
    const dir = tempDir();
    const rows = Array.from({ length: 200 }, (_, i) => `C-${i};${i === 7 ? '' : 'cough for a week'};Pneumonia`);
    writeFileSync(join(dir, 'many.csv'), ['id;complaint;dx', ...rows].join('\n'));
    writeFileSync(join(dir, 'm.yaml'), 'language: en\nfields:\n  clinical_case_uid: id\n  principal_diagnosis: dx\nsummary:\n  chief_complaint: complaint\n');
    const r = await runCli('import', join(dir, 'many.csv'), '--map', join(dir, 'm.yaml'), '-o', join(dir, 'o.jsonl'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/summary: chief complaint\s+199\/200\s+99%/);
    expect(r.out).toMatch(/principal_diagnosis\s+200\/200\s+100%/);
    expect(r.out).not.toMatch(/199\/200\s+100%/);
  });
});
