/**
 * The report of an interactive run: the view model carries the interactive panel (scores, information gap per
 * department) and each case's transcript; in Chromium the panel shows, and the case browser shows a case as a
 * conversation with what each turn revealed. The browser part is skipped, visibly, without a Chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml, writeFileAtomic } from '../../../src/report/index.js';
import { buildViewModel } from '../../../src/report/view-model.js';
import type { ReportViewModel } from '../../../src/report/types.js';
import { ROOT, runCli, tempDir } from '../../helpers.js';
import { haveChromium, launch, openReport, type Browser } from '../../report/chromium.js';

let vm: ReportViewModel;
let file: string;

beforeAll(async () => {
  const dir = join(tempDir(), 'run');
  const r = await runCli('interactive', '--lang', 'en', '--limit', '6', '--out', dir, '--no-cache');
  expect(r.code).toBe(0);
  vm = await buildViewModel([dir], { ci: false });
  file = join(tempDir(), 'report.html');
  writeFileAtomic(file, renderHtml(vm));
}, 60_000);

describe('the report of an interactive run', () => {
  it('has a panel per interactive model with its information gap, and a transcript per case', () => {
    expect(vm.interactive).toHaveLength(1);
    const p = vm.interactive![0]!;
    expect(p).toMatchObject({ label: 'interactive:baseline', doctor: 'baseline', patient: 'baseline', staticModel: 'baseline' });
    expect(p.summary.cases).toBe(6);
    expect(p.gap[0]).toMatchObject({ group: 'all', label: 'all departments', n: 6 });
    expect(p.gap.slice(1).map((g) => g.label)).toEqual(['Anorectal Surgery', 'Breast Surgery']);
    const withTranscript = vm.cases.filter((c) => c.answers[String(p.model)]?.interactive);
    expect(withTranscript).toHaveLength(6);
    // the static model has none
    const statics = vm.models.find((m) => m.model === 'baseline')!;
    expect(vm.cases.some((c) => c.answers[String(statics.index)]?.interactive)).toBe(false);
  });

  let browser: Browser;
  afterAll(async () => browser?.close());

  it.skipIf(!haveChromium)('shows the panel and a case as a conversation in Chromium (skipped without a Chromium)', async () => {
    browser = await launch();
    const { page, problems } = await openReport(browser, file);
    expect(await page.locator('nav.tabs a[href="#interactive"]').count()).toBe(1);
    const panel = page.locator('#interactive .block.interactive');
    expect(await panel.count()).toBe(1);
    expect(await panel.locator('table.information-gap tbody tr').count()).toBe(3);
    expect(await panel.locator('table.information-gap tr[data-group="all"]').innerText()).toContain('all departments');
    const p = vm.interactive![0]!;
    await page.selectOption('#f-model', String(p.model));
    const first = page.locator('#cases-body tr[data-row]').first();
    const row = vm.rows[Number(await first.getAttribute('data-row'))]!;
    await first.click();
    const t = vm.cases[row.case]!.answers[String(p.model)]!.interactive!;
    const turns = page.locator(`#case-detail .model-answer[data-model="${p.model}"] .conversation .turn`);
    expect(await turns.count()).toBe(t.turns.length);
    const firstTurn = await turns.nth(0).innerText();
    expect(firstTurn).toContain('Turn 1');
    expect(firstTurn).toContain('Patient:');
    expect(firstTurn).toContain('Revealed: from the history');
    const ordered = t.turns.findIndex((x) => x.action.type === 'order');
    expect(await turns.nth(ordered).innerText()).toMatch(/Revealed: (laboratory panel|imaging exam|.*not done)/);
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-output', 'interactive-report.png'), fullPage: true });
    expect(problems).toEqual([]);
  }, 60_000);
});
