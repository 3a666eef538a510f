/**
 * One broken record among N never hides the others: for each form the loader accepts, one random record is
 * corrupted (cut short, a bad escape before a closing quote, stray bytes between its tokens — some of them not
 * UTF-8 where records have lines of their own, since such bytes are traced to lines) and the loader must load
 * the other N−1, each under its own record number and line, and report exactly the broken one, by number and
 * line.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { loadCases, parseCaseFile } from '../../src/bench/loader.js';

const { cases } = await loadCases([BUNDLED_CASES_DIR], { strict: true });
const RECORDS = cases.map((c) => c.record);

interface Form {
  name: string;
  pretty: boolean;
  /** Records on lines of their own (else several share a line). */
  ownLines: boolean;
  open: string;
  separator: string;
  close: string;
  /** How a record's text is written inside the file (indented in a pretty-printed array). */
  place?: (text: string) => string;
}

const FORMS: Form[] = [
  { name: 'JSON Lines', pretty: false, ownLines: true, open: '', separator: '\n', close: '\n' },
  { name: 'an array, pretty-printed', pretty: true, ownLines: true, open: '[\n', separator: ',\n', close: '\n]\n', place: (t) => '  ' + t.replace(/\n/g, '\n  ') },
  { name: 'an array, one record per line', pretty: false, ownLines: true, open: '[', separator: ',\n', close: ']\n' },
  { name: 'an array on one line', pretty: false, ownLines: false, open: '[', separator: ',', close: ']' },
  { name: 'objects one after another, pretty-printed', pretty: true, ownLines: true, open: '', separator: '\n', close: '\n' },
  { name: 'objects one after another on one line', pretty: false, ownLines: false, open: '', separator: '', close: '\n' },
];

/** The file, and the line each record starts on. */
function build(form: Form, texts: string[]): { text: string; lines: number[] } {
  let text = form.open;
  const lines: number[] = [];
  const lineNow = (): number => 1 + (text.match(/\n/g)?.length ?? 0);
  texts.forEach((t, i) => {
    if (i > 0) text += form.separator;
    lines.push(lineNow());
    text += form.place ? form.place(t) : t;
  });
  return { text: text + form.close, lines };
}

/** Offsets in JSON text (as JSON.stringify writes it) of closing quotes, and of places between tokens. */
function structure(text: string): { closingQuotes: number[]; betweenTokens: number[] } {
  const closingQuotes: number[] = [];
  const betweenTokens: number[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        closingQuotes.push(i);
      }
      continue;
    }
    if (c === '"') inString = true;
    if (c === '{' || c === ',' || c === ':') betweenTokens.push(i + 1);
    if (c === '}' || c === ']') betweenTokens.push(i);
  }
  return { closingQuotes, betweenTokens };
}

type Corruption = { kind: 'truncation'; at: number } | { kind: 'bad escape'; at: number } | { kind: 'stray bytes'; at: number; bytes: string };

/** Characters no JSON has between tokens, and others that only make things worse (quotes, braces). */
const NEVER_VALID = ['@', '#', '~', ';', '<', '?', '!', '$', '%', '&', '*', '|', '^', '=', '\u0000', '\u0007', '\u001b', 'ÿ', '☃'];
const ANY_JUNK = [...NEVER_VALID, '"', '{', '}', '[', ']', '\\', ' ', 'x', '1', '\u00a0'];
/** Stand-ins for bytes that are not UTF-8 (a lone continuation byte, a lead byte with nothing after it, 0xFF). */
const RAW: Record<string, number> = { '\ue080': 0x80, '\ue0c3': 0xc3, '\ue0ff': 0xff };

/** The file's bytes, with the stand-ins written as the raw bytes they stand for. */
function toBytes(text: string): Buffer {
  return Buffer.concat(text.split(/([\ue080\ue0c3\ue0ff])/).map((part) => (part in RAW ? Buffer.from([RAW[part]!]) : Buffer.from(part))));
}

const corruption = (rawBytes: boolean): fc.Arbitrary<Corruption> => fc.oneof(
  fc.record({ kind: fc.constant('truncation' as const), at: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }) }),
  fc.record({ kind: fc.constant('bad escape' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('stray bytes' as const),
    at: fc.nat(),
    bytes: fc
      .tuple(fc.constantFrom(...NEVER_VALID, ...(rawBytes ? Object.keys(RAW) : [])), fc.array(fc.constantFrom(...ANY_JUNK), { maxLength: 5 }), fc.nat())
      .map(([bad, rest, pos]) => {
        rest.splice(pos % (rest.length + 1), 0, bad);
        return rest.join('');
      }),
  }),
);

function corrupt(text: string, c: Corruption): string {
  const { closingQuotes, betweenTokens } = structure(text);
  if (c.kind === 'truncation') return text.slice(0, 1 + Math.floor(c.at * (text.length - 2))); // the opening brace stays
  if (c.kind === 'bad escape') {
    const at = closingQuotes[c.at % closingQuotes.length]!;
    return `${text.slice(0, at)}\\${text.slice(at)}`;
  }
  const at = betweenTokens[c.at % betweenTokens.length]!;
  return text.slice(0, at) + c.bytes + text.slice(at);
}

