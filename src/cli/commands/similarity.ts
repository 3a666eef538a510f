/**
 * `clinicallab similarity --pairs <file.jsonl>`: the text-similarity score (BLEU, ROUGE-L, BERTScore and their
 * mean) of many reference/hypothesis pairs, with a chosen text profile — for users who want the figures of their
 * own texts, and for checking a profile against its reference libraries.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parseLanguage, type Language } from '../../bench/language.js';
import { textSimilarityBatch, type TextSimilarity } from '../../metrics/text/index.js';
import { profileLines } from '../../report/profile-text.js';
import { paint, type Io } from '../io.js';
import { UsageError } from '../common.js';
import { loadBertScorers } from '../../metrics/bert-settings.js';
import { bertscoreOf, PAIRS_PROFILE_HELP, profileOf, textFlags, type TextFlags } from './text-flags.js';

interface Options extends TextFlags {
  pairs?: string;
}

interface Pair {
  line: number;
  id?: unknown;
  lang: Language;
  reference: string;
  hypothesis: string;
}

const KNOWN = new Set(['reference', 'hypothesis', 'lang', 'id']);

/** The pairs of a JSON Lines file; every bad record is reported with its line and field, and nothing is scored. */
export function readPairs(file: string): { pairs: Pair[]; ignored: Map<string, number> } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`${file}: cannot be read (${(e as Error).message})`);
  }
  const pairs: Pair[] = [];
  const problems: string[] = [];
  const ignored = new Map<string, number>();
  text.replace(/^\uFEFF/, '').split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    let rec: unknown;
    try {
      rec = JSON.parse(raw);
    } catch (e) {
      problems.push(`${file}: line ${line}: not JSON (${(e as Error).message})`);
      return;
    }
    if (rec === null || typeof rec !== 'object' || Array.isArray(rec)) {
      problems.push(`${file}: line ${line}: should be a JSON object with "reference", "hypothesis" and "lang"`);
      return;
    }
    const r = rec as Record<string, unknown>;
    const bad: string[] = [];
    for (const f of ['reference', 'hypothesis'] as const) if (typeof r[f] !== 'string') bad.push(`field "${f}" ${f in r ? `should be a string, not ${JSON.stringify(r[f])}` : 'is missing'}`);
    const lang = parseLanguage(r.lang);
    if (!lang) bad.push(`field "lang" ${'lang' in r ? `should be zh or en, not ${JSON.stringify(r.lang)}` : 'is missing'}`);
    if (bad.length) {
      problems.push(...bad.map((b) => `${file}: line ${line}${r.id !== undefined ? ` (id ${JSON.stringify(r.id)})` : ''}: ${b}`));
      return;
    }
    for (const k of Object.keys(r)) if (!KNOWN.has(k)) ignored.set(k, (ignored.get(k) ?? 0) + 1);
    pairs.push({ line, ...(r.id !== undefined ? { id: r.id } : {}), lang: lang!, reference: r.reference as string, hypothesis: r.hypothesis as string });
  });
  if (problems.length) {
    const shown = problems.slice(0, 20);
    throw new Error(`${problems.length} bad record${problems.length === 1 ? '' : 's'}, nothing scored:\n  ${shown.join('\n  ')}${problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : ''}`);
  }
  return { pairs, ignored };
}

/** One output line: the pair's figures (×100, full precision). */
function outputLine(p: Pair, s: TextSimilarity): string {
  return JSON.stringify({
    line: p.line,
    ...(p.id !== undefined ? { id: p.id } : {}),
    lang: p.lang,
    profile: s.profile,
    bleu: s.bleu,
    rouge_l: s.rouge,
    ...(s.bertscore !== null ? { bertscore: s.bertscore } : {}),
    mean: s.score,
    components: s.components,
    ...(s.notes ? { notes: s.notes } : {}),
  });
}

export function register(program: Command, io: Io): void {
  textFlags(
    program
      .command('similarity')
      .description('BLEU, ROUGE-L and BERTScore (with a model) of reference/hypothesis pairs, one JSON line per pair')
      .requiredOption('--pairs <file.jsonl>', 'JSON Lines: {"reference": …, "hypothesis": …, "lang": "zh" | "en"} per line ("id" is echoed)')
      .option('--bertscore-model <dir>', 'local BERTScore model folder, or zh=<dir>,en=<dir> one per language; without it the mean is of BLEU and ROUGE-L'),
    PAIRS_PROFILE_HELP,
  )
    .addHelpText(
      'after',
      `
Each output line has the input line number (and "id" when given), lang, profile, bleu, rouge_l, bertscore (with a
model) and mean, all ×100 at full precision, and "notes" where the profile's reference library raises on the
pair (the authors profile: rouge 1.0.1 on an empty side or a too-long text; docs/metrics.md says what is taken).
A summary goes to standard error. Pairs are scored as given: an empty reference is scored, not skipped.

Examples:
  clinicallab similarity --pairs pairs.jsonl --profile authors
  clinicallab similarity --pairs pairs.jsonl --profile authors --bertscore-model zh=models/bert-base-chinese,en=models/roberta-large`,
    )
    .action(async (opts: Options) => {
      const profile = profileOf(opts);
      const { pairs, ignored } = readPairs(opts.pairs!);
      const bert = await loadBertScorers(profile, bertscoreOf(opts) ?? null);
      const results = new Array<TextSimilarity>(pairs.length);
      for (const lang of ['zh', 'en'] as const) {
        const mine = pairs.map((p, i) => ({ p, i })).filter((x) => x.p.lang === lang);
        if (mine.length === 0) continue;
        const own = bert[lang];
        const scored = await textSimilarityBatch(
          mine.map((x) => [x.p.hypothesis, x.p.reference] as const),
          lang,
          { profile, ...(own ? { bert: own.scorer } : {}), ...(own?.baseline ? { baseline: own.baseline } : {}) },
        );
        mine.forEach((x, k) => (results[x.i] = scored[k]!));
        if (!own && Object.keys(bert).length > 0) io.err(paint(io, 'yellow', `warning: no BERTScore model for ${lang}: its ${mine.length} pair(s) are BLEU + ROUGE-L only`));
      }
      for (const [i, p] of pairs.entries()) io.out(outputLine(p, results[i]!));
      for (const s of new Set(Object.values(bert).map((b) => b.scorer))) await s.dispose();
      const notes: Record<string, number> = {};
      for (const r of results) for (const n of r.notes ?? []) notes[n] = (notes[n] ?? 0) + 1;
      const byLang = (['zh', 'en'] as const).map((l) => `${l} ${pairs.filter((p) => p.lang === l).length}`).join(', ');
      io.err(paint(io, 'dim', `${pairs.length} pair${pairs.length === 1 ? '' : 's'} scored (${byLang}).`));
      for (const line of profileLines([profile], notes)) io.err(paint(io, 'dim', line));
      if (ignored.size) io.err(paint(io, 'dim', `Fields not used: ${[...ignored].map(([k, n]) => `"${k}" (${n} record${n === 1 ? '' : 's'})`).join(', ')}.`));
    });
}
