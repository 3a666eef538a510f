/**
 * The HTML report in a real Chromium with data that looks like real runs:
 *
 * - a large report — 1,500 records × 2 models, every record distinct (the records of a real run, each copy's text
 *   put through its own letter substitution, so nothing repeats across copies but what repeats within a record) —
 *   filters and pages, and the page holds one page of rows, never all of them; its size per record and model is
 *   checked (its speed is measured by perf/report-browser.bench.ts, not here);
 * - payloads planted in what a dataset holds (case summary, gold answers, exam findings and impressions), in a
 *   hospital's own department names and in the manifest (a model named with markup, a server path with a script)
 *   stay text; the Dataset panel of that partial run says per task how many records have a gold answer;
 * - a judged run shows the 4-dimension ratings per model; the baseline's heuristic ratings are labelled as such.
 * Screenshots: test-output/report-partial.png, report-judge.png, report-judge-heuristic.png.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { ROOT, tempDir } from '../helpers.js';
import { fixedBytes, writeLargeReport } from '../support/large-report.js';
import { makeAgentRun } from './agent-fixture.js';
import { countText, haveChromium, launch, openReport, rowCount, type Browser } from './chromium.js';
import { emptyLexiconContext, makeRun, makeTaintedRun, TAINTED_MODEL, XSS } from './fixture.js';
import { JUDGE_A, JUDGE_B, judgeWithScriptedJudges } from './judge-fixture.js';

let browser: Browser;
let big: ReportViewModel;
let bigFile: string;
let tainted: ReportViewModel;
let taintedFile: string;
let judged: ReportViewModel;
let judgedFile: string;
let heuristic: ReportViewModel;
let heuristicFile: string;

describe.skipIf(!haveChromium)('the HTML report in Chromium, with data like real runs', () => {
  beforeAll(async () => {
    ({ vm: big, file: bigFile } = await writeLargeReport(1500));
    const partialDir = join(tempDir(), 'partial');
    const taxonomy = await makeTaintedRun(partialDir, join(tempDir(), 'tainted.json'));
    tainted = await buildViewModel([partialDir], { context: emptyLexiconContext(), resamples: 50, taxonomy });
    taintedFile = join(tempDir(), 'tainted.html');
    writeFileAtomic(taintedFile, renderHtml(tainted));
    const agentDir = join(tempDir(), 'judged');
    await makeAgentRun(agentDir);
    await judgeWithScriptedJudges(agentDir);
    judged = await buildViewModel([agentDir], { context: emptyLexiconContext(), ci: false });
    judgedFile = join(tempDir(), 'judged.html');
    writeFileAtomic(judgedFile, renderHtml(judged));
    const heuristicDir = join(tempDir(), 'judged-by-baseline');
    await makeRun(heuristicDir, ['urology'], { models: ['baseline'] });
    await judgeWithScriptedJudges(heuristicDir, ['baseline', JUDGE_B]);
    heuristic = await buildViewModel([heuristicDir], { context: emptyLexiconContext(), ci: false });
    heuristicFile = join(tempDir(), 'judged-by-baseline.html');
    writeFileAtomic(heuristicFile, renderHtml(heuristic));
    browser = await launch();
  }, 180_000);

  afterAll(async () => browser?.close());

  it('holds 1,500 distinct records × 2 models in a page of reasonable size', () => {
    expect(big.cases.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(big.cases.map((c) => c.inputs!.chiefComplaint)).size).toBe(big.cases.length);
    expect(big.rows.length).toBeGreaterThan(10_000);
    const perRecordAndModel = (statSync(bigFile).size - fixedBytes()) / big.cases.length / big.models.length;
    // a record's inputs and gold answers are in the page once, whatever the number of models
    expect(perRecordAndModel).toBeLessThan(10 * 1024);
  });

  // how fast it loads, filters and turns pages is measured by perf/report-browser.bench.ts (BENCHMARKS.md)
  it('stays usable: it loads, filters and turns pages, and only one page of rows is in the page', async () => {
    const { page, problems } = await openReport(browser, bigFile);
    expect(await countText(page)).toContain(`${big.rows.length} of ${big.rows.length} rows`);
    expect(await rowCount(page)).toBe(50);
    await page.selectOption('#f-task', 'basis');
    await page.selectOption('#f-outcome', 'scored');
    const basis = big.rows.filter((r) => r.task === 'basis' && r.status === 'scored').length;
    expect(await countText(page)).toContain(`${basis} of ${big.rows.length} rows`);
    expect(await rowCount(page)).toBe(50);
    for (let i = 0; i < 5; i++) await page.click('#cases-next');
    expect(await countText(page)).toContain(`page 6 of ${Math.ceil(basis / 50)}`);
    // the table holds the page shown, not the rows filtered out nor the other pages
    expect(await page.locator('#cases-body tr').count()).toBe(50);
    expect((await page.evaluate('document.getElementsByTagName("*").length')) as number).toBeLessThan(3000);
    // a row far down opens its own record, with its own text
    const last = page.locator('#cases-body tr[data-row]').last();
    const row = big.rows[Number(await last.getAttribute('data-row'))]!;
    await last.click();
    const c = big.cases[row.case]!;
    const detail = await page.locator('#case-detail').innerText();
    expect(detail).toContain(`Case ${c.uid}`);
    expect(detail).toContain(c.inputs!.chiefComplaint.trim().slice(0, 40));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps payloads in case text, department names and the manifest inert', async () => {
    const { page, problems } = await openReport(browser, taintedFile);
    // a department name of the hospital's list: in the filter, the case table and the best-model table
    expect(await page.locator('#f-dep option', { hasText: XSS.img }).count()).toBe(1);
    expect(await page.locator('#dept-best').innerText()).toContain(`Urology ${XSS.img}`);
    // the model named with markup and its server path, in the leaderboard and the manifest
    const tm = tainted.models.find((m) => m.model.startsWith(TAINTED_MODEL.split('@')[0]!))!;
    expect(await page.locator('#lb').innerText()).toContain(XSS.img);
    const manifest = await page.locator('#manifest').innerText();
    expect(manifest).toContain(tm.model);
    expect(manifest).toContain('/v1/%3Cscript%3Ewindow.__pwned=1%3C/script%3E');
    // a case: summary, gold answers, findings and impressions all carry payloads
    await page.selectOption('#f-model', String(tm.index));
    await page.selectOption('#f-task', 'final-diagnosis');
    await page.selectOption('#f-lang', 'en');
    await page.locator('#cases-body tr[data-row]').first().click();
    const detail = await page.locator('#case-detail').innerText();
    for (const p of [XSS.script, XSS.img, XSS.link]) expect(detail).toContain(p);
    expect(detail).toMatch(/CHIEF COMPLAINT\s+<script>/i);
    expect(detail).toMatch(/IMAGING FINDINGS[^\n]*\n[^\n]*<a href="javascript:/i);
    expect(detail).toContain(`Urology ${XSS.img}`);
    await page.waitForTimeout(200);
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"], [onerror], [onclick]').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(4);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows what the partial dataset supports, in its panel and under the leaderboard', async () => {
    const { page, problems } = await openReport(browser, taintedFile);
    const cell = (task: string, i: number) => page.locator(`#dataset table.dataset tr[data-task="${task}"] td`).nth(i).innerText();
    expect([await cell('department', 2), await cell('department', 3), await cell('department', 5)]).toEqual(['5', '6 records', '1']);
    expect([await cell('plan', 2), await cell('plan', 5)]).toEqual(['5', '1']);
    expect([await cell('difr', 2), await cell('difr', 5)]).toEqual(['6', '0']);
    expect([await cell('imaging', 2), await cell('imaging', 3)]).toEqual(['9', '10 exams']);
    expect(await page.locator('#dataset tr.partial').count()).toBe(5);
    expect(await page.locator('#leaderboard-dataset').innerText()).toBe('partial: no gold answer (skipped, see Dataset) for Acc 1, PD 1, PT 1, TP 1, ID 1 exams');
    // the record without a department is filed apart, not under a department of the list
    expect(await page.locator('#f-dep option', { hasText: '(no department)' }).count()).toBe(1);
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    await page.locator('#dataset').screenshot({ path: join(ROOT, 'test-output', 'report-partial.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the 4-dimension judge ratings, a small table per model', async () => {
    const { page, problems } = await openReport(browser, judgedFile);
    expect(await page.locator('nav.tabs a[href="#judge"]').count()).toBe(1);
    expect(await page.locator('#judge .block.judge').count()).toBe(judged.judge!.length);
    const base = judged.judge!.find((j) => j.label === 'baseline')!;
    const table = page.locator(`#judge .block.judge[data-model="${base.model}"] table`);
    expect(await table.locator('thead').innerText()).toMatch(/Judge\s+Fluency\s+Relevance\s+Completeness\s+Proficiency\s+Overall\s+n\s+Judge errors/);
    const lines = await table.locator('tbody tr').allInnerTexts();
    expect(lines).toHaveLength(3); // all judges, then each
    expect(lines[0]).toMatch(/All judges \(mean\)\s+75\.0\s+70\.0\s+65\.0\s+60\.0\s+67\.5\s+3\s+6/);
    expect(lines[1]).toMatch(new RegExp(`${JUDGE_A.replace(/[.:/]/g, '\\$&')}\\s+60\\.0\\s+50\\.0\\s+40\\.0\\s+30\\.0\\s+45\\.0\\s+3\\s+3`));
    // model judges: nothing is labelled heuristic
    expect(await page.locator('#judge .judge-heuristic, #judge tr[data-heuristic]').count()).toBe(0);
    expect(await page.locator('#judge').innerText()).not.toContain('heuristic');
    await page.locator('#judge').screenshot({ path: join(ROOT, 'test-output', 'report-judge.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('labels the baseline judge’s ratings as heuristic, not a clinical judgement', async () => {
    const { page, problems } = await openReport(browser, heuristicFile);
    const banner = await page.locator('#judge .banner.judge-heuristic').innerText();
    expect(banner).toContain('Heuristic ratings: baseline rated offline');
    expect(banner).toContain('not a clinical judgement');
    const j = heuristic.judge![0]!;
    const lines = await page.locator(`#judge .block.judge[data-model="${j.model}"] tbody tr`).allInnerTexts();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^All judges \(mean\) includes heuristic ratings\s/);
    expect(lines[1]).toMatch(/^baseline heuristic\s/);
    expect(lines[2]).toMatch(new RegExp(`^${JUDGE_B.replace(/[.:/]/g, '\\$&')}\\s`));
    expect(lines[2]).not.toContain('heuristic');
    await page.locator('#judge').screenshot({ path: join(ROOT, 'test-output', 'report-judge-heuristic.png') });
    expect(problems).toEqual([]);
    await page.close();
  });
});