describe('a broken record never hides the records after it', () => {
  it.each(FORMS)('in $name: N−1 records load, each where it is, and the broken one is reported by number and line', (form) => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.nat(), fc.nat(), corruption(form.ownLines), (n, start, which, c) => {
        const records = Array.from({ length: n }, (_, i) => RECORDS[(start + i) % RECORDS.length]!);
        const k = which % n;
        const texts = records.map((r, i) => {
          const t = form.pretty ? JSON.stringify(r, null, 2) : JSON.stringify(r);
          return i === k ? corrupt(t, c) : t;
        });
        const { text, lines } = build(form, texts);
        const r = parseCaseFile(toBytes(text), 'cases.json');

        expect(r.report.records).toBe(n);
        expect(r.report.loaded).toBe(n - 1);
        expect(r.report.skipped).toBe(1);
        expect(r.report.outside).toBe(0);
        // the others load under their own record numbers and lines
        expect(r.cases.map((x) => [x.source.record, x.source.line])).toEqual(lines.map((l, i) => [i + 1, l]).filter((_, i) => i !== k));
        expect(r.cases.map((x) => x.uid)).toEqual(records.filter((_, i) => i !== k).map((x) => x.clinical_case_uid));
        // the broken one is reported, once, by number and line
        const errors = r.problems.filter((p) => p.severity === 'error');
        expect(errors).toHaveLength(1);
        const [e] = errors;
        expect(e).toMatchObject({ record: k + 1, line: lines[k] });
        const end = e!.endLine ?? e!.line!;
        if (k + 1 < n) expect(end).toBeLessThanOrEqual(lines[k + 1]! - (form.ownLines ? 1 : 0));
        expect(e!.message).toMatch(/^not valid JSON|^has bytes that are not UTF-8 text/);
      }),
      { numRuns: 120, seed: 1302 },
    );
  });

  it.each(FORMS)('in $name, whole, every record loads where it is', (form) => {
    const records = RECORDS.slice(0, 7);
    const { text, lines } = build(form, records.map((r) => (form.pretty ? JSON.stringify(r, null, 2) : JSON.stringify(r))));
    const r = parseCaseFile(Buffer.from(text), 'cases.json');
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.cases.map((x) => [x.source.record, x.source.line])).toEqual(lines.map((l, i) => [i + 1, l]));
  });
});

describe('what is no record, and bytes that are not UTF-8', () => {
  const lines = RECORDS.slice(0, 4).map((r) => JSON.stringify(r));

  it('a line of JSON Lines with no record on it is reported as such, not counted, and the numbering goes on', () => {
    const text = [lines[0], lines[1], '-- page 2 --', lines[2], lines[3]].join('\n');
    const r = parseCaseFile(Buffer.from(text), 'cases.jsonl');
    expect(r.report).toMatchObject({ records: 4, loaded: 4, skipped: 0, outside: 1 });
    expect(r.cases.map((c) => [c.source.record, c.source.line])).toEqual([[1, 1], [2, 2], [3, 4], [4, 5]]);
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([
      { severity: 'error', file: 'cases.jsonl', line: 3, message: 'text between records, not read as a record: "-- page 2 --"' },
    ]);
  });

  it('a JSON Lines record whose strings hold raw line breaks is one record over its lines', () => {
    const broken = lines[1]!.replace('"diagnostic_basis":"', '"diagnostic_basis":"\n').replace('"treatment_plan":"', '"treatment_plan":"\n');
    expect(broken.split('\n')).toHaveLength(3);
    const r = parseCaseFile(Buffer.from([lines[0], broken, lines[2], lines[3]!.slice(0, 100)].join('\n')), 'cases.jsonl');
    expect(r.cases.map((c) => [c.source.record, c.source.line])).toEqual([[1, 1], [2, 2], [3, 5]]);
    expect(r.problems.filter((p) => p.severity === 'error')).toEqual([expect.objectContaining({ record: 4, line: 6 })]);
  });

  it('an array that is never closed loads its records and says the file may be cut short', () => {
    const text = `[\n${lines.join(',\n')}\n`;
    const r = parseCaseFile(Buffer.from(text), 'cases.json');
    expect(r.report).toMatchObject({ records: 4, loaded: 4, skipped: 0 });
    expect(r.problems.filter((p) => p.severity === 'error').map((p) => p.message)).toEqual(['the array is not closed with "]" (is the file cut short?)']);
  });

  it('a stray byte that is not UTF-8 costs only the record it is in', () => {
    const pretty = RECORDS.slice(0, 4).map((r) => JSON.stringify(r, null, 2));
    const text = `[\n${pretty.join(',\n')}\n]\n`;
    const at = text.indexOf('"clinical_department"', text.indexOf(pretty[2]!));
    const bytes = Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from([0xff]), Buffer.from(text.slice(at))]);
    const line = text.slice(0, at).split('\n').length;
    const r = parseCaseFile(bytes, 'cases.json');
    expect(r.report).toMatchObject({ records: 4, loaded: 3, skipped: 1 });
    const errors = r.problems.filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ record: 3, line: text.slice(0, text.indexOf(pretty[2]!)).split('\n').length });
    expect(errors[0]!.message).toBe(`has bytes that are not UTF-8 text at line ${line}; skipped (is that part of the file in another encoding?)`);
  });
});
