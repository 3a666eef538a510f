import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../src/bench/departments.js';
import { fixture, ROOT, tempDir, runCli } from './helpers.js';

const cli = runCli;

describe('clinicallab validate', () => {
  it('validates the authors’ shape and counts per department and language', async () => {
    const r = await cli('validate', fixture('authors-shape-zh.json'), fixture('authors-shape-en.json'));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Gastroenterology\s+消化内科\s+1\s+1\s+1/);
    expect(r.out).toContain('2 records loaded (1 case) from 2 files; 0 skipped; 0 errors, 0 warnings');
  });

  it('reports bad records, says how many were skipped and exits 1', async () => {
    const r = await cli('validate', fixture('broken', 'mixed.jsonl'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/error: .*mixed\.jsonl: record 2 \(uid 2{32}, line 2\): `principal_diagnosis` is missing/);
    expect(r.out).toContain('1 record loaded (1 case) from 1 file; 7 skipped; 7 errors');
  });

  it('stops at the first error with --strict', async () => {
    const r = await cli('validate', '--strict', fixture('broken', 'mixed.jsonl'));
    expect(r.code).toBe(1);
    expect(r.err.match(/^error:/gm)).toHaveLength(1);
    expect(r.err).toContain('stopped at the first error (--strict)');
  });

  it('prints a machine-readable report with --json', async () => {
    const r = await cli('validate', '--json', fixture('quirks'));
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { ok: boolean; loaded: number; unknownModalityKeys: Record<string, number>; departments: { id: string; zh: number; en: number }[] };
    expect(report.ok).toBe(true);
    expect(report.loaded).toBe(6);
    expect(report.unknownModalityKeys).toEqual({ bone_scintigraphy: 1 });
    expect(report.departments.find((d) => d.id === 'gastroenterology')).toMatchObject({ zh: 3, en: 3 });
  });
});

describe('clinicallab cases', () => {
  it('lists cases filtered by department and language', async () => {
    const r = await cli('cases', fixture('quirks'), '--department', '消化内科', '--lang', 'en');
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => /^[0-9a-f]{8}\s+en/.test(l))).toHaveLength(3);
  });

  it('shows one case section by section, gold answers included', async () => {
    const r = await cli('cases', fixture('authors-shape-en.json'), '--show', '5b1f0c9e');
    expect(r.code).toBe(0);
    for (const s of ['── Chief complaint', 'Upper abdominal pain for 1 day', 'plain CT scan [plain_computed_tomography_scan]', 'Amylase#  AMY#  1250  ↑  U/L  35-135', '5 Principal diagnosis:    Acute biliary pancreatitis']) {
      expect(r.out).toContain(s);
    }
  });

  it('says so when a uid matches nothing, with exit code 2', async () => {
    const r = await cli('cases', fixture('authors-shape-en.json'), '--show', 'deadbeef');
    expect(r.code).toBe(2);
    expect(r.err).toContain('no case with uid "deadbeef"');
  });
});

describe('clinicallab prompt and templates', () => {
  it('prints the prompts of a case', async () => {
    const r = await cli('prompt', fixture('authors-shape-zh.json'), '--uid', '5b1f', '--kind', 'clinical-diagnosis');
    expect(r.code).toBe(0);
    expect(r.out).toContain('── clinical-diagnosis · zh · template clinical-diagnosis #');
    expect(r.out).toContain('你是消化内科的一名资深临床医生');
  });

  it('exports the templates, which then load back as the user’s own', async () => {
    const dir = join(tempDir(), 'mine');
    expect((await cli('templates', '--export', dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'en', 'clinical-diagnosis.txt'), 'utf8')).toContain('{{case_summary}}');
    const again = await cli('templates', '--export', dir);
    expect(again.code).toBe(2);
    expect(again.err).toContain('exists; use --force');
    const listed = await cli('templates', '--templates', dir, '--json');
    const rows = JSON.parse(listed.out) as { source: string }[];
    expect(rows.every((t) => t.source.startsWith(dir))).toBe(true);
  });
});

describe('help and usage', () => {
  it.each(['run', 'validate', 'cases', 'prompt', 'templates'])('has --help for %s', async (cmd) => {
    const r = await cli(cmd, '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Usage: clinicallab ${cmd}`);
  });

  it('rejects an unknown option with exit code 2', async () => {
    const r = await cli('validate', '--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--bogus'");
  });
});

describe('the installed command', () => {
  it('runs from bin/ after the build', () => {
    expect(existsSync(join(ROOT, 'dist', 'cli', 'main.js'))).toBe(true);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'clinicallab.js'), 'validate', fixture('broken', 'mixed.jsonl')], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('7 skipped');
    expect(r.stderr).toContain('`principal_diagnosis` is missing');
  });
});

