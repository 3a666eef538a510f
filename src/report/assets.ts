/**
 * The charting library the HTML report inlines: Chart.js (UMD build) and its matrix plugin for the heatmaps,
 * read from the installed packages so the report needs no network. Source-map comments are dropped (there is
 * no map next to a report) and anything that could end the inline <script> early is escaped.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

let cached: { chart: string; matrix: string } | undefined;

/** Make a script's text safe to place between <script> and </script>. */
export function inlineScript(code: string): string {
  return code
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--');
}

/** The UMD builds of chart.js and chartjs-chart-matrix, as inline-safe text. */
export function chartAssets(): { chart: string; matrix: string } {
  if (cached) return cached;
  // the packages' `exports` do not list the UMD files: find them next to the entry points
  const chartDir = dirname(require.resolve('chart.js'));
  const matrixDir = dirname(require.resolve('chartjs-chart-matrix'));
  cached = {
    chart: inlineScript(readFileSync(join(chartDir, 'chart.umd.min.js'), 'utf8')),
    matrix: inlineScript(readFileSync(join(matrixDir, 'chartjs-chart-matrix.min.js'), 'utf8')),
  };
  return cached;
}
