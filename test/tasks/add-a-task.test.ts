/**
 * "A new task is one module plus its templates" (docs/architecture.md, How to add a task), shown rather than said:
 * the project is copied to a temporary folder, ONE task module with a generation and prompt of its own is written
 * into the copy's registry folder, its two templates beside the others, and the module is added to the registry's
 * list (one import, one entry) — nothing else in the copy is touched. The copy's command line then plans, asks,
 * stores, scores and shows the new task (terminal, JSON, the HTML report's leaderboard and its case browser,
 * with the new generation's answer), and the task, declared `protocol: false`, leaves Avg and the weighted
 * average as the project without it computes them, and DWR as the nine decide it.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCases } from '../../src/bench/loader.js';
import { goldText } from '../../src/bench/gold.js';
import { textSimilarity } from '../../src/metrics/text/index.js';
import { haveChromium, launch, openReport } from '../report/chromium.js';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const run = promisify(execFile);

/** The new task: a one-line summary of the diagnosis, scored by text similarity against the principal diagnosis. */
const MODULE = `/**
 * Diagnosis Summary: the case's diagnosis in one line, asked by a prompt of its own and scored by the line's
 * text similarity to the principal diagnosis.
 */
import { generation } from '../generations/types.js';
import { splitReasoning } from '../reasoning.js';
import type { TaskModule } from './types.js';

const summaryGeneration = generation({
  kind: 'diagnosis-summary',
  template: { name: 'diagnosis-summary', variables: ['case_summary'] },
  perExam: false,
  prompts: (c) => [{ values: { case_summary: c.summary.raw.trim() } }],
  read: (text) => {
    const line = splitReasoning(text).answer.split('\\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
    return line === '' ? { summary: '', reading: 'unread', reason: 'empty answer' } : { summary: line, reading: 'read' };
  },
  decode: (f) => ({ summary: f.string('summary') }),
  text: (answer) => answer.summary,
});

export const diagnosisSummary = {
  id: 'diagnosis-summary',
  formerIds: [],
  number: 9,
  title: 'Diagnosis Summary',
  label: { en: 'Diagnosis summary', zh: '诊断概要' },
  column: 'DS',
  weight: 1,
  // not one of the protocol's tasks: its column, but no part in Avg, the weighted average and DWR
  protocol: false,
  generation: summaryGeneration,
  gold: 'principal',
  scoring: 'text-similarity',
  field: 'ds',
  supports: (s) => s.principal,
} as const satisfies TaskModule;
`;
const TEMPLATES = {
  en: 'Read the case below and state its diagnosis in one line, nothing else.\n\n{{case_summary}}\n',
  zh: '阅读以下病例，用一句话写出诊断，不要写其他内容。\n\n{{case_summary}}\n',
};

let tmp: string;
let copy: string;
let out: string;
let runOutput: string;
/** A run of every task by the copy, and the same run by the project itself (which has no such task). */
let outAll: string;
let outWithout: string;

/** Every file under a folder, relative to it. */
function files(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), base) : [relative(base, join(dir, e.name))]));
}

/** The copy's command line, run with tsx from its own sources. */
const cli = (...args: string[]): Promise<string> => cliOf('cli.mjs', args);
/** The project's own command line (without the new task), the same way. */
const projectCli = (...args: string[]): Promise<string> => cliOf('cli-project.mjs', args);

