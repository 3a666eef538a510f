/**
 * The report's panels come from one list (src/report/panels.ts): the page's navigation and sections are the panels
 * the report has, in the list's order, with the list's titles; a panel whose condition does not hold (agents,
 * interactive, judge ratings on a report without them) has neither an entry nor a section; `report --table` takes
 * exactly the tables the panels export and its help lists them by panel; and in Chromium the client renders every
 * section the page has, and only those.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_TABLES, exportTable, isExportTable } from '../../src/report/export.js';
import { escapeHtml, renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import { PANELS, shownPanels, type ReportPanel } from '../../src/report/panels.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { ROOT, runCli, tempDir } from '../helpers.js';
import { makeAgentRun } from './agent-fixture.js';
import { haveChromium, launch, openReport, type Browser } from './chromium.js';
import { emptyLexiconContext, makeRun } from './fixture.js';
import { judgeWithScriptedJudges } from './judge-fixture.js';

let judgedDir: string;
/** An agent run rated by two judges: agents and judge ratings, no interactive models. */
let judged: ReportViewModel;
/** A benchmark run: none of the three. */
let plain: ReportViewModel;

beforeAll(async () => {
  judgedDir = join(tempDir(), 'panels-judged');
  await makeAgentRun(judgedDir);
  await judgeWithScriptedJudges(judgedDir);
  judged = await buildViewModel([judgedDir], { context: emptyLexiconContext(), ci: false });
  const plainDir = join(tempDir(), 'panels-plain');
  await makeRun(plainDir, ['urology']);
  plain = await buildViewModel([plainDir], { context: emptyLexiconContext(), ci: false });
}, 180_000);

/** The page's navigation entries and sections, as the HTML has them. */
function pageParts(html: string): { nav: { id: string; text: string }[]; sections: { id: string; panel: string; title: string }[] } {
  const navHtml = /<nav class="tabs"[^>]*>([\s\S]*?)<\/nav>/.exec(html)![1]!;
  const nav = [...navHtml.matchAll(/<a href="#([^"]+)">([^<]*)<\/a>/g)].map((m) => ({ id: m[1]!, text: m[2]! }));
  const sections = [...html.matchAll(/<section class="card" id="([^"]+)" data-panel="([^"]+)">\s*<h2>([^<]*)<\/h2>/g)].map((m) => ({ id: m[1]!, panel: m[2]!, title: m[3]! }));
  return { nav, sections };
}

const ids = (panels: readonly ReportPanel[]): string[] => panels.map((p) => p.id);

describe('the list of report panels', () => {
  it('names each panel once and each exported table once', () => {
    expect(new Set(ids(PANELS)).size).toBe(PANELS.length);
    const tables = PANELS.flatMap((p: ReportPanel) => Object.keys(p.tables ?? {}));
    expect(new Set(tables).size).toBe(tables.length);
    expect([...EXPORT_TABLES]).toEqual(tables);
    expect(EXPORT_TABLES).toEqual(expect.arrayContaining(['leaderboard', 'departments', 'best', 'cases', 'agents', 'routing', 'judge', 'dataset', 'manifest']));
    expect(isExportTable('tasks')).toBe(false);
  });

  it('makes the navigation and the sections of a report with agents and judge ratings, in its order', () => {
    expect(judged.agents?.length).toBeGreaterThan(0);
    expect(judged.judge?.length).toBeGreaterThan(0);
    const shown = shownPanels(judged);
    expect(ids(shown)).toEqual(ids(PANELS).filter((id) => id !== 'interactive'));
    const { nav, sections } = pageParts(renderHtml(judged));
    expect(nav).toEqual(shown.map((p) => ({ id: p.id, text: escapeHtml(p.nav) })));
    expect(sections).toEqual(shown.map((p) => ({ id: p.id, panel: p.id, title: escapeHtml(p.title) })));
  });

  it('leaves out, from the navigation and the sections, each panel whose condition does not hold', () => {
    expect(plain.agents ?? []).toEqual([]);
    const html = renderHtml(plain);
    const { nav, sections } = pageParts(html);
    const absent = PANELS.filter((p: ReportPanel) => !p.shown(plain));
    expect(ids(absent)).toEqual(['agents', 'interactive', 'judge']);
    expect(nav.map((n) => n.id)).toEqual(ids(shownPanels(plain)));
    expect(sections.map((s) => s.id)).toEqual(ids(shownPanels(plain)));
    for (const p of absent) {
      expect(html, p.id).not.toContain(`id="${p.id}"`);
      expect(html, p.id).not.toContain(`href="#${p.id}"`);
      expect(html, p.id).not.toContain(`id="${p.id}-body"`);
    }
  });

  it('gives the page no element id twice, whichever panels it has', () => {
    for (const vm of [plain, judged]) {
      const html = renderHtml(vm);
      const markup = html.slice(0, html.indexOf('<script'));
      const all = [...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
      expect(all.length).toBeGreaterThan(30);
      expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
    }
  });

  it('exports every table of the list, with rows on a report that has its panel', () => {
    for (const table of EXPORT_TABLES) {
      const json = JSON.parse(exportTable(judged, table, 'json')) as { table: string; rows: unknown[] };
      expect(json.table).toBe(table);
      expect(json.rows.length, table).toBeGreaterThan(0);
      expect(exportTable(judged, table, 'csv').split('\r\n').length, table).toBeGreaterThan(2);
    }
    // the judge's table of a report without ratings is there, and empty
    expect(exportTable(plain, 'judge', 'csv').trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('has report --table take the tables of the list, and its help list them by panel', async () => {
    const help = (await runCli('report', '--help')).out;
    const lines = help.split('\n');
    const panels: readonly ReportPanel[] = PANELS;
    for (const p of panels) {
      for (const name of Object.keys(p.tables ?? {})) {
        expect(lines.some((l) => l.startsWith(`  ${name} `) && l.endsWith(` [${p.nav}]`)), `${name} [${p.nav}]`).toBe(true);
      }
    }
    expect(help).toContain(`--table <table>`);
    expect(help.replace(/\s+/g, ' ')).toContain(EXPORT_TABLES.join(', '));
    const bad = await runCli('report', judgedDir, '--format', 'csv', '--table', 'tasks');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`--table takes ${EXPORT_TABLES.join(', ')}`);
    const best = await runCli('report', judgedDir, '--format', 'csv', '--table', 'best', '--no-ci');
    expect(best.code, best.err).toBe(0);
    expect(best.out.split('\r\n')[0]).toContain('best_model');
  }, 60_000);
});

describe.skipIf(!haveChromium)('the panels in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('renders every section the page has, and the navigation leads to each', async () => {
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    for (const [name, vm] of [['plain', plain], ['judged', judged]] as const) {
      const file = join(tempDir(), `panels-${name}.html`);
      writeFileAtomic(file, renderHtml(vm));
      const { page, problems } = await openReport(browser, file);
      const rendered = await page.locator('main > section[data-rendered="1"]').evaluateAll((els) => els.map((e) => e.id));
      expect(rendered, name).toEqual(ids(shownPanels(vm)));
      expect(await page.locator('main > section:not([data-rendered])').count(), name).toBe(0);
      const hrefs = await page.locator('nav.tabs a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
      expect(hrefs, name).toEqual(rendered.map((id) => `#${id}`));
      // each panel's body was filled by its renderer
      for (const id of ['agents', 'judge']) {
        if (rendered.includes(id)) expect((await page.locator(`#${id}-body`).innerText()).length, `${name} ${id}`).toBeGreaterThan(20);
      }
      expect(problems, name).toEqual([]);
      await page.close();
    }
  }, 120_000);
});
