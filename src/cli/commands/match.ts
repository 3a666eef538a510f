/** `clinicallab match`: ask the diagnosis matcher about one pair, or about many pairs read from standard input. */
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { guessLanguage, type Language } from '../../bench/language.js';
import { createMatcher, type Matcher, type MatchResult } from '../../metrics/matcher/index.js';
import { paint, type Io } from '../io.js';
import { languageOption, UsageError } from '../common.js';

interface Options {
  lang?: string;
  json?: boolean;
}

/** An `Io` that may bring its own standard input (tests pass a stream); `process.stdin` otherwise. */
export interface MatchIo extends Io {
  stdin?: NodeJS.ReadableStream;
}

/** The one JSON shape printed per pair with --json. */
function jsonLine(r: MatchResult): string {
  return JSON.stringify({ match: r.match, rule: r.rule, score: r.score });
}

function verdict(io: Io, r: MatchResult): string {
  return r.match ? paint(io, 'green', 'match') : paint(io, 'red', 'no match');
}

function judge(matcher: Matcher, predicted: string, gold: string, fixed: Language | undefined): { r: MatchResult; lang: Language } {
  const lang = fixed ?? guessLanguage(`${gold} ${predicted}`);
  return { r: matcher.match(predicted, gold, lang), lang };
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
    const { r } = judge(matcher, fields[0]!, fields[1]!, lang);
    io.out(json ? jsonLine(r) : [r.match ? 'match' : 'no match', r.rule, String(r.score), r.explanation].join('\t'));
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
    .addHelpText(
      'after',
      `
With no arguments, reads standard input: one "predicted<TAB>gold" pair per line, one answer per line
(tab-separated verdict, rule, score and explanation; JSON lines with --json). Blank lines are skipped; a line
without exactly one tab gets an error line naming its number, and the exit status is then 1.

Rules, first that decides: empty, exact, lexicon, distinct, qualifier, containment, overlap, none
(docs/metrics.md explains each one).

Examples:
  clinicallab match "STEMI" "Acute inferior ST-elevation myocardial infarction"
  clinicallab match 甲亢 甲状腺功能亢进症 --json
  cut -f2,3 pairs.tsv | clinicallab match --json`,
    )
    .action(async (predicted: string | undefined, gold: string | undefined, opts: Options) => {
      const lang = languageOption(opts.lang);
      if (predicted !== undefined && gold === undefined) throw new UsageError('give both a predicted and a gold diagnosis, or neither to read pairs from standard input');
      const matcher = createMatcher();
      if (predicted === undefined || gold === undefined) {
        if (!(await batch(io as MatchIo, matcher, lang, opts.json ?? false))) setExit(1);
        return;
      }
      const { r, lang: used } = judge(matcher, predicted, gold, lang);
      if (opts.json) {
        io.out(jsonLine(r));
        return;
      }
      io.out(`${verdict(io, r)}  ${paint(io, 'dim', `rule ${r.rule} · score ${r.score} · ${used}${lang ? '' : ' (guessed)'}`)}`);
      io.out(r.explanation);
    });
}
