/**
 * The report of partial data in a real Chromium. Records imported with the AgentClinic preset (no department, no
 * imaging impression, a final diagnosis and sometimes a treatment plan) are run by the baseline on their own
 * ("partial") and beside the bundled records of two departments ("mixed"), all through the command line:
 *
 * - the case browser's department filter opens on "All departments", shown selected, listing every row; each
 *   department lists exactly its own records, and "(no department)" exactly those whose dataset names none;
 * - the department heatmap of the partial run opens on a value that has numbers, and says why not the weighted
 *   average; a full dataset still opens on the weighted average;
 * - every dash of the leaderboard says why (its title, and a list under the table), and so does every dash of the
 *   heatmaps (a note under each);
 * - the mean of the scored tasks shows under its own name with the tasks it covers, and is never sorted with Avg.
 * Screenshots: test-output/report-partial-leaderboard.png and report-partial-departments.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { fixture, ROOT, runCli, tempDir } from '../helpers.js';
import { countText, haveChromium, launch, openReport, type Browser } from './chromium.js';

const COLS = ['Acc', 'DIFR', 'PD', 'DB', 'DD', 'FD', 'PT', 'TP', 'ID'] as const;

let browser: Browser;
let importedUids: string[];
let partial: ReportViewModel;
let partialFile: string;
let both: ReportViewModel;
let bothFile: string;

/** The `data-row` of every row the case browser lists under the current filters, page after page. */
async function listedRows(page: Page): Promise<number[]> {
  await page.selectOption('#f-size', '200');
  const out: number[] = [];
  for (;;) {
    for (const r of await page.locator('#cases-body tr[data-row]').all()) out.push(Number(await r.getAttribute('data-row')));
    if (await page.isDisabled('#cases-next')) break;
    await page.click('#cases-next');
  }
  return out;
}

/** The colour inside the department heatmap's cell (one department, one model: the cell fills the chart), away from its label. */
const heatPixel = (page: Page): Promise<number[]> =>
  page.evaluate(`(() => {
    const c = document.getElementById('heat-dept-model');
    // read a copy, so that the chart's own canvas is never read back
    const copy = document.createElement('canvas');
    copy.width = c.width;
    copy.height = c.height;
    const ctx = copy.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(c, 0, 0);
    const d = ctx.getImageData(Math.round(c.width * 0.75), Math.round(c.height * 0.75), 1, 1).data;
    return [d[0], d[1], d[2]];
  })()`);
const GREY = [226, 232, 240]; // a cell without a value

