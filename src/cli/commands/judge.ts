/** `clinicallab rate <run> --model <spec>` (formerly `judge … --judge`): the 4-dimension rating of every six-section answer in a run. */
import type { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { readCsv } from '../../bench/import/csv.js';
import { DIMENSIONS, overall, spearman, weightedKappa, type Dimension } from '../../metrics/judge4d.js';
import type { RatedAnswer } from '../../metrics/judge-run.js';
import { rateAnswers, runDirOf } from '../../metrics/rate-answers.js';
import { InvalidOptions } from '../../run/evaluation.js';
import { paint, table, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { addSamplingOptions, cacheFrom, number, samplingSettings, type SamplingFlags } from './model-flags.js';

/** What the built-in baseline's ratings are (see src/models/baseline/judge.ts). */
const BASELINE_JUDGE_NOTE =
  'baseline ratings are heuristics, not a clinical judgement: fluency from well-formedness, relevance from overlap with the case and reference, completeness from section coverage and reference terms, proficiency from principal-diagnosis agreement and knowledge-base terminology';

interface Options extends SamplingFlags {
  model?: string;
  rater?: string[];
  /** The old name of --rater, still taken. */
  judge?: string[];
  models?: string;
  limit?: string;
  retries?: string;
  human?: string;
  templates?: string;
  cache?: boolean;
  cacheDir?: string;
  maxCost?: string;
  json?: boolean;
}

/**
 * Human ratings: a CSV file (comma, semicolon or tab; quoted cells as spreadsheets write them) with the columns
 * model, uid, language, fluency, relevance, completeness, proficiency (any order, any case).
 */
export function parseHumanRatings(text: string, file: string): Map<string, Record<Dimension, number>> {
  const csv = readCsv(text);
  const column = new Map(csv.columns.map((c) => [c.trim().toLowerCase(), c]));
  const need = ['model', 'uid', 'language', ...DIMENSIONS];
  const missing = need.filter((n) => !column.has(n));
  if (missing.length > 0) throw new UsageError(`${file}: the header lacks ${missing.join(', ')} (expected ${need.join(',')})`);
  const out = new Map<string, Record<Dimension, number>>();
  for (const row of csv.rows) {
    if (!row.value) throw new UsageError(`${file}: line ${row.line}: ${row.error ?? 'cannot be read'}`);
    const get = (n: string): string => (row.value![column.get(n)!] ?? '').trim();
    if (need.every((n) => get(n) === '')) continue; // a blank line
    const r = Object.fromEntries(DIMENSIONS.map((d) => [d, get(d) === '' ? NaN : Number(get(d))])) as Record<Dimension, number>;
    const bad = DIMENSIONS.find((d) => !(r[d] >= 0 && r[d] <= 100));
    if (bad) throw new UsageError(`${file}: line ${row.line}: \`${bad}\` should be a number from 0 to 100`);
    out.set(`${get('model')}\u0000${get('uid')}\u0000${get('language')}`, r);
  }
  return out;
}

function agreement(answers: readonly RatedAnswer[], human: Map<string, Record<Dimension, number>>): string[][] {
  const pairs = answers.flatMap((a) => {
    const h = human.get(`${a.model}\u0000${a.uid}\u0000${a.language}`);
    return h && a.ratings ? [[a.ratings, h] as const] : [];
  });
  const fmt = (x: number | null): string => (x === null ? '—' : x.toFixed(3));
  const row = (name: string, j: number[], h: number[]): string[] => [name, String(pairs.length), fmt(spearman(j, h)), fmt(weightedKappa(j, h))];
  return [
    ...DIMENSIONS.map((d) => row(d, pairs.map((p) => p[0][d]), pairs.map((p) => p[1][d]))),
    // overall: the mean of the four dimensions, the judge's against the humans'
    row('overall', pairs.map((p) => overall(p[0])), pairs.map((p) => overall(p[1]))),
  ];
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  const cmd = program
    .command('rate')
    .alias('judge')
    .description('rate every six-section answer of a run on Fluency, Relevance, Completeness and Proficiency (0–100) with rater models (the 4-dimension rating; formerly `judge`)')
    .argument('<run>', 'run directory (or its name under clinicallab-runs/)')
    .option('-m, --model <spec>', 'the rater model (every rater role), e.g. openai:gpt-4o; baseline rates with documented heuristics')
    .option('--rater <spec...>', 'rater model(s), overriding --model; several are averaged')
    .option('--judge <spec...>', 'the old name of --rater (still taken)')
    .option('--models <list>', 'only the answers of these rated models (comma-separated ids)')
    .option('-n, --limit <n>', 'only the first n answers')
    .option('--retries <n>', 're-asks after an unreadable reply (default 2); then it counts as a judge error')
    .option('--human <csv>', 'human ratings (model,uid,language,fluency,relevance,completeness,proficiency) to report agreement with')
    .option('-t, --templates <dir>', 'folder with your own templates (judge-4d.txt) replacing the built-in ones')
    .option('--no-cache', 'do not reuse or store ratings in the response cache')
    .option('--cache-dir <dir>', 'response cache folder (default ~/.cache/clinicallab)')
    .option('--max-cost <usd>', "start no new rating once the run's cost (its stored answers included, as for run) would pass this; needs a price for every rater model")
    .option('--json', 'print JSON');
  addSamplingOptions(cmd, 'requests in flight per rater model (default 4, or the config\'s)')
    .addHelpText(
      'after',
      `
Each rater sees the case, the gold answer and the answer to rate, and answers four lines of 0–100 ratings;
overall = their mean. Ratings are stored in the run (resumable, cached). Agreement with human ratings is
Spearman's rank correlation and Cohen's kappa with quadratic weights over five bands (0–19, …, 80–100), per
dimension and for the overall rating. Rater models take their settings from the config file, as in a run.
--model baseline works offline: ${BASELINE_JUDGE_NOTE}.

Names: this is the 4-dimension rater, not the matcher's judge (score/match --match-judge, a model deciding
whether two diagnoses name one disease). \`clinicallab judge … --judge <spec…>\` still works as before.`,
    )
    .action(async (run: string, opts: Options) => {
      const limit = opts.limit === undefined ? undefined : Number(opts.limit);
      const retries = opts.retries === undefined ? undefined : Number(opts.retries);
      const { config: fileConfig, flags } = samplingSettings(opts);
      const maxCost = number('--max-cost', opts.maxCost, { min: 0 });
      const raters = opts.rater ?? opts.judge;
      const options = {
        run, config: fileConfig, sampling: flags,
        ...(raters ? { raters } : {}),
        ...(opts.model !== undefined ? { model: opts.model } : {}),
        ...(opts.models ? { models: opts.models.split(',').map((s) => s.trim()) } : {}),
        ...(limit !== undefined ? { limit } : {}),
        ...(retries !== undefined ? { retries } : {}),
        ...(opts.templates !== undefined ? { templates: opts.templates } : {}),
        ...(maxCost !== undefined ? { maxCost } : {}),
      };
      const usage = (err: unknown): never => {
        throw err instanceof InvalidOptions ? new UsageError(err.message) : err;
      };
      try {
        runDirOf(run);
      } catch (err) {
        usage(err);
      }
      const human = opts.human ? parseHumanRatings(await readFile(opts.human, 'utf8'), opts.human) : undefined;
      const cache = cacheFrom(fileConfig, opts.cache, opts.cacheDir, (m) => io.err(`warning: ${m}`));
      try {
        const r = await rateAnswers({ ...options, ...(cache ? { cache } : {}) }).catch(usage);
        if (r.budgetReached) {
          io.err(paint(io, 'yellow', `budget reached (--max-cost $${maxCost ?? fileConfig.maxCost}): ${r.unrated} answer${r.unrated === 1 ? '' : 's'} left unrated; run the same command again with a higher budget to rate them`));
          setExit(1);
        }
        const heuristic = r.raters.filter((x) => x.heuristic).map((x) => x.spec);
        const agreementRows = human ? agreement(r.answers, human) : undefined;
        if (opts.json) {
          io.out(JSON.stringify({ judges: r.raters, models: r.models, answers: r.answers, ...(agreementRows ? { agreement: agreementRows.map(([dimension, n, rho, kappa]) => ({ dimension, n: Number(n), spearman: rho === '—' ? null : Number(rho), kappa: kappa === '—' ? null : Number(kappa) })) } : {}) }, null, 2));
          return;
        }
        const f = (x: number | null | undefined): string => (x === null || x === undefined ? '—' : x.toFixed(2));
        if (heuristic.length > 0) io.out(paint(io, 'yellow', `Note: ${BASELINE_JUDGE_NOTE}.`));
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
