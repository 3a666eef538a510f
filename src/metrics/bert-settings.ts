/**
 * The BERTScore part of a run's scoring settings (run/recorded.ts) given meaning: the model of each language,
 * its layer and rescaling in words, whether two settings name the same models, and the scorers they call for —
 * loaded for the text profile's BERTScore variant, each model once.
 */
import { LANGUAGES, type Language } from '../bench/language.js';
import type { BertscoreModel, ScoringSettings } from '../run/recorded.js';
import { bertscoreIdentity, builtInBaseline, createBertScorer, textProfile, type BertScore, type BertScorer, type TextProfileName } from './text/index.js';

export type BertSetting = ScoringSettings['bertscore'];

/** A language's scorer and the baseline its scores are rescaled with, as the scoring context holds them. */
export type BertByLanguage = Partial<Record<Language, { scorer: BertScorer; baseline?: BertScore }>>;

const isOneModel = (b: NonNullable<BertSetting>): b is BertscoreModel => typeof (b as BertscoreModel).dir === 'string';

/** The model of each language (one model recorded for every language counts for both). */
export function bertModels(b: BertSetting): Partial<Record<Language, BertscoreModel>> {
  if (!b) return {};
  if (isOneModel(b)) return Object.fromEntries(LANGUAGES.map((l) => [l, b]));
  return Object.fromEntries(LANGUAGES.filter((l) => b[l]).map((l) => [l, b[l]!]));
}

/** What decides the vectors and the rescaling of each language: equal keys, equal BERTScore components. */
export function bertKey(b: BertSetting): string {
  const m = bertModels(b);
  return JSON.stringify(LANGUAGES.map((l) => (m[l] ? [m[l].identity, m[l].layer ?? null, m[l].rescale ?? null] : null)));
}

function modelText(m: BertscoreModel): string {
  const parts = [`identity ${m.identity}`];
  if (m.layer !== undefined && m.layer !== null) parts.push(`layer ${m.layer}`);
  if (m.rescale === 'built-in') parts.push("rescaled with bert-score's baseline");
  else if (m.rescale) parts.push(`rescaled with the baseline of ${m.rescale.file}`);
  return `${m.dir} (${parts.join(', ')})`;
}

/** The models in words: `none` (or the words given for it), one model, or `zh: …; en: none`. */
export function bertText(b: BertSetting, none = 'none'): string {
  const m = bertModels(b);
  if (!m.zh && !m.en) return none;
  if (m.zh && m.en && JSON.stringify(m.zh) === JSON.stringify(m.en)) return modelText(m.zh);
  return LANGUAGES.map((l) => `${l}: ${m[l] ? modelText(m[l]) : none}`).join('; ');
}

/** The folder as the run recorded it, checked: still there, still the same model. */
function checkedDir(m: BertscoreModel): string {
  let identity: string;
  try {
    identity = bertscoreIdentity(m.dir);
  } catch (err) {
    throw new Error(`the BERTScore model this run is scored with (${m.dir}) cannot be used: ${(err as Error).message}. Give another with --bertscore-model <dir>, or --no-bertscore-model for BLEU + ROUGE-L only (the output says so)`);
  }
  if (identity !== m.identity) throw new Error(`${m.dir} no longer holds the BERTScore model this run is scored with (identity ${m.identity}, now ${identity}); give --bertscore-model ${m.dir} to score with the model it holds now (the output says so)`);
  return m.dir;
}

/** The baseline a language's scores are rescaled with, at the layer the scorer's vectors come from. */
function baselineOf(m: BertscoreModel, scorer: BertScorer, lang: Language): BertScore | undefined {
  if (!m.rescale) return undefined;
  if (scorer.layer === null) throw new Error(`${m.dir}: rescaling needs the layer the BERTScore vectors come from; give --bertscore-layer`);
  if (m.rescale === 'built-in') {
    const b = builtInBaseline(scorer.modelName, scorer.layer, lang);
    if (!b) {
      throw new Error(
        `no built-in baseline for ${scorer.modelName ?? `the model in ${m.dir}`} at layer ${scorer.layer} in ${lang} ` +
          `(built in: bert-base-chinese layer 8 for zh, roberta-large layer 17 for en); give bert-score's file with --bertscore-baseline`,
      );
    }
    return b;
  }
  const row = m.rescale.rows[String(scorer.layer)];
  if (!row) throw new Error(`${m.rescale.file}: the baseline file has no row for layer ${scorer.layer}, the layer the BERTScore vectors of ${m.dir} come from`);
  return row;
}

/** Load the scorers the settings name, for the profile's variant: a folder serving both languages is loaded once. */
export async function loadBertScorers(profile: TextProfileName, b: BertSetting): Promise<BertByLanguage> {
  const models = bertModels(b);
  const variant = textProfile(profile).bert;
  const loaded = new Map<string, Promise<BertScorer>>();
  const out: BertByLanguage = {};
  for (const lang of LANGUAGES) {
    const m = models[lang];
    if (!m) continue;
    const key = JSON.stringify([m.dir, m.layer ?? null]);
    let scorer = loaded.get(key);
    if (!scorer) {
      const dir = checkedDir(m);
      scorer = createBertScorer({ modelDir: dir, variant, ...(m.layer !== undefined && m.layer !== null ? { layer: m.layer } : {}) });
      loaded.set(key, scorer);
    }
    const s = await scorer;
    const baseline = baselineOf(m, s, lang);
    out[lang] = { scorer: s, ...(baseline ? { baseline } : {}) };
  }
  return out;
}
