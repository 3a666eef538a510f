/**
 * What the reader could not read, in the HTML report (a real Chromium): the leaderboard's counts say how many
 * answers were refused, cut off by the token limit or not in the requested form, per task; the case browser's
 * outcome filter shows the rows whose answer was not read whole, and the rows cut off, each with the reader's
 * reason. The run is made against the loopback server (test/support/unread-run.ts). Without Chromium the test is
 * skipped (the other browser tests say how to get it).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DepartmentTaxonomy } from '../../src/bench/departments.js';
import { loadCases } from '../../src/bench/loader.js';
import { evaluatePlanned } from '../../src/run/evaluate.js';
import { modelEntries } from '../../src/run/setup.js';
import { renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { loadTemplates } from '../../src/tasks/templates.js';
import { startMockOpenAI } from '../support/mock-openai.js';
import { planUnreadAnswers, UROLOGY } from '../support/unread-run.js';
import { tempDir } from '../helpers.js';
import { countText, haveChromium, launch, openReport, rowCount, type Browser } from './chromium.js';
import { emptyLexiconContext } from './fixture.js';

let vm: ReportViewModel;
let file: string;
let browser: Browser;
let first: string;

beforeAll(async () => {
  const server = await startMockOpenAI();
  try {
    ({ first } = await planUnreadAnswers(server));
    const loaded = await loadCases([UROLOGY], { strict: true });
    const dir = join(tempDir(), 'run');
    const models = modelEntries([`openai-compatible:mock-model@${server.url}`], {}, { maxRetries: 0, timeoutMs: 30_000 });
    const taxonomy = DepartmentTaxonomy.default();
    await evaluatePlanned({ dir, models, cases: loaded.cases, caseFiles: loaded.files, kinds: ['department-guide', 'clinical-diagnosis'], templates: await loadTemplates(), taxonomy, env: {} });
    vm = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
    file = join(tempDir(), 'report.html');
    writeFileAtomic(file, renderHtml(vm));
  } finally {
    await server.close();
  }
  if (haveChromium) browser = await launch();
}, 120_000);
afterAll(async () => browser?.close());

describe('answers not read whole, in the report', () => {
  it('are marked on their rows: how they were read, why, and whether the token limit cut them off', () => {
    const row = (uid: string, lang: string, task: string) => vm.rows.find((r) => vm.cases[r.case]!.uid === uid && vm.cases[r.case]!.language === lang && r.task === task)!;
    expect(row(first, 'en', 'department')).toMatchObject({ reading: 'truncated', cut: true, correct: false });
    expect(row(first, 'zh', 'department')).toMatchObject({ reading: 'refusal', readingReason: 'the model declined to answer' });
    // the six-section answer cut off after five sections: only the missing section's row is unread
    expect(row(first, 'en', 'plan')).toMatchObject({ reading: 'unread', cut: true });
    expect(row(first, 'en', 'final-diagnosis').reading).toBeUndefined();
    expect(row(first, 'en', 'final-diagnosis').cut).toBe(true);
    expect(vm.models[0]).toMatchObject({ refused: { department: 1 }, truncated: { department: 1, diagnosis: 1 }, unreadable: { diagnosis: 1 } });
  });

  it.skipIf(!haveChromium)('can be shown alone in the case browser: not read whole, cut off, refused (needs Chromium)', async () => {
    const { page, problems } = await openReport(browser, file);
    const counts = await page.locator('#leaderboard-counts').innerText();
    expect(counts).toContain('refusals (no answer to score): department 1');
    expect(counts).toContain('cut off by the token limit: department 1, diagnosis 1');
    const unread = vm.rows.filter((r) => r.reading).length;
    expect(unread).toBeGreaterThan(2);
    await page.selectOption('#f-outcome', 'unread');
    expect(await countText(page)).toContain(`${unread} of ${vm.rows.length} rows`);
    expect(await page.locator('#cases-body').innerText()).toContain('(refusal: the model declined to answer)');
    await page.selectOption('#f-outcome', 'truncated');
    const cut = vm.rows.filter((r) => r.cut || r.reading === 'truncated').length;
    expect(cut).toBe(7); // the department answer and the six rows of the cut six-section answer
    expect(await rowCount(page)).toBe(cut);
    await page.selectOption('#f-outcome', 'refusal');
    expect(await rowCount(page)).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });
});
