/**
 * The HTML report in a real Chromium (playwright-core and the system's /usr/bin/chromium): it opens from a file
 * URL with every network request blocked and no console errors; the leaderboard and charts render; sorting,
 * filters and paging work; and the XSS payloads a model wrote stay text (large reports, payloads in case text
 * and the manifest, partial data and judge ratings: browser-data.test.ts).
 * An agent run shows its summary panel and, in the case browser, its cases step by step (payloads inert too).
 * What an agent run recorded (its models with roles and settings, templates, warnings) shows in the agent and
 * manifest panels. Screenshots are saved to test-output/report.png, agent-report.png, agent-steps.png and
 * agent-record.png for a reviewer. Without
 * Chromium the tests are skipped, or fail with a clear message when CI is set (.ci/run installs it).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/html.js';
import { writeFileAtomic } from '../../src/report/index.js';
import type { ReportViewModel } from '../../src/report/types.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { ROOT, tempDir } from '../helpers.js';
import { AGENT_ID, AGENT_MODEL, makeAgentRun, makeShortAgentRun, SCRIPTED_KEY, SHORT_AGENT_ID } from './agent-fixture.js';
import { emptyLexiconContext, makeRun, SCRIPTED, XSS } from './fixture.js';

/** The system Chromium (another build can be named with CLINICALLAB_CHROMIUM). */
const CHROMIUM = process.env.CLINICALLAB_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const haveChromium = existsSync(CHROMIUM);

if (!haveChromium && process.env.CI) {
  describe('the HTML report in Chromium', () => {
    it('needs Chromium', () => {
      throw new Error(`${CHROMIUM} is missing: the browser tests need the system Chromium (.ci/run installs it with apt-get install -y chromium)`);
    });
  });
}

let context: BrowserContext;
let userData: string;
let vm: ReportViewModel;
let file: string;
let agentVm: ReportViewModel;
let agentFile: string;
let shortFile: string;
const blocked: string[] = [];

interface Opened {
  page: Page;
  problems: string[];
}

async function open(path: string): Promise<Opened> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(pathToFileURL(path).href);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 });
  return { page, problems };
}

const rowCount = (page: Page): Promise<number> => page.locator('#cases-body tr[data-row]').count();
const countText = (page: Page): Promise<string> => page.locator('#cases-count').innerText();

