/**
 * The importer's guards on their own: where bytes stop being UTF-8 (every kind of bad sequence, and the good ones
 * that look alike), how deep a record may nest, and the time limit a mapping's regexes run under.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, tooDeep } from '../../src/bench/import/depth.js';
import { importBytes, importText } from '../../src/bench/import/importer.js';
import { parseMapping } from '../../src/bench/import/mapping.js';
import { findUtf8Fault } from '../../src/bench/utf8.js';

const bytes = (...parts: (string | number[])[]): Uint8Array => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('findUtf8Fault', () => {
  it('finds nothing in UTF-8 text of every width, with or without BOM', () => {
    expect(findUtf8Fault(bytes('plain ascii\n'))).toBeUndefined();
    expect(findUtf8Fault(bytes([0xef, 0xbb, 0xbf], 'é 胸痛 𝔸 \u{10ffff}\n'))).toBeUndefined();
  });

  it('gives the offset, line and byte of the first bad sequence', () => {
    expect(findUtf8Fault(bytes('ab\ncd', [0xe9], 'f'))).toEqual({ offset: 5, line: 2, byte: 0xe9 }); // Latin-1 é
    expect(findUtf8Fault(bytes('x', [0x80]))).toEqual({ offset: 1, line: 1, byte: 0x80 }); // a stray continuation byte
    expect(findUtf8Fault(bytes('x', [0xc0, 0xaf]))?.offset).toBe(1); // overlong "/"
    expect(findUtf8Fault(bytes('x', [0xe0, 0x80, 0xaf]))?.offset).toBe(1); // overlong, three bytes
    expect(findUtf8Fault(bytes('x', [0xed, 0xa0, 0x80]))?.offset).toBe(1); // an encoded surrogate
    expect(findUtf8Fault(bytes('x', [0xf4, 0x90, 0x80, 0x80]))?.offset).toBe(1); // above U+10FFFF
    expect(findUtf8Fault(bytes('\n\nend', [0xe8, 0x83]))).toEqual({ offset: 5, line: 3, byte: 0xe8 }); // cut short at the end
    expect(findUtf8Fault(bytes('x', [0xff]))?.byte).toBe(0xff);
  });

  it('agrees with the strict decoder on every two-byte sequence', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (let a = 0x80; a <= 0xff; a++) {
      for (const b of [0x41, 0x80, 0x9f, 0xa0, 0xbf, 0xc0]) {
        const input = Uint8Array.from([a, b, 0x80, 0x80]);
        let valid = true;
        try {
          decoder.decode(input);
        } catch {
          valid = false;
        }
        expect(findUtf8Fault(input) === undefined, `${a.toString(16)} ${b.toString(16)} 80 80`).toBe(valid);
      }
    }
  });
});

describe('tooDeep', () => {
  const nested = (levels: number): unknown => {
    let v: unknown = 'x';
    for (let i = 0; i < levels; i++) v = [v];
    return v;
  };

  it('names the top-level field nested beyond the limit, and nothing within it', () => {
    expect(tooDeep({ a: 'x', b: nested(MAX_DEPTH - 1) })).toBeUndefined(); // the record is level 1, its field's list level 2 …
    expect(tooDeep({ a: 'x', b: nested(MAX_DEPTH) })).toBe('b');
    expect(tooDeep([{}, nested(100_000)])).toBe('[1]');
    expect(tooDeep('text')).toBeUndefined();
  });
});

describe('a record nested too deeply with the AgentClinic preset', () => {
  it('is reported and the file’s other records are imported', () => {
    const osce = { OSCE_Examination: { Patient_Actor: { Demographics: '30-year-old man', Symptoms: { Primary_Symptom: 'headache' } }, Correct_Diagnosis: 'Migraine' } };
    const deepTests = `${'{"deeper":'.repeat(5000)}"normal"${'}'.repeat(5000)}`;
    const deep = JSON.stringify(osce).replace(/\}\}$/, `,"Test_Results":${deepTests}}}`);
    const r = importText([JSON.stringify(osce), deep].join('\n'), 'agentclinic.jsonl', { preset: 'agentclinic' });
    expect(r.cases).toHaveLength(1);
    expect(r.problems.filter((p) => p.severity === 'error').map((p) => [p.record, p.field])).toEqual([[2, 'OSCE_Examination']]);
  });
});

describe('the time limit of a mapping', () => {
  const mapping = parseMapping('language: en\nfields:\n  principal_diagnosis: { path: dx, regex: "^(a+)+$" }\nsummary:\n  chief_complaint: cc\n', 'm.yaml');

  it('is the one given, and records after a stopped one in its batch are still converted', () => {
    const rows = ['dx,cc', 'aaa,pain', `${'a'.repeat(40)}b,pain`, 'aaaa,pain', 'aaaaa,pain'];
    const started = Date.now();
    const r = importText(rows.join('\n'), 'cells.csv', { mapping, recordTimeLimitMs: 50 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(r.cases.map((c) => c.gold.principalDiagnosis)).toEqual(['aaa', 'aaaa', 'aaaaa']);
    const [stopped] = r.problems.filter((p) => p.severity === 'error');
    expect(stopped).toMatchObject({ record: 2, line: 3, field: 'principal_diagnosis' });
    expect(stopped!.message).toContain('ran for more than 50 ms on a 41-character text and was stopped');
  });

  it('never gets in the way of an ordinary file', () => {
    const rows = ['dx,cc', ...Array.from({ length: 2000 }, (_, i) => `${'a'.repeat(1 + (i % 30))},pain ${i}`)];
    const r = importBytes(Buffer.from(rows.join('\n')), 'cells.csv', { mapping });
    expect(r.cases).toHaveLength(2000);
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });
});
