import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