/** Copies of the authors'-shape en record with quirks written in, as raw text (the files keep their \# escapes). */
function quirkyEnFile(dir: string): string {
  let text = readFileSync(fixture('authors-shape-en.json'), 'utf8');
  for (const label of ['Patient Basic Information', 'Chief Complaint', 'Medical History', 'Physical Examination']) {
    text = text.replace(`${label}: `, `${label}：`);
  }
  text = text
    .replace('(3) Pathological Examination: None at the moment.', '（3）Pathological Examination：Not available.')
    .replace('"pathological_examination": "None at the moment."', '"pathological_examination": "Not available."');
  expect(text).toContain('Chief Complaint：Upper abdominal pain');
  expect(text).toContain('"pathological_examination": "Not available."');
  const file = join(dir, 'quirky-en.json');
  writeFileSync(file, text);
  return file;
}

describe('the examples the help and the README give', () => {
  const examples = (text: string, prefix: RegExp): string[][] =>
    text
      .split('\n')
      .map((l) => l.replace(/#.*$/u, '').trim())
      .filter((l) => prefix.test(l) && !/\bmy-/u.test(l))
      .map((l) => l.replace(prefix, '').split(/\s+/u));

  it.each(['cases', 'prompt'])('runs every example of %s --help on the bundled cases', async (cmd) => {
    const help = await cli(cmd, '--help');
    const runs = examples(help.out, /^clinicallab\s+/u);
    expect(runs.length).toBeGreaterThan(0);
    for (const args of runs) {
      const r = await cli(...args);
      expect({ args, code: r.code, err: r.err }).toEqual({ args, code: 0, err: '' });
    }
  });

  it('runs the README’s cases and prompt lines', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const runs = examples(readme, /^npx\s+clinicallab\s+/u).filter((a) => a[0] === 'cases' || a[0] === 'prompt');
    expect(runs.map((a) => a[0])).toEqual(expect.arrayContaining(['cases', 'prompt']));
    for (const args of runs) expect({ args, code: (await cli(...args)).code }).toEqual({ args, code: 0 });
  });
});

describe('machine-readable output', () => {
  it('lists cases as JSON with --json', async () => {
    const r = await cli('cases', fixture('quirks'), '--json', '--lang', 'zh');
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.out) as { uid: string; language: string; department: string; principalDiagnosis: string; imaging: string[]; labs: string[]; source: { file: string; record: number } }[];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.uid).toMatch(/^[0-9a-f]{32}$/);
      expect(row.language).toBe('zh');
      expect(row.department).toBe('gastroenterology');
      expect(row.principalDiagnosis).not.toBe('');
      expect(row.imaging.length).toBeGreaterThan(0);
      expect(row.source.file.startsWith(fixture('quirks'))).toBe(true);
    }
    const one = await cli('cases', '--show', '0a20f343', '--lang', 'en', '--json');
    const [c] = JSON.parse(one.out) as { uid: string; summary: { chiefComplaint: string }; gold: { principalDiagnosis: string }; record?: unknown }[];
    expect(c!.gold.principalDiagnosis).toBe('Acute appendicitis');
    expect(c!.summary.chiefComplaint).toContain('16 hours');
    expect(c!.record).toBeUndefined();
  });

  it('reports the first error as JSON with validate --strict --json, and success the same way', async () => {
    const bad = await cli('validate', '--strict', '--json', fixture('broken', 'mixed.jsonl'));
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.out)).toEqual({
      ok: false,
      stoppedAt: expect.objectContaining({ severity: 'error', file: fixture('broken', 'mixed.jsonl'), record: 2, uid: '2'.repeat(32), field: 'principal_diagnosis' }),
    });
    const good = await cli('validate', '--strict', '--json', fixture('authors-shape-en.json'));
    expect(good.code).toBe(0);
    expect(JSON.parse(good.out)).toMatchObject({ ok: true, loaded: 1, skipped: 0, problems: [] });
  });
});