describe.skipIf(!haveChromium)('the HTML report in Chromium', () => {
  beforeAll(async () => {
    const dir = join(tempDir(), 'browser-run');
    await makeRun(dir, ['urology', 'neurology']);
    vm = await buildViewModel([dir], { context: emptyLexiconContext(), resamples: 200, reference: true });
    file = join(tempDir(), 'report.html');
    writeFileAtomic(file, renderHtml(vm));
    const agentDir = join(tempDir(), 'agent-run');
    await makeAgentRun(agentDir);
    agentVm = await buildViewModel([agentDir], { context: emptyLexiconContext(), ci: false });
    agentFile = join(tempDir(), 'agent.html');
    writeFileAtomic(agentFile, renderHtml(agentVm));
    const shortDir = join(tempDir(), 'short-agent-run');
    await makeShortAgentRun(shortDir);
    shortFile = join(tempDir(), 'short-agent.html');
    writeFileAtomic(shortFile, renderHtml(await buildViewModel([shortDir], { context: emptyLexiconContext(), ci: false })));
    userData = mkdtempSync(join(tmpdir(), 'clinicallab-chromium-'));
    context = await chromium.launchPersistentContext(userData, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1400, height: 900 } });
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      blocked.push(url);
      return route.abort();
    });
  }, 90_000);

  afterAll(async () => {
    await context?.close();
    if (userData) rmSync(userData, { recursive: true, force: true });
  });

  it('opens from a file URL with the network blocked, without console errors, and looks right', async () => {
    const { page, problems } = await open(file);
    expect(problems).toEqual([]);
    expect(blocked).toEqual([]);
    expect(await page.title()).toContain('ClinicalLab report');
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'test-output', 'report.png'), fullPage: true });
    await page.close();
  });

  it('renders the leaderboard, with the published rows apart and marked', async () => {
    const { page } = await open(file);
    expect(await page.locator('#lb > tbody:not(.reference) > tr').count()).toBe(2);
    expect(await page.locator('#lb tr.ref').count()).toBe(15);
    expect(await page.locator('#lb tr.group').innerText()).toContain('measured on the real ClinicalBench, not on the cases of this run');
    expect(await page.locator('#text-label').innerText()).toContain('(BLEU + ROUGE-L) / 2');
    expect(await page.locator('#lb td.best').count()).toBeGreaterThan(0);
    expect(await page.locator('#lb tbody:not(.reference) .ci').count()).toBeGreaterThan(0);
    await page.uncheck('#show-ci');
    expect(await page.locator('#lb tbody:not(.reference) .ci').count()).toBe(0);
    await page.close();
  });

  it('draws every chart (non-empty canvases)', async () => {
    const { page } = await open(file);
    for (const id of ['heat-dept-model', 'heat-dept-task', 'chart-radar', 'chart-metrics']) {
      // evaluated in the page (the tests are typed without the DOM library)
      const painted = (await page.evaluate(`(() => {
        const c = document.getElementById(${JSON.stringify(id)});
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
        return { n, w: c.width, h: c.height };
      })()`)) as { n: number; w: number; h: number };
      expect(painted.w, id).toBeGreaterThan(100);
      expect(painted.n, id).toBeGreaterThan(2000);
    }
    // another value and another model redraw the heatmaps without errors
    await page.selectOption('#dept-metric', 'FD');
    await page.selectOption('#dept-model', '1');
    await page.close();
  });

  it('sorts the leaderboard by a column, both ways', async () => {
    const { page } = await open(file);
    const first = (): Promise<string> => page.locator('#lb > tbody:not(.reference) > tr').first().locator('td.model').innerText();
    await page.click('#lb th[data-key="FD"]');
    expect(await page.getAttribute('#lb th[data-key="FD"]', 'aria-sort')).toBe('descending');
    const desc = await first();
    await page.click('#lb th[data-key="FD"]');
    expect(await page.getAttribute('#lb th[data-key="FD"]', 'aria-sort')).toBe('ascending');
    const asc = await first();
    expect(desc).not.toBe(asc);
    const fdOf = (label: string): number => vm.models.find((m) => label.endsWith(m.label))!.leaderboard.FD.value!;
    expect(fdOf(desc)).toBeGreaterThan(fdOf(asc));
    await page.click('#lb th[data-key="model"]');
    expect(await first()).toContain('baseline');
    await page.close();
  });

  it('filters the case browser and pages through it', async () => {
    const { page } = await open(file);
    expect(await countText(page)).toContain(`${vm.rows.length} of ${vm.rows.length} rows`);
    expect(await rowCount(page)).toBe(50);
    await page.selectOption('#f-task', 'imaging');
    await page.selectOption('#f-outcome', 'error');
    const errors = vm.rows.filter((r) => r.task === 'imaging' && r.status === 'error').length;
    expect(errors).toBeGreaterThan(0);
    expect(await countText(page)).toContain(`${errors} of ${vm.rows.length} rows`);
    expect(await page.locator('#cases-body .badge.err').count()).toBe(Math.min(errors, 50));
    await page.selectOption('#f-outcome', 'correct');
    await page.selectOption('#f-task', 'final-diagnosis');
    await page.selectOption('#f-model', '0');
    const correct = vm.rows.filter((r) => r.task === 'final-diagnosis' && r.correct === true && r.model === 0).length;
    expect(await rowCount(page)).toBe(correct);
    await page.selectOption('#f-lang', 'zh');
    await page.selectOption('#f-dep', { label: vm.departments.find((d) => d.id === 'urology')!.label });
    const narrow = vm.rows.filter((r) => r.task === 'final-diagnosis' && r.correct === true && r.model === 0 && vm.cases[r.case]!.language === 'zh' && vm.cases[r.case]!.department === 'urology').length;
    expect(await rowCount(page)).toBe(narrow);
    // back to everything; 25 a page; next and previous
    for (const id of ['#f-outcome', '#f-task', '#f-model', '#f-lang', '#f-dep']) await page.selectOption(id, '');
    await page.selectOption('#f-size', '25');
    expect(await rowCount(page)).toBe(25);
    expect(await page.isDisabled('#cases-prev')).toBe(true);
    const firstRow = await page.locator('#cases-body tr').first().getAttribute('data-row');
    await page.click('#cases-next');
    expect(await countText(page)).toContain('page 2 of');
    expect(await page.locator('#cases-body tr').first().getAttribute('data-row')).not.toBe(firstRow);
    await page.click('#cases-prev');
    expect(await page.locator('#cases-body tr').first().getAttribute('data-row')).toBe(firstRow);
    // the search box: a uid names the case in both languages
    const uid = vm.cases[0]!.uid;
    await page.fill('#f-search', uid.slice(0, 10));
    await expect.poll(() => countText(page)).not.toMatch(new RegExp(`^${vm.rows.length} of`));
    expect(await countText(page)).toContain(`${vm.rows.filter((r) => vm.cases[r.case]!.uid === uid).length} of`);
    await page.close();
  });

  it('keeps the payloads a model wrote as inert text', async () => {
    const { page, problems } = await open(file);
    const scripted = vm.models.findIndex((m) => m.model === SCRIPTED);
    await page.selectOption('#f-model', String(scripted));
    await page.selectOption('#f-task', 'preliminary');
    await page.locator('#cases-body tr').first().click();
    const detail = page.locator('#case-detail');
    await detail.locator('details.raw summary').first().click();
    const text = await detail.innerText();
    expect(text).toContain(XSS.script);
    expect(text).toContain(XSS.img);
    expect(text).toContain(XSS.link);
    await page.waitForTimeout(200);
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"], [onerror], [onclick]').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(4); // the data block and the three inline scripts, nothing added
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows an agent run: its summary panel, and its cases step by step, with payloads inert', async () => {
    const { page, problems } = await open(agentFile);
    expect(await page.locator('nav.tabs a[href="#agents"]').count()).toBe(1);
    const panel = page.locator('#agents .block.agent');
    expect(await panel.count()).toBe(1);
    const summary = await panel.innerText();
    for (const text of [AGENT_ID, '1 department \u00d7 2 clinicians each', 'examinations ordered', 'of those available', '3 of 6 cases were stopped', 'Chief physician', AGENT_MODEL, 'ROUTING TABLE USED']) expect(summary).toContain(text);
    expect(await panel.locator('table.routing tr.visited').count()).toBe(1);
    expect(await panel.locator('table.routing tr.visited[data-department="urology"] td.num').innerText()).toBe('6');
    // the models it may call, with their roles, and the templates it used; no warning for a variant the table fills
    const models = panel.locator('table.agent-models tbody tr');
    expect(await models.count()).toBe(2);
    expect(await panel.locator(`table.agent-models tr[data-id="${AGENT_MODEL}"] td.roles`).innerText()).toBe('navigator, clinician, radiologist, nurse');
    expect(await panel.locator('table.agent-models tr[data-id="baseline"] td.roles').innerText()).toBe('clinician, chief physician, pharmacist');
    expect(await panel.locator('details.agent-templates summary').innerText()).toBe('Templates the agent used (14)');
    expect(await page.locator('.agent-warning').count()).toBe(0);
    // an English case of the agent: every step, in order, with its model
    const mi = agentVm.models.findIndex((m) => m.model === AGENT_ID);
    await page.selectOption('#f-model', String(mi));
    await page.selectOption('#f-lang', 'en');
    await page.selectOption('#f-task', 'final-diagnosis');
    const first = page.locator('#cases-body tr[data-row]').first();
    const row = agentVm.rows[Number(await first.getAttribute('data-row'))]!;
    await first.click();
    const steps = agentVm.cases[row.case]!.answers[String(mi)]!.agent!;
    const timeline = page.locator(`#case-detail .model-answer[data-model="${mi}"] ol.timeline > li.step`);
    expect(await timeline.count()).toBe(steps.length);
    expect(await timeline.evaluateAll((els) => els.map((e) => e.getAttribute('data-step')))).toEqual(steps.map((s) => s.step));
    const consult = await timeline.nth(2).innerText();
    expect(consult).toContain('Preliminary consultation');
    expect(consult).toContain('Urology');
    expect(consult).toContain(AGENT_MODEL);
    expect(consult).toContain(XSS.script);
    // the laboratory's own step: what it released, as released, and no model, tokens or cost
    const lab = timeline.nth(3);
    expect(await lab.getAttribute('data-step')).toBe('laboratory');
    expect(await lab.innerText()).toContain('PET-CT');
    expect(await lab.locator('.step-head').innerText()).not.toMatch(/tokens|\$/);
    expect(await lab.locator('details.raw summary').allInnerTexts()).toContain('Report as released');
    expect(await lab.innerText()).not.toContain('Rebuilt from');
    expect(await timeline.nth(0).innerText()).toContain('Urology');
    expect(await page.locator('#case-detail ol.timeline li[data-step="chief"]').innerText()).toContain('Merged opinion');
    mkdirSync(join(ROOT, 'test-output'), { recursive: true });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: join(ROOT, 'test-output', 'agent-report.png'), fullPage: true });
    // and a close-up of the timeline (page coordinates, so the sticky tabs do not cover it)
    const clip = (await page.evaluate(`(() => {
      const r = document.querySelector('#case-detail .model-answer[data-model="${mi}"] .agent-steps').getBoundingClientRect();
      return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
    })()`)) as { x: number; y: number; width: number; height: number };
    await page.screenshot({ path: join(ROOT, 'test-output', 'agent-steps.png'), fullPage: true, clip });
    // open every collapsed part: the payloads are text
    await page.locator('#case-detail ol.timeline details').evaluateAll((els) => els.forEach((e) => e.setAttribute('open', '')));
    const text = await page.locator('#case-detail ol.timeline').innerText();
    for (const p of [XSS.script, XSS.img, XSS.link]) expect(text).toContain(p);
    await page.waitForTimeout(200);
    expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:"], [onerror], [onclick]').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(4);
    // a Chinese case stopped by the nurse: the failed step says why
    await page.selectOption('#f-lang', 'zh');
    await page.locator('#cases-body tr[data-row]').first().click();
    expect(await page.locator('#case-detail ol.timeline li[data-step="nurse"] .banner.warn').innerText()).toContain('the scripted nurse refuses this one');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows what an agent run recorded: its models with roles and settings, and its warnings, in the agent and manifest panels', async () => {
    const { page, problems } = await open(shortFile);
    for (const where of ['#agents .block.agent', '#manifest .agent-record']) {
      const box = page.locator(where);
      expect(await box.count(), where).toBe(1);
      expect(await box.locator('.banner.agent-warning').innerText(), where).toContain(`Warning: ${SHORT_AGENT_ID}: the routing table lists 2 models instead of 3 for every department (23)`);
      const scripted = await box.locator(`table.agent-models tr[data-id="${AGENT_MODEL}"]`).innerText();
      for (const text of ['navigator, clinician, radiologist, nurse', 'openai-compatible @ http://127.0.0.1:9/v1', 'temperature=0.2', 'maxTokens=700', '4 / 45 s / 0', '1.5 \u2013 6', 'SCRIPTED_AGENT_KEY']) expect(scripted, where).toContain(text);
      expect(await box.locator('table.agent-models tr[data-id="baseline"] td.roles').innerText(), where).toBe('clinician, chief physician, pharmacist');
    }
    expect(await page.locator('#manifest .agent-record h4').innerText()).toBe(`ClinicalAgent ${SHORT_AGENT_ID}: the models it may call`);
    // the templates it used, with their hashes
    await page.locator('#manifest .agent-record details.agent-templates').evaluate((e) => e.setAttribute('open', ''));
    expect(await page.locator('#manifest .agent-record details.agent-templates tbody tr').count()).toBe(14);
    expect(await page.locator('body').innerText()).not.toContain(SCRIPTED_KEY);
    await page.locator('#agents').screenshot({ path: join(ROOT, 'test-output', 'agent-record.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has no agent panel when the report has no agent runs', async () => {
    const { page } = await open(file);
    expect(await page.locator('#agents, nav.tabs a[href="#agents"], ol.timeline').count()).toBe(0);
    expect(await page.locator('nav.tabs a').count()).toBe(6);
    await page.close();
  });

  it('shows an empty report (no runs yet) without errors', async () => {
    const empty = join(tempDir(), 'empty.html');
    writeFileAtomic(empty, renderHtml(await buildViewModel([], {})));
    const { page, problems } = await open(empty);
    expect(problems).toEqual([]);
    expect(await page.locator('#leaderboard-table').innerText()).toContain('No model results');
    expect(await countText(page)).toContain('0 of 0 rows');
    await page.close();
  });
});
