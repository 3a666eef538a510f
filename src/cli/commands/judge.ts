/** `clinicallab judge <run> --judge <spec…>`: the 4-dimension rating of every six-section answer in a run. */
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { DIMENSIONS, spearman, weightedKappa, type Dimension } from '../../metrics/judge4d.js';
import { judgeRun, type RatedAnswer } from '../../metrics/judge-run.js';
import { ResponseCache, defaultCacheDir } from '../../run/cache.js';
import { isRunDir } from '../../run/inspect.js';
import { RUNS_DIR } from '../../run/setup.js';
import { loadTemplates } from '../../tasks/templates.js';
import { table, type Io } from '../io.js';
import { taxonomyFrom, UsageError } from '../common.js';

interface Options {
  judge: string[];
  models?: string;
  limit?: string;
  retries?: string;
  human?: string;
  templates?: string;
  cache?: boolean;
  json?: boolean;
}

/** Human ratings: CSV with header model,uid,language,fluency,relevance,completeness,proficiency. */
export function parseHumanRatings(text: string, file: string): Map<string, Record<Dimension, number>> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim() !== '');
  const head = (lines.shift() ?? '').split(',').map((h) => h.trim().toLowerCase());
  const need = ['model', 'uid', 'language', ...DIMENSIONS];
  const missing = need.filter((n) => !head.includes(n));
  if (missing.length > 0) throw new UsageError(`${file}: the header lacks ${missing.join(', ')} (expected ${need.join(',')})`);
  const out = new Map<string, Record<Dimension, number>>();
  lines.forEach((line, i) => {
    const cells = line.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    const get = (n: string): string => cells[head.indexOf(n)] ?? '';
    const r = Object.fromEntries(DIMENSIONS.map((d) => [d, Number(get(d))])) as Record<Dimension, number>;
    const bad = DIMENSIONS.find((d) => !(r[d] >= 0 && r[d] <= 100));
    if (bad) throw new UsageError(`${file}: line ${i + 2}: \`${bad}\` should be a number from 0 to 100`);
    out.set(`${get('model')}\u0000${get('uid')}\u0000${get('language')}`, r);
  });
  return out;
}

function agreement(answers: readonly RatedAnswer[], human: Map<string, Record<Dimension, number>>): string[][] {
  const pairs = answers.flatMap((a) => {
    const h = human.get(`${a.model}\u0000${a.uid}\u0000${a.language}`);
    return h && a.ratings ? [[a.ratings, h] as const] : [];
  });
  const fmt = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
  return DIMENSIONS.map((d) => {
    const j = pairs.map((p) => p[0][d]);
    const h = pairs.map((p) => p[1][d]);
    return [d, String(pairs.length), fmt(spearman(j, h)), fmt(weightedKappa(j, h))];
  });
}

export function register(program: Command, io: Io): void {
  program
    .command('judge')
    .description('rate every six-section answer of a run on Fluency, Relevance, Completeness and Proficiency (0–100) with judge models')
    .argument('<run>', 'run directory (or its name under clinicallab-runs/)')
    .requiredOption('--judge <spec...>', 'judge model(s), e.g. openai:gpt-4o; several are averaged')
    .option('--models <list>', 'only these rated models (comma-separated ids)')
    .option('-n, --limit <n>', 'only the first n answers')
    .option('--retries <n>', 're-asks after an unreadable reply (default 2); then it counts as a judge error')
    .option('--human <csv>', 'human ratings (model,uid,language,fluency,relevance,completeness,proficiency) to report agreement with')
    .option('-t, --templates <dir>', 'folder with your own templates (judge-4d.txt) replacing the built-in ones')
    .option('--no-cache', 'do not reuse or store judge answers in the response cache')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      `
Each judge sees the case, the gold answer and the answer to rate, and answers four lines of 0–100 ratings;
overall = their mean. Ratings are stored in the run (resumable, cached). Agreement with human ratings is
Spearman's rank correlation and Cohen's kappa with quadratic weights over five bands (0–19, …, 80–100).`,
    )
    .action(async (run: string, opts: Options) => {
      const dir = isRunDir(run) ? run : `${RUNS_DIR}/${run}`;
      if (!isRunDir(dir)) throw new UsageError(`${run} is not a run directory`);
      const limit = opts.limit === undefined ? undefined : Number(opts.limit);
      const retries = opts.retries === undefined ? undefined : Number(opts.retries);
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) throw new UsageError('--limit should be a whole number ≥ 1');
      if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0)) throw new UsageError('--retries should be a whole number ≥ 0');
      const human = opts.human ? parseHumanRatings(await readFile(opts.human, 'utf8'), opts.human) : undefined;
      const cache = opts.cache === false ? undefined : new ResponseCache(defaultCacheDir());
      try {
        const r = await judgeRun({
          dir,
          judges: opts.judge,
          taxonomy: await taxonomyFrom(undefined),
          templates: await loadTemplates(opts.templates),
          ...(opts.models ? { models: opts.models.split(',').map((s) => s.trim()) } : {}),
          ...(limit !== undefined ? { limit } : {}),
          ...(retries !== undefined ? { retries } : {}),
          ...(cache ? { cache } : {}),
        });
        const agreementRows = human ? agreement(r.answers, human) : undefined;
        if (opts.json) {
          io.out(JSON.stringify({ models: r.models, answers: r.answers, ...(agreementRows ? { agreement: agreementRows.map(([dimension, n, rho, kappa]) => ({ dimension, n: Number(n), spearman: rho === '—' ? null : Number(rho), kappa: kappa === '—' ? null : Number(kappa) })) } : {}) }, null, 2));
          return;
        }
        const f = (x: number | null | undefined): string => (x === null || x === undefined ? '—' : x.toFixed(2));
        io.out(table(['model', 'rated', 'Fluency', 'Relevance', 'Completeness', 'Proficiency', 'Overall', 'judge errors'], r.models.map((m) => [m.model, String(m.n), f(m.ratings?.fluency), f(m.ratings?.relevance), f(m.ratings?.completeness), f(m.ratings?.proficiency), f(m.overall), String(m.judgeErrors)]), [1, 2, 3, 4, 5, 6, 7]));
        if (agreementRows) {
          io.out('\nAgreement with the human ratings:');
          io.out(table(['dimension', 'n', 'Spearman ρ', 'weighted κ'], agreementRows, [1, 2, 3]));
        }
      } finally {
        cache?.close();
      }
    });
}
