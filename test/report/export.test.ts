/**
 * Exports and the page's safety plumbing: CSV quoting that survives any text a model writes, JSON exports that
 * keep the text-score label, published rows always marked as such; the embedded JSON cannot end its script
 * block, the inlined libraries cannot either, and the page's policy admits exactly its own scripts.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportTable, csvField, toCsv } from '../../src/report/export.js';
import { inlineScript } from '../../src/report/assets.js';
import { CLIENT_SCRIPT, renderHtmlWithPolicy, scriptJson } from '../../src/report/html.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { tempDir } from '../helpers.js';
import { emptyLexiconContext, makeRun, XSS } from './fixture.js';

/** A small RFC 4180 reader, to check that what we write reads back to the same fields. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

let vm: ReportViewModel;
beforeAll(async () => {
  const dir = join(tempDir(), 'run-x');
  await makeRun(dir, ['urology']);
  vm = await buildViewModel([dir], { context: emptyLexiconContext(), resamples: 100, reference: true });
}, 60_000);

describe('CSV', () => {
  it('quotes commas, quotes, line breaks and edge spaces, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    const tricky = ['a,"b"\r\nc', XSS.script, '急性心肌梗死，前壁', ''];
    expect(parseCsv(toCsv(['x', 'y', 'z', 'w'], [tricky]))).toEqual([['x', 'y', 'z', 'w'], tricky]);
  });

  it('exports the per-case results, one line per row, reading back to the same fields', () => {
    const csv = exportTable(vm, 'cases', 'csv');
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['model', 'uid', 'language', 'department', 'task', 'exam', 'status', 'value', 'correct', 'predicted', 'gold', 'rule', 'explanation', 'bleu', 'rouge', 'bertscore', 'pd_share', 'difr_count', 'difr_valid', 'error']);
    expect(rows).toHaveLength(vm.rows.length + 1);
    expect(rows.slice(1).every((r) => r.length === rows[0]!.length)).toBe(true);
    const err = rows.find((r) => r[6] === 'error')!;
    expect(err[19]).toMatch(/^bad-request: /);
    const fd = rows.find((r) => r[4] === 'final-diagnosis')!;
    expect(['true', 'false']).toContain(fd[8]);
  });

  it('exports the leaderboard with intervals and counts, the published rows marked as measured elsewhere', () => {
    const rows = parseCsv(exportTable(vm, 'leaderboard', 'csv'));
    const head = rows[0]!;
    expect(head.slice(0, 6)).toEqual(['model', 'source', 'run', 'records', 'Acc', 'DIFR']);
    expect(head).toContain('Acc_ci_low');
    const run = rows.filter((r) => r[1] === 'run');
    const published = rows.filter((r) => r[1] === 'published');
    expect(run).toHaveLength(2);
    expect(published).toHaveLength(15);
    expect(published.every((r) => r[head.indexOf('note')]!.includes('not on the cases of this run'))).toBe(true);
    expect(Number(run[0]![head.indexOf('Acc_ci_low')])).toBeLessThanOrEqual(Number(run[0]![head.indexOf('Acc')]));
  });

  it('exports JSON with the text-score label beside the rows, and the department table', () => {
    const lb = JSON.parse(exportTable(vm, 'leaderboard', 'json')) as { textComponents: string; textLabel: string; rows: { source: string }[] };
    expect(lb.textComponents).toBe('bleu+rouge');
    expect(lb.textLabel).toContain('not comparable');
    expect(lb.rows.filter((r) => r.source === 'published')).toHaveLength(15);
    const deps = parseCsv(exportTable(vm, 'departments', 'csv'));
    expect(deps[0]!.slice(0, 5)).toEqual(['department', 'department_label', 'model', 'records', 'WeightedAvg']);
    expect(deps).toHaveLength(1 + vm.byDepartment.length);
  });
});

describe('the page', () => {
  it('embeds JSON that no text can break out of', () => {
    const nasty = { a: '</script><script>alert(1)</script>', b: '<!-- x', c: 'line\u2028sep' };
    const json = scriptJson(nasty);
    expect(json).not.toContain('<');
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(nasty);
    expect(scriptJson({ x: 1 / 3 })).toBe('{"x":0.3333}');
  });

  it('inlines scripts so that they cannot close their element', () => {
    expect(inlineScript('var s = "</script>"; // <!-- x\n//# sourceMappingURL=a.map\n')).toBe('var s = "<\\/script>"; // <\\!-- x\n');
  });

  it('has a client script that parses, a policy with the hash of each inline script, and no remote resources', () => {
    expect(() => new Script(CLIENT_SCRIPT)).not.toThrow();
    const { html, csp } = renderHtmlWithPolicy(vm);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(3);
    for (const s of scripts) expect(csp).toContain(`'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src data:');
    expect(csp).not.toContain('unsafe-eval');
    expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    // the payloads are in the data, escaped: never as markup
    expect(html).not.toContain(XSS.script);
    expect(html).toContain('\\u003cscript>window.__pwned=1\\u003c/script>');
  });
});
