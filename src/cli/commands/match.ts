/** `clinicallab match`: ask the diagnosis matcher about one pair, or about many pairs read from standard input. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { guessLanguage, type Language } from '../../bench/language.js';
import { createMatcher, DEFAULT_OVERLAP_THRESHOLD, type JudgedMatchResult, type Matcher } from '../../metrics/matcher/index.js';
import { paint, type Io } from '../io.js';
import { languageOption, UsageError } from '../common.js';
import { matchJudge } from '../../metrics/match-judge.js';
import { matcherOptionsOf } from './score-exec.js';

interface Options {
  lang?: string;
  json?: boolean;
  threshold?: string;
  judge?: string;
  matchJudge?: string;
  broaderPrediction?: string;
  narrowerPrediction?: boolean;
}

/** An `Io` that may bring its own standard input (tests pass a stream); `process.stdin` otherwise. */
export interface MatchIo extends Io {
  stdin?: NodeJS.ReadableStream;
}

/** The one JSON shape printed per pair with --json (match is null for a judge error). */
function jsonLine(r: JudgedMatchResult): string {
  return JSON.stringify({ match: r.match, rule: r.rule, score: r.score });
}

function verdict(io: Io, r: JudgedMatchResult): string {
  return r.match === null ? paint(io, 'yellow', 'judge error') : r.match ? paint(io, 'green', 'match') : paint(io, 'red', 'no match');
}

/** The rules; with a judge, what they leave undecided goes to it. */
async function judge(matcher: Matcher, predicted: string, gold: string, fixed: Language | undefined): Promise<{ r: JudgedMatchResult; lang: Language }> {
  const lang = fixed ?? guessLanguage(`${gold} ${predicted}`);
  return { r: await matcher.matchWithJudge(predicted, gold, lang), lang }; // without a judge: the rules alone
}

/** Batch mode: one `predicted<TAB>gold` pair per line; one answer line per pair; blank lines are skipped. */
async function batch(io: MatchIo, matcher: Matcher, lang: Language | undefined, json: boolean): Promise<boolean> {
  const input = io.stdin ?? process.stdin;
  if (input === process.stdin && process.stdin.isTTY) io.err(paint(io, 'dim', 'reading predicted<TAB>gold lines from standard input (end with Ctrl-D)'));
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  let ok = true;
  let n = 0;
  for await (const raw of lines) {
    n++;
    const line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    const fields = line.split('\t');
    if (fields.length !== 2) {
      ok = false;
      const message = `line ${n}: expected "predicted<TAB>gold", found ${fields.length} field${fields.length === 1 ? '' : 's'}`;
      io.out(json ? JSON.stringify({ error: message }) : `${paint(io, 'red', 'error')}: ${message}`);
      continue;
    }
    const { r } = await judge(matcher, fields[0]!, fields[1]!, lang);
    if (r.match === null) ok = false;
    io.out(json ? jsonLine(r) : [r.match === null ? 'judge error' : r.match ? 'match' : 'no match', r.rule, String(r.score), r.explanation].join('\t'));
  }
  return ok;
}

export function register(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command('match')
    .description('does a predicted diagnosis name the gold disease? prints the verdict, the deciding rule and why')
    .argument('[predicted]', 'the predicted diagnosis')
    .argument('[gold]', 'the gold (reference) diagnosis')
    .option('-l, --lang <lang>', 'case language, zh or en (default: guessed from the text)')
    .option('--json', 'print {"match": …, "rule": …, "score": …} (one JSON line per pair)')
    .option('--threshold <t>', `Dice threshold of the overlap rule, above 0 and at most 1 (default ${DEFAULT_OVERLAP_THRESHOLD})`)
    .option('--broader-prediction <policy>', 'does a prediction broader than the gold count: never, usual (default: only when the gold is the usual form of it) or always')
    .option('--no-narrower-prediction', 'a prediction narrower (more specific) than the gold does not count')
    .option('--match-judge <spec>', "the matcher's judge: a model that decides the pairs the rules leave open (e.g. openai:gpt-4o-mini); an unreadable reply is a judge error")
    .option('--judge <spec>', 'the old name of --match-judge (still taken)')
    .addHelpText(
      'after',
      `
With no arguments, reads standard input: one "predicted<TAB>gold" pair per line, one answer per line
(tab-separated verdict, rule, score and explanation; JSON lines with --json). Blank lines are skipped; a line
without exactly one tab gets an error line naming its number, and the exit status is then 1.

Rules, first that decides: empty, exact, lexicon, distinct, broader / narrower (the policy refuses the
lexicon's relation), qualifier, containment, overlap, none (docs/metrics.md explains each one). With
--match-judge, a "none" verdict goes to the judge (rule judge, or judge-error with match null and exit status
1). The matcher's judge decides one pair of names; it is not the 4-dimension rater of clinicallab rate.

Examples:
  clinicallab match "STEMI" "Acute inferior ST-elevation myocardial infarction"
  clinicallab match 甲亢 甲状腺功能亢进症 --json
  clinicallab match Leukaemia "Acute myeloid leukaemia" --broader-prediction always
  cut -f2,3 pairs.tsv | clinicallab match --json`,
    )
    .action(async (predicted: string | undefined, gold: string | undefined, opts: Options) => {
      const lang = languageOption(opts.lang);
      if (predicted !== undefined && gold === undefined) throw new UsageError('give both a predicted and a gold diagnosis, or neither to read pairs from standard input');
      // the same checks and the same judge (and judge cache) as `clinicallab score`
      const options = matcherOptionsOf({
        ...(opts.threshold !== undefined ? { matchThreshold: opts.threshold } : {}),
        ...(opts.broaderPrediction !== undefined ? { broaderPrediction: opts.broaderPrediction } : {}),
        ...(opts.narrowerPrediction === false ? { narrowerPrediction: false } : {}),
      }, '--threshold');
      const judgeSpec = opts.matchJudge ?? opts.judge;
      const judgeFn = judgeSpec ? await matchJudge(judgeSpec) : undefined;
      const matcher = createMatcher({ ...options, ...(judgeFn ? { judge: judgeFn } : {}) });
      if (predicted === undefined || gold === undefined) {
        if (!(await batch(io as MatchIo, matcher, lang, opts.json ?? false))) setExit(1);
        return;
      }
      const { r, lang: used } = await judge(matcher, predicted, gold, lang);
      if (r.match === null) setExit(1);
      if (opts.json) {
        io.out(jsonLine(r));
        return;
      }
      io.out(`${verdict(io, r)}  ${paint(io, 'dim', `rule ${r.rule} · score ${r.score} · ${used}${lang ? '' : ' (guessed)'}`)}`);
      io.out(r.explanation);
    });
}
