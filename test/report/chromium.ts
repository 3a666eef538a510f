/**
 * Real Chromium for the browser tests (playwright-core and the system's /usr/bin/chromium, or the build named by
 * CLINICALLAB_CHROMIUM): a persistent context that lets only file: URLs through, and a page opener that records
 * console errors and warnings and waits until the report has rendered.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CLINICALLAB_CHROMIUM ?? '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  /** Every non-file URL a page asked for (all refused). */
  blocked: string[];
  close(): Promise<void>;
}

export async function launch(): Promise<Browser> {
  const userData = mkdtempSync(join(tmpdir(), 'clinicallab-chromium-'));
  const context = await chromium.launchPersistentContext(userData, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1400, height: 900 } });
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    blocked.push(url);
    return route.abort();
  });
  return {
    context,
    blocked,
    close: async () => {
      await context.close();
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

export interface Opened {
  page: Page;
  problems: string[];
}

export async function openReport(b: Browser, path: string): Promise<Opened> {
  const page = await b.context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(pathToFileURL(path).href);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 });
  return { page, problems };
}

export const rowCount = (page: Page): Promise<number> => page.locator('#cases-body tr[data-row]').count();
export const countText = (page: Page): Promise<string> => page.locator('#cases-count').innerText();