describe('a hospital’s own department list (--departments)', () => {
  it('is used by validate, cases and prompt', async () => {
    const dir = tempDir();
    const deps = DepartmentTaxonomy.default().departments.map(({ id, zh, en, short, aliases }) => ({ id, zh, en, short, aliases }));
    deps.push({ id: 'dermatology', zh: '皮肤科', en: 'dermatology department', short: 'Dermatology', aliases: ['Dermatology'] });
    const list = join(dir, 'departments.json');
    writeFileSync(list, JSON.stringify({ departments: deps }));
    const cases = join(dir, 'skin.json');
    writeFileSync(cases, readFileSync(fixture('authors-shape-en.json'), 'utf8').replace('"clinical_department": "Gastroenterology"', '"clinical_department": "Dermatology"'));

    expect((await cli('validate', cases)).code).toBe(1); // not a department of the built-in 23
    const v = await cli('validate', cases, '--departments', list);
    expect(v.code).toBe(0);
    expect(v.out).toMatch(/Dermatology\s+皮肤科\s+0\s+1\s+1/);
    const c = await cli('cases', cases, '--departments', list, '--department', '皮肤科');
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/^5b1f0c9e\s+en\s+Dermatology/m);
    const p = await cli('prompt', cases, '--departments', list, '--uid', '5b1f', '--kind', 'department-guide');
    expect(p.code).toBe(0);
    expect(p.out).toContain('dermatology department');
    expect(p.out).toContain('orthopedics department');
    const clinician = await cli('prompt', cases, '--departments', list, '--uid', '5b1f', '--kind', 'clinical-diagnosis');
    expect(clinician.out).toContain('working in Dermatology');
  });
});

describe('quirks of the authors’ files at the command line', () => {
  it('reads en summary labels with full-width colons and the literal sentinel "Not available."', async () => {
    const file = quirkyEnFile(tempDir());
    expect((await cli('validate', '--strict', file)).code).toBe(0);
    const r = await cli('cases', file, '--show', '5b1f');
    expect(r.code).toBe(0);
    expect(r.out).toContain('── Patient basic information\n  Middle-aged female, XX years old.');
    expect(r.out).toContain('── Chief complaint\n  Upper abdominal pain for 1 day after a large meal.');
    expect(r.out).toContain('── Physical examination\n  T 37.8℃');
    // the summary is shown as written; the pathology field reads the sentinel as "no report"
    expect(r.out).toContain('  pathology:\n  Not available.');
    expect(r.out).toContain('── Pathology\n  (none)');
    const json = JSON.parse((await cli('cases', file, '--show', '5b1f', '--json')).out) as { pathology: string; summary: { history: string; auxiliary: { pathology: string } } }[];
    expect(json[0]!.pathology).toBe('');
    expect(json[0]!.summary.history.startsWith('One day ago')).toBe(true);
    const guide = await cli('prompt', file, '--uid', '5b1f', '--kind', 'department-guide');
    expect(guide.out).toContain("Patient's basic information: Middle-aged female, XX years old.\nChief complaint: Upper abdominal pain for 1 day after a large meal.");
  });
});

describe('the DIFR prompts', () => {
  it('asks for exactly 3 departments in English and exactly 5 in both languages', async () => {
    const three = await cli('prompt', '--uid', '0a20f343', '--lang', 'en', '--kind', 'department-guide-3');
    expect(three.code).toBe(0);
    expect(three.out).toMatch(/^── department-guide-3 · en · template department-guide-multi #[0-9a-f]{16} · builtin$/m);
    for (const s of [
      'choose the 3 departments the patient is most likely to need, the most likely first.',
      "Patient's basic information: Female, 24 years old.",
      'Chief complaint: Pain around the navel with nausea and vomiting for 16 hours.',
      'Answer with exactly 3 department names copied from the list above, one per line, and nothing else.',
    ]) {
      expect(three.out).toContain(s);
    }
    for (const name of DepartmentTaxonomy.default().names('en')) expect(three.out).toContain(`\n${name}\n`);
    expect(three.out).not.toContain('Medical History');
    const five = await cli('prompt', '--uid', '0a20f343', '--kind', 'department-guide-5');
    expect(five.code).toBe(0);
    expect(five.out).toContain('choose the 5 departments');
    expect(five.out).toContain('Answer with exactly 5 department names');
    expect(five.out).toContain('选出患者最可能需要就诊的5个科室');
    expect(five.out).toContain('请恰好回答5个科室名称');
    expect(five.out.match(/^── department-guide-5 · (?:zh|en) /gm)).toHaveLength(2);
  });
});