describe.skipIf(!haveChromium)('the report of partial data in Chromium', () => {
  beforeAll(async () => {
    const dir = tempDir();
    const imported = join(dir, 'agentclinic.jsonl');
    const im = await runCli('import', fixture('import', 'agentclinic-osce.jsonl'), '--preset', 'agentclinic', '-o', imported);
    expect(im.code, im.err).toBe(0);
    importedUids = readFileSync(imported, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { clinical_case_uid: string }).clinical_case_uid);
    const partialDir = join(dir, 'partial');
    const mixedDir = join(dir, 'mixed');
    for (const [out, cases] of [
      [partialDir, [imported]],
      [mixedDir, [join(BUNDLED_CASES_DIR, 'urology.json'), join(BUNDLED_CASES_DIR, 'neurology.json'), imported]],
    ] as const) {
      const r = await runCli('run', '--cases', ...cases, '--out', out);
      expect(r.code, r.err).toBe(0);
    }
    partial = await buildViewModel([partialDir], { resamples: 50 });
    partialFile = join(dir, 'partial.html');
    writeFileAtomic(partialFile, renderHtml(partial));
    both = await buildViewModel([mixedDir, partialDir], { resamples: 50 });
    bothFile = join(dir, 'both.html');
    writeFileAtomic(bothFile, renderHtml(both));
    browser = await launch();
  }, 180_000);

  afterAll(async () => browser?.close());

  it('opens the case browser on "All departments", and each department option lists exactly its records', async () => {
    const { page, problems } = await openReport(browser, bothFile);
    const total = both.rows.length;
    const shown = (): Promise<string> => page.locator('#f-dep option:checked').innerText();
    expect(await shown()).toBe('All departments');
    expect(await countText(page)).toContain(`${total} of ${total} rows`);
    const labels = await page.locator('#f-dep option').allInnerTexts();
    expect(labels).toEqual(['All departments', '(no department)', 'Neurology', 'Urology']);
    for (const d of both.departments) {
      await page.selectOption('#f-dep', { label: d.label });
      expect(await shown()).toBe(d.label);
      const expected = both.rows.flatMap((r, i) => (both.cases[r.case]!.department === d.id ? [i] : []));
      expect(expected.length).toBeGreaterThan(0);
      expect(await countText(page)).toContain(`${expected.length} of ${total} rows`);
      const listed = await listedRows(page);
      expect(listed.sort((a, b) => a - b)).toEqual(expected);
      // every row listed is filed under the department chosen, as the table shows it
      expect(new Set(await page.locator('#cases-body tr[data-row] td:nth-child(3)').allInnerTexts())).toEqual(new Set([d.label]));
      if (d.id === '') {
        // exactly the imported records, which name no department, from both runs
        expect(new Set(listed.map((i) => both.cases[both.rows[i]!.case]!.uid))).toEqual(new Set(importedUids));
        expect(new Set(listed.map((i) => both.rows[i]!.model))).toEqual(new Set([0, 1]));
      }
    }
    await page.selectOption('#f-dep', { label: 'All departments' });
    expect(await shown()).toBe('All departments');
    expect(await countText(page)).toContain(`${total} of ${total} rows`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the department heatmap of a partial dataset on a value that has numbers', async () => {
    expect(partial.byDepartment.every((c) => c.weightedAvg === null)).toBe(true);
    const { page, problems } = await openReport(browser, partialFile);
    const metric = await page.inputValue('#dept-metric');
    expect(metric).toBe('FD');
    expect(partial.byDepartment.some((c) => c.columns.FD !== null)).toBe(true);
    expect(await page.locator('#dept-model-gaps').innerText()).toContain('No department has a weighted average here (needs all nine task columns; no value for Acc, PD, DB, DD, PT, ID), so the heatmap opened on FD');
    // the cell is coloured by its value; the weighted average's cell is the grey of a dash
    expect(await heatPixel(page)).not.toEqual(GREY);
    await page.selectOption('#dept-metric', 'WeightedAvg');
    expect(await heatPixel(page)).toEqual(GREY);
    expect(await page.locator('#dept-model-gaps').innerText()).toContain('weighted average — every cell: needs all nine task columns; no value for Acc, PD, DB, DD, PT, ID');
    await page.close();
    // records with every gold answer: the weighted average, as before
    const full = await openReport(browser, bothFile);
    expect(await full.page.inputValue('#dept-metric')).toBe('WeightedAvg');
    expect(await full.page.locator('#dept-model-gaps').innerText()).not.toContain('opened on');
    expect([...problems, ...full.problems]).toEqual([]);
    await full.page.close();
  });

  it('says why each dash of the leaderboard and the heatmaps is one', async () => {
    const { page, problems } = await openReport(browser, partialFile);
    // the columns the imported records cannot be scored on, as the Dataset panel counts them
    const lacking = partial.runs[0]!.dataset!.tasks.filter((t) => t.withGold === 0).map((t) => t.column);
    expect(lacking).toEqual(['Acc', 'PD', 'DB', 'DD', 'PT', 'ID']);
    const cells = page.locator('#lb tbody tr[data-model="0"] td[data-col]');
    let dashes = 0;
    for (const cell of await cells.all()) {
      if ((await cell.innerText()).trim() !== '—') continue;
      dashes++;
      const col = (await cell.getAttribute('data-col'))!;
      expect(await cell.getAttribute('title'), col).toMatch(/^\S+ has no value: \S/);
    }
    expect(dashes).toBe(lacking.length + 5); // and DWR, CDA, Acceptability, Avg, WAvg
    const title = (col: string): Promise<string | null> => page.locator(`#lb tbody tr[data-model="0"] td[data-col="${col}"]`).getAttribute('title');
    expect(await title('Acc')).toBe('Acc has no value: these records name no department, so the department guide has no gold answer');
    expect(await title('ID')).toBe('ID* has no value: none of the 9 imaging exams of these records has a gold impression to score against');
    expect(await title('Avg')).toBe(`Avg has no value: needs all nine task columns; no value for ${lacking.join(', ')}`);
    expect(await title('DWR')).toContain('needs at least two models');
    const note = (await page.locator('#leaderboard-gaps').innerText()).split('\n');
    expect(note[0]).toBe('Why a value is a dash');
    expect(note).toContain('PD, DB*, DD*, PT*: no gold answer for this task in these records, so nothing to score against');
    expect(note).toContain(`Avg, WAvg: needs all nine task columns; no value for ${lacking.join(', ')}`);
    expect(note).toContain('CDA: needs Acc and FD; no value for Acc');
    // the department × task heatmap of the model
    const heat = await page.locator('#dept-task-gaps').innerText();
    expect(heat).toContain('Acc — every department: these records name no department');
    expect(heat).toContain('WAvg — every department: needs all nine task columns');
    expect(heat).not.toMatch(/\bFD\b —|\bTP\* —|DIFR —/);
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    await page.locator('#leaderboard').screenshot({ path: join(ROOT, 'test-output', 'report-partial-leaderboard.png') });
    await page.locator('#departments').screenshot({ path: join(ROOT, 'test-output', 'report-partial-departments.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the mean of the scored tasks under its own name, never sorted with Avg', async () => {
    const { page, problems } = await openReport(browser, bothFile);
    const full = both.models.find((m) => m.label.includes('(mixed)'))!;
    const part = both.models.find((m) => m.label.includes('(partial)'))!;
    expect(full.leaderboard.Avg.value).not.toBeNull();
    expect(part.leaderboard.Avg.value).toBeNull();
    expect(await page.locator('#lb th[data-key="ScoredAvg"]').innerText()).toBe('Avg (scored tasks)');
    const scored = COLS.filter((c) => part.leaderboard[c].value !== null);
    expect(scored).toEqual(['DIFR', 'FD', 'TP']);
    const mean = scored.reduce((s, c) => s + part.leaderboard[c].value!, 0) / scored.length;
    const cell = (m: number, col: string) => page.locator(`#lb tbody tr[data-model="${m}"] td[data-col="${col}"]`);
    expect((await cell(part.index, 'ScoredAvg').innerText()).split('\n')).toEqual([mean.toFixed(2), 'of DIFR, FD, TP']);
    expect(await cell(part.index, 'ScoredAvg').getAttribute('title')).toBe('mean of 3 task columns: DIFR, FD, TP (not the full Avg)');
    expect(await cell(full.index, 'ScoredAvg').innerText()).toBe('—');
    expect(await cell(full.index, 'ScoredAvg').getAttribute('title')).toContain('has all nine task columns: see Avg and WAvg');
    expect(await page.locator('#lb td.best[data-col="ScoredAvg"]').count()).toBe(0);
    const order = async (): Promise<number[]> => (await page.locator('#lb tbody tr[data-model]').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-model')))));
    // Avg (the page opens sorted by it, descending), then ascending: the model without a full Avg stays last
    expect(await order()).toEqual([full.index, part.index]);
    await page.click('#lb th[data-key="Avg"]');
    expect(await page.getAttribute('#lb th[data-key="Avg"]', 'aria-sort')).toBe('ascending');
    expect(await order()).toEqual([full.index, part.index]);
    // the scored-tasks mean sorts only the models that have it; the model with a full Avg goes last
    await page.click('#lb th[data-key="ScoredAvg"]');
    expect(await order()).toEqual([part.index, full.index]);
    await page.click('#lb th[data-key="ScoredAvg"]');
    expect(await order()).toEqual([part.index, full.index]);
    expect(await page.locator('#leaderboard-gaps').innerText()).toContain('Avg (scored tasks): where Avg and WAvg cannot be computed, the mean of the task columns that have a value');
    expect(problems).toEqual([]);
    await page.close();
  });
});