async function cliOf(script: string, args: string[]): Promise<string> {
  const r = await run(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(tmp, script), ...args], {
    cwd: tmp,
    env: { ...process.env, CLINICALLAB_CACHE_DIR: join(tmp, 'cache'), NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return r.stdout + r.stderr;
}

describe('adding a task', () => {
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'clinicallab-add-task-'));
    copy = join(tmp, 'copy');
    mkdirSync(copy);
    for (const p of ['src', 'templates', 'package.json', 'tsconfig.json', 'tsconfig.build.json']) cpSync(join(ROOT, p), join(copy, p), { recursive: true });
    // read-only parts are linked, not copied
    symlinkSync(join(ROOT, 'data'), join(copy, 'data'));
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    for (const [script, root] of [['cli.mjs', copy], ['cli-project.mjs', ROOT]] as const) {
      writeFileSync(join(tmp, script), `import { main } from ${JSON.stringify(join(root, 'src', 'cli', 'main.ts'))};\nprocess.exitCode = await main(process.argv.slice(2));\n`);
    }

    // the one module, its templates, and its place in the registry's list
    writeFileSync(join(copy, 'src', 'tasks', 'registry', 'diagnosis-summary.ts'), MODULE);
    for (const [lang, text] of Object.entries(TEMPLATES)) writeFileSync(join(copy, 'templates', lang, 'diagnosis-summary.txt'), text);
    const index = join(copy, 'src', 'tasks', 'registry', 'index.ts');
    const before = readFileSync(index, 'utf8');
    const after = before
      .replace(/^(import \{ treatmentPrinciple \} from '\.\/treatment-principle\.js';)$/m, `$1\nimport { diagnosisSummary } from './diagnosis-summary.js';`)
      .replace(/^(const MODULES = \[.*imaging)\] as const;$/m, '$1, diagnosisSummary] as const;');
    expect(after.split('\n').length).toBe(before.split('\n').length + 1);
    writeFileSync(index, after);

    out = join(tmp, 'run');
    runOutput = await cli('run', '--limit', '2', '--tasks', 'diagnosis-summary', '--out', out);
    outAll = join(tmp, 'run-all');
    outWithout = join(tmp, 'run-without');
    await cli('run', '--limit', '2', '--out', outAll);
    await projectCli('run', '--limit', '2', '--out', outWithout);
  }, 180_000);

  afterAll(() => {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('needs nothing in the copy but the module, its two templates and one import and entry in the list', () => {
    const added = files(join(copy, 'src')).filter((f) => !files(join(ROOT, 'src')).includes(f));
    expect(added).toEqual([join('tasks', 'registry', 'diagnosis-summary.ts')]);
    const changed = files(join(ROOT, 'src')).filter((f) => readFileSync(join(ROOT, 'src', f), 'utf8') !== readFileSync(join(copy, 'src', f), 'utf8'));
    expect(changed).toEqual([join('tasks', 'registry', 'index.ts')]);
    const templates = files(join(copy, 'templates')).filter((f) => !files(join(ROOT, 'templates')).includes(f));
    expect(templates.sort()).toEqual([join('en', 'diagnosis-summary.txt'), join('zh', 'diagnosis-summary.txt')]);
  });

  it('plans and asks the new task with its own prompt, and stores its typed answer', () => {
    // planned: the plan lists the new generation, and only it (--tasks selected it by its id)
    expect(runOutput).toMatch(/^diagnosis-summary\s+2$/m);
    expect(runOutput).not.toMatch(/^clinical-diagnosis\s/m);
    const db = new Database(join(out, 'run.sqlite'), { readonly: true });
    const jobs = db.prepare('select kind, language, prompt, status, parsed from jobs').all() as { kind: string; language: 'en' | 'zh'; prompt: string; status: string; parsed: string }[];
    db.close();
    expect(jobs.map((j) => [j.kind, j.status]).sort()).toEqual([['diagnosis-summary', 'done'], ['diagnosis-summary', 'done']]);
    for (const j of jobs) {
      // asked with its template in the case's language, filled with the case summary
      const [first] = TEMPLATES[j.language].split('\n');
      expect(j.prompt.startsWith(first!)).toBe(true);
      expect(j.prompt).not.toContain('{{');
      // stored as its generation reads it
      const parsed = JSON.parse(j.parsed) as { summary: string; reading: string };
      expect(parsed.reading).toBe('read');
      expect(parsed.summary.length).toBeGreaterThan(0);
      expect(parsed.summary).not.toContain('\n');
    }
  });

  it('scores it against the principal diagnosis, and shows it as a column of the leaderboard', async () => {
    const db = new Database(join(out, 'run.sqlite'), { readonly: true });
    const rows = db.prepare('select s.case_uid as uid, s.language, s.task, s.value, j.parsed from scores s join jobs j on j.case_uid = s.case_uid and j.language = s.language and j.kind = ?').all('diagnosis-summary') as {
      uid: string;
      language: 'en' | 'zh';
      task: string;
      value: number;
      parsed: string;
    }[];
    db.close();
    expect(rows.map((r) => r.task)).toEqual(['diagnosis-summary', 'diagnosis-summary']);
    // each row is the summary's similarity to the record's principal diagnosis, computed here independently
    const cases = (await loadCases([join(ROOT, 'data', 'open')])).cases;
    for (const r of rows) {
      const c = cases.find((x) => x.uid === r.uid && x.language === r.language)!;
      const expected = await textSimilarity((JSON.parse(r.parsed) as { summary: string }).summary, goldText(c, 'principal'), r.language);
      expect(r.value).toBeCloseTo(expected.score, 10);
    }
    const mean = (rows[0]!.value + rows[1]!.value) / 2;
    // shown: the run's leaderboard and `score` both print the DS column (a text score, so starred without BERTScore)
    const scored = await cli('score', out);
    for (const text of [runOutput, scored]) {
      const lines = text.split('\n');
      const head = lines.find((l) => /^Model\s+Acc\b/.test(l))!;
      expect(head).toMatch(/\bID\*\s+DS\*\s/);
      const row = lines.find((l) => l.startsWith('baseline ') && l.includes('│'))!;
      const cells = row.split('│')[0]!.trim().split(/\s+/);
      expect(cells.at(-1)).toBe(mean.toFixed(2));
    }
    const json = JSON.parse(await cli('score', out, '--json')) as { models: { leaderboard: Record<string, { value: number | null; n: number }> }[] };
    expect(json.models[0]!.leaderboard.DS).toEqual({ value: expect.closeTo(mean, 10), n: 2 });
  }, 60_000);

  it.skipIf(!haveChromium)('shows it in the HTML report the run wrote, as a leaderboard column with its value', async () => {
    const b = await launch();
    try {
      const { page, problems } = await openReport(b, join(out, 'report.html'));
      const head = (await page.locator('#lb thead th').allInnerTexts()).map((t) => t.trim());
      expect(head.slice(head.indexOf('ID*'), head.indexOf('DWR'))).toEqual(['ID*', 'DS*']);
      const cells = await page.locator('#lb tbody tr[data-model] td').allInnerTexts();
      const db = new Database(join(out, 'run.sqlite'), { readonly: true });
      const { mean } = db.prepare('select avg(value) as mean from scores where task = ?').get('diagnosis-summary') as { mean: number };
      db.close();
      // the DS cell's value (its interval on the line below it)
      expect(cells[head.indexOf('DS*')]!.split('\n')[0]!.trim()).toBe(mean.toFixed(2));
      expect(problems).toEqual([]);
    } finally {
      await b.close();
    }
  }, 90_000);

  it('leaves Avg and the weighted average as they are without it: it is not one of the protocol\'s tasks', async () => {
    type Row = Record<string, { value: number | null; n: number }>;
    const lb = async (text: Promise<string>): Promise<Row> => (JSON.parse(await text) as { models: { leaderboard: Row }[] }).models[0]!.leaderboard;
    const withTask = await lb(cli('score', outAll, '--json'));
    const without = await lb(projectCli('score', outWithout, '--json'));
    // the copy scored the new task beside the nine; the project has no such column
    expect(withTask.DS!.value).not.toBeNull();
    expect(without.DS).toBeUndefined();
    for (const k of ['Avg', 'WeightedAvg']) {
      expect(without[k]!.value).not.toBeNull();
      expect(withTask[k]!.value).toBeCloseTo(without[k]!.value!, 10);
    }
    // … and counting it would have moved them: its mean is not the average of the nine
    expect(Math.abs(withTask.DS!.value! - without.Avg!.value!)).toBeGreaterThan(0.01);
    for (const col of ['Acc', 'DIFR', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'ID']) expect(withTask[col]!.value).toBeCloseTo(without[col]!.value!, 10);
  }, 90_000);

  it('leaves DWR to the nine: two models that differ only on the new task win the same share', async () => {
    // the copy's own library: one record, answered alike on the nine tasks, one summary far better than the other
    const probe = join(tmp, 'dwr-probe.mts');
    const same = { uid: 'u1', language: 'en', department: 'urology', acc: true, fd: false, pd: true, db: 40, dd: 30, pt: 20, tp: 10, id: [50], difr3: { count: 3, valid: 3 }, difr5: { count: 5, valid: 4 } };
    writeFileSync(
      probe,
      `import { departmentWinRate } from ${JSON.stringify(join(copy, 'src', 'metrics', 'dwr.ts'))};\n` +
        `const same = ${JSON.stringify(same)};\n` +
        `console.log(JSON.stringify(departmentWinRate({ good: [{ ...same, ds: 90 }], poor: [{ ...same, ds: 10 }] }).dwr));\n`,
    );
    const r = await run(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), probe], { cwd: tmp });
    // a tie on the nine is a win for both; counted, the summary would have given the record to one
    expect(JSON.parse(r.stdout)).toEqual({ good: 100, poor: 100 });
  }, 60_000);

  it.skipIf(!haveChromium)('shows its answer in the case browser: what was read of it beside its score, and the raw answer', async () => {
    const b = await launch();
    try {
      const { page, problems } = await openReport(b, join(out, 'report.html'));
      await page.selectOption('#f-task', 'diagnosis-summary');
      await page.locator('#cases-body tr[data-row]').first().click();
      const detail = page.locator('#case-detail');
      const [, uid, language] = /^Case (\S+) · (en|zh) · /.exec(await detail.locator('h3').innerText())!;
      const db = new Database(join(out, 'run.sqlite'), { readonly: true });
      const job = db.prepare('select response, parsed from jobs where kind = ? and case_uid = ? and language = ?').get('diagnosis-summary', uid, language) as { response: string; parsed: string };
      const { value } = db.prepare('select value from scores where task = ? and case_uid = ? and language = ?').get('diagnosis-summary', uid, language) as { value: number };
      db.close();
      // the pane of the new generation: the line its reader kept, under the task's title, beside its text score
      const pane = detail.locator('.sec[data-generation="diagnosis-summary"]');
      expect(await pane.count()).toBe(1);
      const paneText = (await pane.textContent()) ?? '';
      expect(paneText).toContain('Diagnosis summary');
      expect(paneText).toContain((JSON.parse(job.parsed) as { summary: string }).summary);
      expect(paneText).toContain(value.toFixed(1));
      // the raw answer, exactly as the baseline wrote it, under the generation's title
      await detail.locator('details.raw summary').click();
      const raw = detail.locator('details.raw [data-generation="diagnosis-summary"]');
      expect(await raw.locator('.label').textContent()).toBe('Diagnosis summary');
      expect(await raw.locator('pre').textContent()).toBe(job.response);
      expect(problems).toEqual([]);
    } finally {
      await b.close();
    }
  }, 90_000);
});
