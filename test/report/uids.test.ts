/**
 * A report on cases with imported-style uids (`DxBench_1` beside `DxBench_10`, `craftmd-case_1` beside
 * `craftmd-case_10`): the case browser lists every uid long enough to be told apart (here, whole), the exports
 * carry the whole uids, and in Chromium a whole uid typed in the search box shows that case only, not the cases
 * whose uid it starts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { exportTable } from '../../src/report/export.js';
import { renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { tempDir } from '../helpers.js';
import { countText, haveChromium, launch, openReport, type Browser } from './chromium.js';
import { csvRows, emptyLexiconContext, makeRun } from './fixture.js';

const UIDS = ['DxBench_1', 'DxBench_10', 'DxBench_11', 'cmb-clin-1', 'craftmd-case_1', 'craftmd-case_10'];

/** The bundled urology and neurology records, their six cases renamed to UIDS (both languages of a case alike). */
function writeRenamedCases(file: string): void {
  const records = ['urology', 'neurology'].flatMap((d) => JSON.parse(readFileSync(join(BUNDLED_CASES_DIR, `${d}.json`), 'utf8')) as Record<string, unknown>[]);
  const names = new Map<unknown, string>();
  for (const r of records) if (!names.has(r.clinical_case_uid)) names.set(r.clinical_case_uid, UIDS[names.size]!);
  expect(names.size).toBe(UIDS.length);
  writeFileSync(file, JSON.stringify(records.map((r) => ({ ...r, clinical_case_uid: names.get(r.clinical_case_uid) }))));
}

let vm: ReportViewModel;

beforeAll(async () => {
  const cases = join(tempDir(), 'renamed.json');
  writeRenamedCases(cases);
  const dir = join(tempDir(), 'run');
  await makeRun(dir, [], { caseFiles: [cases], models: ['baseline'] });
  vm = await buildViewModel([dir], { context: emptyLexiconContext(), ci: false });
}, 120_000);

describe('uids in the report', () => {
  it('lists each uid long enough to tell it apart from the others: here every uid whole', () => {
    expect(vm.cases).toHaveLength(UIDS.length * 2);
    for (const c of vm.cases) expect(c.shortUid).toBe(c.uid);
  });

  it('exports the whole uids', () => {
    const rows = csvRows(exportTable(vm, 'cases', 'csv'));
    expect(new Set(rows.map((r) => r.uid))).toEqual(new Set(UIDS));
  });
});

describe.skipIf(!haveChromium)('uids in the case browser, in Chromium', () => {
  let browser: Browser;
  let file: string;
  beforeAll(async () => {
    file = join(tempDir(), 'uids.html');
    writeFileAtomic(file, renderHtml(vm));
    browser = await launch();
  }, 60_000);
  afterAll(async () => browser?.close());

  it('shows the distinct uids, and a whole uid in the search box selects that case, not the ones it starts', async () => {
    const { page, problems } = await openReport(browser, file);
    await page.selectOption('#f-size', '200');
    const shown = await page.locator('#cases-body td.uid').allInnerTexts();
    expect(new Set(shown)).toEqual(new Set(UIDS));
    for (const uid of ['DxBench_1', 'craftmd-case_1']) {
      await page.fill('#f-search', uid);
      const own = vm.rows.filter((r) => vm.cases[r.case]!.uid === uid).length;
      await expect.poll(async () => [...new Set(await page.locator('#cases-body td.uid').allInnerTexts())]).toEqual([uid]);
      expect(await countText(page)).toContain(`${own} of ${vm.rows.length} rows`);
    }
    // a start of uids still searches as text
    await page.fill('#f-search', 'dxbench');
    const dx = vm.rows.filter((r) => vm.cases[r.case]!.uid.startsWith('DxBench')).length;
    await expect.poll(() => countText(page)).toContain(`${dx} of ${vm.rows.length} rows`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
