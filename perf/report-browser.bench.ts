/**
 * The HTML report in a real Chromium: how long a large report takes to load, to filter and to turn a page.
 *
 *   npx tsx perf/report-browser.bench.ts                    # 1,500 records × 2 models, 5 rounds
 *   npx tsx perf/report-browser.bench.ts --records 6000 --rounds 3
 *
 * The report is the one test/report/browser-data.test.ts checks (test/support/large-report.ts: a real run of two
 * models over the bundled urology and neurology records, copied with a letter substitution per copy until there
 * are the records asked for). Each round opens it in a new tab of one headless Chromium (playwright-core, the
 * system's /usr/bin/chromium or the build named by CLINICALLAB_CHROMIUM) and times, from this process:
 *  - load: from asking for the file until the page says it has rendered (`body[data-ready="1"]`);
 *  - filter: choosing a task and an outcome in the case filters until the row count shows the filtered total;
 *  - page turn: one click on "next" until the page number has moved on (the mean of 5 turns).
 * Without Chromium it says so and ends without figures (exit code 0), so `npm run bench` still runs the others.
 */
import { statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { CHROMIUM, haveChromium, launch, openReport } from '../test/report/chromium.js';
import { writeLargeReport } from '../test/support/large-report.js';
import { option } from './options.js';

const TURNS = 5;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  if (!haveChromium) {
    console.log(`report-browser: skipped: no Chromium at ${CHROMIUM} (install it, or name one with CLINICALLAB_CHROMIUM)`);
    return;
  }
  const records = option('records', 1500);
  const rounds = option('rounds', 5);
  const built = performance.now();
  const { vm, file } = await writeLargeReport(records);
  const buildMs = performance.now() - built;
  const all = vm.rows.length;
  const filtered = vm.rows.filter((r) => r.task === 'basis' && r.status === 'scored').length;
  const pages = Math.ceil(filtered / 50);
  if (pages <= TURNS) throw new Error(`report-browser: only ${pages} pages after filtering; ask for more --records`);
  const mib = statSync(file).size / 2 ** 20;
  console.log(`HTML report: ${vm.cases.length} records × ${vm.models.length} models, ${all} rows, ${mib.toFixed(1)} MiB (built and written in ${(buildMs / 1000).toFixed(1)} s)`);
  console.log(`Chromium ${CHROMIUM}; ${cpus().length} cores; load average ${loadavg()[0]!.toFixed(1)} at the start`);

  const browser = await launch();
  const load: number[] = [];
  const filter: number[] = [];
  const turn: number[] = [];
  try {
    for (let round = 0; round < rounds; round++) {
      const t0 = performance.now();
      const { page, problems } = await openReport(browser, file);
      load.push(performance.now() - t0);
      // the page's own code, as text: this process has no DOM types
      const count = (text: string) => page.waitForFunction(`document.getElementById('cases-count')?.textContent?.includes(${JSON.stringify(text)})`, undefined, { timeout: 60_000 });
      await count(`${all} of ${all} rows`);

      const t1 = performance.now();
      await page.selectOption('#f-task', 'basis');
      await page.selectOption('#f-outcome', 'scored');
      await count(`${filtered} of ${all} rows`);
      filter.push(performance.now() - t1);

      const t2 = performance.now();
      for (let i = 0; i < TURNS; i++) {
        await page.click('#cases-next');
        await count(`page ${i + 2} of ${pages}`);
      }
      turn.push((performance.now() - t2) / TURNS);
      if (problems.length) throw new Error(`report-browser: the page reported problems: ${problems.join('; ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  const line = (label: string, xs: number[]) => console.log(`${label.padEnd(10)} median ${median(xs).toFixed(0).padStart(6)} ms   min ${Math.min(...xs).toFixed(0).padStart(6)} ms   max ${Math.max(...xs).toFixed(0).padStart(6)} ms`);
  console.log(`${rounds} rounds, each in a new tab:`);
  line('load', load);
  line('filter', filter);
  line('page turn', turn);
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
}

await main();
