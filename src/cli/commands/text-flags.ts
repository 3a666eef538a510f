/**
 * The text-metric flags `score` and `similarity` share: the profile, and the BERTScore model(s) with the layer
 * and baseline bert-score would use. A BERTScore flag takes one value for every language, or one per language:
 * `--bertscore-model zh=models/bert-base-chinese,en=models/roberta-large` (bert-score's default models).
 */
import type { Command } from 'commander';
import { LANGUAGES, type Language } from '../../bench/language.js';
import {
  builtInBaseline,
  createBertScorer,
  DEFAULT_TEXT_PROFILE,
  isTextProfileName,
  readBaselineFile,
  TEXT_PROFILES,
  textProfile,
  type BertScore,
  type BertScorer,
  type TextProfileName,
} from '../../metrics/text/index.js';
import { UsageError } from '../common.js';

export interface TextFlags {
  profile?: string;
  bertscoreModel?: string;
  bertscoreLayer?: string;
  bertscoreRescale?: boolean;
  bertscoreBaseline?: string;
}

export const PROFILE_HELP = `text-metric profile: ${TEXT_PROFILES.join(' or ')} (default ${DEFAULT_TEXT_PROFILE}; authors = sacrebleu 2.4.2, rouge 1.0.1 with jieba, bert-score 0.3.13, as the published figures)`;

/** --profile and the BERTScore flags besides --bertscore-model (which each command words for itself). */
export function textFlags(cmd: Command): Command {
  return cmd
    .option('--profile <name>', PROFILE_HELP)
    .option('--bertscore-layer <n>', 'layer the BERTScore vectors come from (the authors profile takes bert-score 0.3.13\'s layer for a model it knows: bert-base-chinese 8, roberta-large 17); zh=<n>,en=<n> per language')
    .option('--bertscore-rescale', "rescale BERTScore with bert-score's published baseline (built in for bert-base-chinese layer 8 and roberta-large layer 17)")
    .option('--bertscore-baseline <file>', "rescale BERTScore with the row of the layer in one of bert-score's baseline files (rescale_baseline/<lang>/<model>.tsv); zh=<file>,en=<file> per language");
}

/** The profile a command was given; an unknown name is a usage error. */
export function profileOf(flags: TextFlags): TextProfileName {
  const name = flags.profile ?? DEFAULT_TEXT_PROFILE;
  if (!isTextProfileName(name)) throw new UsageError(`--profile takes ${TEXT_PROFILES.join(' or ')}, not "${name}"`);
  return name;
}

/** `value` for every language, or `zh=…,en=…` for each; undefined where none is given. */
export function perLanguage(flag: string, value: string | undefined): Partial<Record<Language, string>> {
  if (value === undefined) return {};
  if (!/^(zh|en)=/.test(value)) return Object.fromEntries(LANGUAGES.map((l) => [l, value]));
  const out: Partial<Record<Language, string>> = {};
  for (const part of value.split(',')) {
    const m = /^(zh|en)=(.+)$/.exec(part.trim());
    if (!m) throw new UsageError(`${flag}: "${part}" should be zh=<value> or en=<value> (or give one value for both languages)`);
    if (out[m[1] as Language] !== undefined) throw new UsageError(`${flag}: ${m[1]} is given twice`);
    out[m[1] as Language] = m[2]!;
  }
  return out;
}

/** The BERTScore model of each language the flags name, loaded for the profile's variant, with its baseline. */
export async function bertFromFlags(flags: TextFlags, profile: TextProfileName): Promise<Partial<Record<Language, { scorer: BertScorer; baseline?: BertScore }>>> {
  const dirs = perLanguage('--bertscore-model', flags.bertscoreModel);
  const layers = perLanguage('--bertscore-layer', flags.bertscoreLayer);
  const baselines = perLanguage('--bertscore-baseline', flags.bertscoreBaseline);
  for (const [l, v] of Object.entries(layers)) if (!/^\d+$/.test(v)) throw new UsageError(`--bertscore-layer${Object.keys(layers).length < 2 ? '' : ` (${l})`} should be a whole number, not "${v}"`);
  if (Object.keys(dirs).length === 0) {
    if (flags.bertscoreLayer || flags.bertscoreRescale || flags.bertscoreBaseline) throw new UsageError('--bertscore-layer, --bertscore-rescale and --bertscore-baseline need --bertscore-model');
    return {};
  }
  const variant = textProfile(profile).bert;
  const loaded = new Map<string, BertScorer>(); // one model serving both languages is loaded once
  const out: Partial<Record<Language, { scorer: BertScorer; baseline?: BertScore }>> = {};
  for (const lang of LANGUAGES) {
    const dir = dirs[lang];
    if (dir === undefined) continue;
    const layer = layers[lang] === undefined ? undefined : Number(layers[lang]);
    const key = `${dir}\u0000${layer ?? ''}`;
    const scorer = loaded.get(key) ?? (await createBertScorer({ modelDir: dir, variant, ...(layer !== undefined ? { layer } : {}) }));
    loaded.set(key, scorer);
    let baseline: BertScore | undefined;
    if (baselines[lang] !== undefined) {
      if (scorer.layer === null) throw new UsageError(`--bertscore-baseline needs the layer the vectors come from: give --bertscore-layer`);
      baseline = readBaselineFile(baselines[lang], scorer.layer);
    } else if (flags.bertscoreRescale) {
      baseline = scorer.layer === null ? undefined : builtInBaseline(scorer.modelName, scorer.layer, lang);
      if (!baseline) {
        throw new UsageError(
          `--bertscore-rescale: no built-in baseline for ${scorer.modelName ?? 'this model'} at layer ${scorer.layer ?? '(last)'} in ${lang} ` +
            `(built in: bert-base-chinese layer 8 for zh, roberta-large layer 17 for en); give bert-score's file with --bertscore-baseline`,
        );
      }
    }
    out[lang] = { scorer, ...(baseline ? { baseline } : {}) };
  }
  return out;
}
