/**
 * The text-metric flags of `run`, `score`, `leaderboard`, `report`, `view` and `similarity`: the profile, and the
 * BERTScore model(s) with the layer and baseline bert-score would use — checked, and made into the profile and
 * BERTScore parts of a scoring override (metrics/settings.ts), which a run records. A BERTScore flag takes one value for every language, or one per language:
 * `--bertscore-model zh=models/bert-base-chinese,en=models/roberta-large` (bert-score's default models).
 */
import type { Command } from 'commander';
import { LANGUAGES, type Language } from '../../bench/language.js';
import { resolve } from 'node:path';
import { bertscoreIdentity, DEFAULT_TEXT_PROFILE, isTextProfileName, readBaselineRows, TEXT_PROFILES, type BertScore, type TextProfileName } from '../../metrics/text/index.js';
import type { BertSetting } from '../../metrics/bert-settings.js';
import type { ScoringOverride } from '../../metrics/settings.js';
import type { BertscoreModel } from '../../run/recorded.js';
import { UsageError } from '../common.js';

export interface TextFlags {
  profile?: string;
  /** A folder, or zh=<dir>,en=<dir>; false with --no-bertscore-model. */
  bertscoreModel?: string | false;
  bertscoreLayer?: string;
  bertscoreRescale?: boolean;
  bertscoreBaseline?: string;
}

const PROFILES_TEXT = `${TEXT_PROFILES.join(' or ')}; authors = sacrebleu 2.4.2, rouge 1.0.1 with jieba, bert-score 0.3.13, as the published figures`;
/** The --profile help of commands that score runs: their default is each run's own. */
export const RUN_PROFILE_HELP = `text-metric profile: ${PROFILES_TEXT} (default: the one the run recorded, ${DEFAULT_TEXT_PROFILE} for a new run; beside the published rows, --reference, authors)`;
export const PAIRS_PROFILE_HELP = `text-metric profile: ${PROFILES_TEXT} (default ${DEFAULT_TEXT_PROFILE})`;

/** --profile and the BERTScore flags besides --bertscore-model (which each command words for itself). */
export function textFlags(cmd: Command, profileHelp = RUN_PROFILE_HELP): Command {
  return cmd
    .option('--profile <name>', profileHelp)
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

/** The BERTScore setting the flags give: undefined without --bertscore-model, null with --no-bertscore-model. */
export function bertscoreOf(flags: TextFlags): BertSetting | undefined {
  const layers = perLanguage('--bertscore-layer', flags.bertscoreLayer);
  const baselines = perLanguage('--bertscore-baseline', flags.bertscoreBaseline);
  const perLang = /^(zh|en)=/.test(flags.bertscoreLayer ?? '');
  for (const [l, v] of Object.entries(layers)) if (!/^\d+$/.test(v)) throw new UsageError(`--bertscore-layer${perLang ? ` (${l})` : ''} should be a whole number, not "${v}"`);
  const extras = flags.bertscoreLayer !== undefined || flags.bertscoreRescale || flags.bertscoreBaseline !== undefined;
  if (flags.bertscoreModel === false) {
    if (extras) throw new UsageError('--bertscore-layer, --bertscore-rescale and --bertscore-baseline cannot go with --no-bertscore-model');
    return null;
  }
  if (flags.bertscoreModel === undefined) {
    if (extras) throw new UsageError('--bertscore-layer, --bertscore-rescale and --bertscore-baseline need --bertscore-model');
    return undefined;
  }
  if (flags.bertscoreRescale && flags.bertscoreBaseline !== undefined) throw new UsageError('give --bertscore-rescale (bert-score\'s built-in baseline) or --bertscore-baseline <file>, not both');
  const dirs = perLanguage('--bertscore-model', flags.bertscoreModel);
  const models: Partial<Record<Language, BertscoreModel>> = {};
  const identities = new Map<string, string>();
  const tables = new Map<string, Record<string, BertScore>>();
  for (const lang of LANGUAGES) {
    const given = dirs[lang];
    if (given === undefined) continue;
    const dir = resolve(given);
    let identity = identities.get(dir);
    if (identity === undefined) {
      identity = bertscoreIdentity(dir); // not a model folder: an error naming the folder and the file it lacks
      identities.set(dir, identity);
    }
    const file = baselines[lang];
    let rows = file === undefined ? undefined : tables.get(file);
    if (file !== undefined && !rows) {
      rows = readBaselineRows(file); // errors name the file and the line
      tables.set(file, rows);
    }
    const layer = layers[lang] === undefined ? null : Number(layers[lang]);
    models[lang] = { dir, identity, layer, rescale: rows ? { file: resolve(file!), rows } : flags.bertscoreRescale ? 'built-in' : null };
  }
  for (const l of LANGUAGES) if (baselines[l] !== undefined && !models[l]) throw new UsageError(`--bertscore-baseline names a file for ${l}, which has no --bertscore-model`);
  // one model for both languages is recorded as one (the shape runs have recorded from the start)
  if (models.zh && models.en && JSON.stringify(models.zh) === JSON.stringify(models.en)) return models.zh;
  return models;
}

/** The profile and BERTScore parts of a scoring override, from the flags (checked: usage errors name the flag). */
export function textOverrideOf(flags: TextFlags): Pick<ScoringOverride, 'profile' | 'bertscore'> {
  const bertscore = bertscoreOf(flags);
  return { ...(flags.profile !== undefined ? { profile: profileOf(flags) } : {}), ...(bertscore !== undefined ? { bertscore } : {}) };
}
