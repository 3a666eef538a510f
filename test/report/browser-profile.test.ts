/**
 * The text-metric profile in the HTML report, in a real Chromium: rows of different profiles ranked together
 * get the warning in the report's text banner (a warning banner) and each model its profile; beside the published
 * rows the runs are scored with the authors profile, and the published rows' banner says so.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { runCli, tempDir } from '../helpers.js';
import { haveChromium, launch, openReport, type Browser } from './chromium.js';

let browser: Browser;
let own: string;
let authors: string;

describe.skipIf(!haveChromium)('the text profile in the HTML report (Chromium)', () => {
  beforeAll(async () => {
    const cases = join(BUNDLED_CASES_DIR, 'urology.json');
    own = join(tempDir(), 'own');
    authors = join(tempDir(), 'authors');
    expect((await runCli('run', '--cases', cases, '--limit', '2', '--out', own)).code).toBe(0);
    expect((await runCli('run', '--cases', cases, '--limit', '2', '--profile', 'authors', '--out', authors)).code).toBe(0);
    browser = await launch();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('warns, in a warning banner, when the models were scored with different profiles', async () => {
    const file = join(tempDir(), 'mixed.html');
    expect((await runCli('report', own, authors, '--output', file, '--no-ci')).code).toBe(0);
    const { page, problems } = await openReport(browser, file);
    const banner = page.locator('#text-label');
    expect(await banner.innerText()).toContain('Warning: these rows were scored with different text-metric profiles (clinicallab, authors)');
    expect(await banner.getAttribute('class')).toContain('warn');
    const body = await page.locator('body').innerText();
    expect(body).toContain('text profile clinicallab');
    expect(body).toContain('text profile authors');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says one profile, without a warning, when all share it; beside the published rows it is authors', async () => {
    const file = join(tempDir(), 'reference.html');
    expect((await runCli('report', own, '--reference', '--output', file, '--no-ci')).code).toBe(0);
    const { page, problems } = await openReport(browser, file);
    const banner = page.locator('#text-label');
    expect(await banner.innerText()).toContain('Text metrics: profile authors');
    expect(await banner.innerText()).not.toContain('Warning');
    const ref = await page.locator('.banner.ref').innerText();
    expect(ref).toContain('their text scores were computed with the authors’ libraries (text profile authors).');
    expect(await page.locator('body').innerText()).toContain('scored with text profile authors, the default beside the published rows (--reference)');
    expect(problems).toEqual([]);
    await page.close();
  });
});
