/**
 * The diagnosis matcher behind the PD and FD scores ("robust synonym alignment" in the paper, never published):
 * does a predicted diagnosis name the gold disease? Pure, synchronous and explained. Rules, first that decides
 * (docs/metrics.md has the policy behind each):
 *
 *  exact        equal after `basicNormalise` (case, width, punctuation, spelling, list markers) → 1.0
 *  empty        the prediction (or gold) has nothing left after normalisation → no match; two names that state
 *               only a stage or class (心功能Ⅲ级 / NYHA Ⅲ级) are compared by it
 *  lexicon      both readings fall in one concept group of the lexicon → 0.95 (0.9 via a cause/alias reading);
 *               or the prediction names a narrower concept (more specific: "AML" for "leukaemia", an acute
 *               exacerbation of the gold disease) → 0.9 unless `narrowerPrediction` is false; or a broader one
 *               ("leukaemia" for "AML") → 0.9 only as `broaderPrediction` allows: 'usual' (default) when the gold is
 *               marked in the lexicon as the usual form of the broader concept ("rectal cancer" for "rectal
 *               adenocarcinoma"), 'always', or 'never'
 *  distinct     the lexicon lists the two concepts as different diseases (also the gold's narrower parenthesised name) → no match
 *  qualifier    the names conflict (normalise.ts, stage.ts, negation.ts): a slot both state with no value in
 *               common (acute vs chronic, type 1 vs 2, left vs right, hyper vs hypo, primary vs secondary …), a
 *               conflicting stage, grade, class, severity or phase (a concept's `implies` counts), a subtype,
 *               state or site of one axis (axes.ts: marginal vs complete previa, L4/5 vs L5/S1), a term negated
 *               on one side only, two different stated causes → no match; otherwise equal after dropping
 *               qualifiers, hedges, complications, parentheses (English word order ignored) → match 0.9
 *  broader      the lexicon relates the names, or one is an acute exacerbation of the other, but the policy
 *  narrower     refuses the direction → no match; the fuzzy rules are not tried
 *  containment  one core inside the other, sharing the head (en: the word set of one inside the other's, same
 *               head word; zh: a suffix, or prefix + inserted modifier + suffix), the shorter still specific
 *               (not just "carcinoma" / "肺炎"), no other entity made by the rest (pseudo-, 假性, in situ) → 0.6–0.9
 *  overlap      Dice coefficient ≥ threshold (default 0.8) on English word sets / Chinese character bigrams,
 *               same head (not one substituted run of a Chinese name: 乙型 / 丙型肝炎) → the Dice value
 *  none         otherwise; score is the best Dice seen (below the threshold), 0 when the lexicon knows both
 *               names as different concepts (fuzzy rules are then not tried)
 *
 * Chinese abbreviations (心梗 → 心肌梗死, the lexicon's zh-abbreviations table) are expanded in both names before
 * any rule but `exact` reads them, and every explanation lists the expansions made.
 *
 * Readings (normalise.ts): prediction main/head/alias/joined/label, gold main/head/cause/alias/joined/complication.
 * A match through the gold's complication alone is refused (complication.ts, rule `complication`) unless the
 * prediction also names the gold's disease. Complications ("with …", "伴…") are dropped from the head; the gold's
 * named cause counts ("heart failure due to DCM" is matched by "DCM"), the prediction's only when it is a kind of
 * the head or the head a manifestation of it ("renal colic due to a ureteral stone" names the stone; anaemia "due to
 * CKD" does not name CKD). Aliases (parenthesised parts) only count through the lexicon and qualifier rules; the
 * label X of a Chinese "X：Y" counts for a prediction only. A whole name that is a lexicon name ("cirrhosis due to
 * hepatitis B") drops its head and cause readings: they are parts of that one concept.
 *
 * `lang` is the case language; a name written in the other script is read in its own script, and names in
 * different scripts can only meet through the lexicon.
 */
import { Lexicon, type ConceptHit } from './lexicon.js';
import { isManifestation } from './structure.js';
import { judgeMatch, type Judge } from './judge.js';
import { containment, dice, histologyOnGoldOnly, round, transposed } from './fuzzy.js';
import { causeConflict, causesNarrower, negatedWithConflict, negationConflict, withoutCauses } from './negation.js';
import { stageConflict } from './stage.js';
import { NO_COMPLICATION } from './qualifiers.js';
import { subtypesAsConcept } from './paren-qualifiers.js';
import { analyse, slotConflict, type Analysis, type MatchLang, type Reading, type Slots, type Stripped } from './normalise.js';
import { describe, droppedNote } from './explain.js';
import { settingOnlyGold } from './infection.js';
import { complicationOnly } from './complication.js';

export type MatchRule = 'exact' | 'lexicon' | 'distinct' | 'qualifier' | 'broader' | 'narrower' | 'containment' | 'overlap' | 'complication' | 'none' | 'empty';

/** When a prediction naming a broader lexicon concept than the gold counts (see the file comment). */
export type BroaderPolicy = 'never' | 'usual' | 'always';
export const BROADER_POLICIES: readonly BroaderPolicy[] = ['never', 'usual', 'always'];

export interface MatchResult {
  match: boolean;
  rule: MatchRule;
  /** 0..1: how close the names are (1 exact; 0 for refusals). */
  score: number;
  explanation: string;
}

export interface JudgedMatchResult {
  /** null when the judge was asked and failed (see judge.ts): an error, not a "no". */
  match: boolean | null;
  rule: MatchRule | 'judge' | 'judge-error';
  score: number;
  explanation: string;
}

export interface MatcherOptions {
  lexicon?: Lexicon;
  /** Dice threshold of the overlap rule, in (0, 1]; default 0.8. */
  threshold?: number;
  /** Does a prediction broader than the gold count? Default 'usual': only for the gold's usual-form parents. */
  broaderPrediction?: BroaderPolicy;
  /** Does a prediction narrower (more specific) than the gold count? Default true. */
  narrowerPrediction?: boolean;
  judge?: Judge;
}

export interface Matcher {
  readonly threshold: number;
  readonly broaderPrediction: BroaderPolicy;
  readonly narrowerPrediction: boolean;
  readonly lexicon: Lexicon;
  match(predicted: string, gold: string, lang: MatchLang): MatchResult;
  /** The rules first; only a `none` verdict goes to the judge (if the matcher has one). */
  matchWithJudge(predicted: string, gold: string, lang: MatchLang): Promise<JudgedMatchResult>;
}

export const DEFAULT_OVERLAP_THRESHOLD = 0.8;
export interface Read {
  r: Reading;
  hit: ConceptHit | undefined;
}
export interface Prepared {
  a: Analysis;
  reads: Read[];
  /** A name known whole that is "X with Y", Y being that whole concept ("type 1 diabetes with diabetic
   *  ketoacidosis" is DKA): its head X stays a reading of it as a gold name too. */
  headOfComplication: boolean;
}

const CACHE_LIMIT = 20_000;
/** A tumour's name (a head key): its stated cause is another disease, never a name of it. */
const NEOPLASM = /\b(?:carcinoma|cancer|adeno ?carcinoma|tumou?r|neoplasm|lymphoma|leuka?emia|sarcoma|melanoma|myeloma|mesothelioma|\w*blastoma|adenoma)\b|癌|瘤|白血病/u;

export function createMatcher(options: MatcherOptions = {}): Matcher {
  const lexicon = options.lexicon ?? Lexicon.default();
  const threshold = options.threshold ?? DEFAULT_OVERLAP_THRESHOLD;
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`the overlap threshold must be in (0, 1], got ${threshold}`);
  const broaderPrediction = options.broaderPrediction ?? 'usual';
  if (!BROADER_POLICIES.includes(broaderPrediction)) throw new RangeError(`broaderPrediction must be one of ${BROADER_POLICIES.join(', ')}, got ${String(broaderPrediction)}`);
  const narrowerPrediction = options.narrowerPrediction ?? true;
  const cache = new Map<string, Prepared>();

  const prepare = (text: string, lang: MatchLang): Prepared => {
    const key = `${lang}\u0000${text}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const a = analyse(text, lang, lexicon.hooks);
    let reads = a.readings.map((r) => ({ r, hit: lexicon.lookup(r.s, a.mode) }));
    // A whole name the lexicon knows ("cirrhosis due to hepatitis B", "otitis media with effusion") is one
    // concept: its cause is part of that name, not a reading of its own. Its head stays a reading of a prediction
    // only (see match): "type 1 diabetes with hypoglycaemia" still names a type 1 diabetes.
    if (reads[0]?.hit?.whole) reads = reads.filter((x) => x.r.kind !== 'cause');
    // a joined reading ("mixed haemorrhoids" from "haemorrhoids (mixed)") only counts as a name the lexicon knows whole
    reads = reads.filter((x) => (x.r.kind !== 'joined' && x.r.kind !== 'complication') || x.hit?.whole === true);
    subtypesAsConcept(reads); // a subtype the lexicon knows joined to its name (paren-qualifiers.ts)
    const whole = reads[0]?.hit?.whole ? reads[0].hit.id : undefined;
    const headOfComplication = whole !== undefined && a.tail !== undefined && lexicon.lookup(a.tail, a.mode)?.id === whole;
    const prepared = { a, reads, headOfComplication };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, prepared);
    return prepared;
  };

  /** Relation of two hits that the lexicon rule accepts (see lexicon.ts for whole vs residue hits). An acute
   *  exacerbation of a concept (`ae`) is narrower than the concept: "acute exacerbation of bronchiectasis" is a
   *  bronchiectasis, "bronchiectasis" does not say the exacerbation. */
  const related = (p: ConceptHit, g: ConceptHit): string | undefined => {
    if (!p.whole && !g.whole) return undefined;
    let rel = lexicon.relation(p.id, g.id);
    if (rel !== undefined && p.ae !== g.ae) {
      if (p.ae) rel = rel === 'broader' ? undefined : 'narrower';
      else rel = rel === 'narrower' ? undefined : 'broader';
    }
    if (rel === undefined) return undefined;
    if (!g.whole && rel === 'narrower') return undefined; // gold is "X + more": a narrower prediction may be another X
    if (!p.whole && rel === 'broader') return undefined;
    return rel;
  };
  /** Whether the policy lets a related pair count. */
  const allowed = (rel: string, p: ConceptHit, g: ConceptHit): boolean =>
    rel === 'same' || (rel === 'narrower' ? narrowerPrediction : broaderPrediction === 'always' || (broaderPrediction === 'usual' && !g.ae && lexicon.usualUpTo(g.id, p.id)));

  /** A reading's slots with those its concept implies (lexicon `implies`: end-stage renal disease is stage 5). */
  const withImplied = (r: Read): Slots => {
    const implied = r.hit ? lexicon.impliedSlots(r.hit.id) : undefined;
    if (!implied) return r.r.s.slots;
    const out: Slots = { ...r.r.s.slots };
    for (const [k, vs] of Object.entries(implied)) out[k as keyof Slots] = [...new Set([...(out[k as keyof Slots] ?? []), ...(vs ?? [])])];
    return out;
  };

  /** What makes two readings different diagnoses whatever else they share (see normalise.ts, stage.ts, negation.ts). */
  const pairVeto = (p: Read, g: Read, mode: MatchLang | undefined): string | undefined => {
    const slots = slotConflict(withImplied(p), withImplied(g));
    if (slots) return slots;
    if (p.r.s.history !== g.r.s.history) return 'one side is a history or post-treatment state';
    const neg = mode ? negationConflict(p.r.s, g.r.s, mode) : undefined;
    return neg ? `negation: ${neg}` : undefined;
  };

  /** The fuzzy rules compare cores; an acute exacerbation on one side only is a narrower or broader name. */
  const exacerbationRefusal = (p: Stripped, g: Stripped): MatchResult | undefined => {
    if (p.exacerbation === g.exacerbation) return undefined;
    if (g.exacerbation && broaderPrediction !== 'always') return { match: false, rule: 'broader', score: 0, explanation: `the gold is an acute exacerbation, the prediction names only the disease: a broader name does not count (broaderPrediction: ${broaderPrediction})` };
    if (p.exacerbation && !narrowerPrediction) return { match: false, rule: 'narrower', score: 0, explanation: 'the prediction is an acute exacerbation of the gold disease: a narrower name does not count (narrowerPrediction: false)' };
    return undefined;
  };

  /** Both names state their cause ("X due to Y"), the lexicon knows both causes, and they are unrelated concepts:
   *  two diseases (hydronephrosis due to a UPJ obstruction vs due to a ureteral stone). */
  const namedCauseConflict = (P: Prepared, G: Prepared): string | undefined => {
    const cause = (X: Prepared): Read | undefined => X.reads.find((r) => r.r.kind === 'cause' && r.hit);
    const [p, g] = [cause(P), cause(G)];
    if (!p?.hit || !g?.hit || p.hit.id === g.hit.id || lexicon.relation(p.hit.id, g.hit.id)) return undefined;
    return `cause: "${lexicon.label(p.hit.id)}" vs "${lexicon.label(g.hit.id)}"`;
  };

  const match = (predicted: string, gold: string, lang: MatchLang, depth = 0): MatchResult => {
    const P = prepare(predicted, lang);
    const G0 = prepare(gold, lang);
    // a gold name the lexicon knows whole is that concept only: "otitis media with effusion" is not any otitis
    // media — unless it names a complication through its parent disease (T1DM with DKA is also a T1DM)
    const G = G0.reads[0]?.hit?.whole && !G0.headOfComplication ? { ...G0, reads: G0.reads.filter((x) => x.r.kind !== 'head' && x.r.kind !== 'complication') } : G0;
    if (P.a.basic !== '' && P.a.basic === G.a.basic) return { match: true, rule: 'exact', score: 1, explanation: `equal after normalisation: "${G.a.basic}"` };
    if (P.a.empty && G.a.empty) {
      // two names that state only a stage or class ("NYHA Ⅲ级" / "心功能3级", items of a preliminary list)
      const [ps, gs] = [P.reads[0]?.r.s.slots, G.reads[0]?.r.s.slots];
      if (ps?.stage && gs?.stage && !slotConflict(ps, gs) && !stageConflict(ps.stage, gs.stage) && ps.stage.some((v) => gs.stage!.some((w) => v.split('=')[0] === w.split('=')[0]))) {
        return { match: true, rule: 'qualifier', score: 0.9, explanation: `both state only a stage or class, and it agrees: ${ps.stage.join(', ')} / ${gs.stage.join(', ')}` };
      }
    }
    if (P.a.empty) return { match: false, rule: 'empty', score: 0, explanation: 'the prediction is empty after normalisation' };
    if (G.a.empty) return { match: false, rule: 'empty', score: 0, explanation: 'the gold name is empty after normalisation' };
    // a gold stating only where its infection was acquired, a prediction only its organism (infection.ts)
    const setting = depth === 0 ? settingOnlyGold(P.a.basic, G.a.basic) : undefined;
    const bySetting = setting ? match(predicted, setting.gold, lang, 1) : undefined;
    if (setting && bySetting?.match) return { ...bySetting, score: Math.min(bySetting.score, 0.85), explanation: `${setting.what}: the setting, stated on one side only, is set aside; without it: ${bySetting.explanation}` };
    // "without complications" on one side, a complication named on the other ("T2DM with diabetic nephropathy")
    const none = [NO_COMPLICATION.test(P.a.basic), NO_COMPLICATION.test(G.a.basic)];
    if (none[0] !== none[1] && (none[0] ? G0.a.tail : P.a.tail)) return { match: false, rule: 'qualifier', score: 0, explanation: `conflicting qualifiers (complication: "${(none[0] ? G0.a.tail : P.a.tail)!.text}" named on one side, none on the other)` };
    const absent = negatedWithConflict(P.a.basic, G0.a.basic);
    if (absent) return { match: false, rule: 'qualifier', score: 0, explanation: `conflicting qualifiers (${absent})` };
    const pm = P.reads[0]!;
    const gm = G.reads[0]!;
    const sameMode = P.a.mode === G.a.mode ? G.a.mode : undefined;
    const causeVeto = namedCauseConflict(P, G0);
    const veto = pairVeto(pm, gm, sameMode) ?? causeConflict(pm.r.s.causes, gm.r.s.causes) ?? causeVeto;
    // The prediction's named cause counts only when it names the kind of its head ("hyperthyroidism due to Graves
    // disease" names Graves disease; "anaemia due to CKD" does not name CKD as the diagnosis), or when the head is a
    // manifestation of it ("renal colic due to a ureteral stone", 胰头癌所致梗阻性黄疸 name the stone, the cancer).
    const headHits = P.reads.filter((r) => (r.r.kind === 'main' || r.r.kind === 'head') && r.hit).map((r) => r.hit!.id);
    const headRead = P.reads.find((r) => r.r.kind === 'head') ?? P.reads[0]!;
    const causeCounts = (r: Read): boolean => r.hit !== undefined && (isManifestation(headRead.r.s, P.a.mode) || headHits.some((h) => lexicon.relation(r.hit!.id, h) === 'narrower'));
    // A prediction the lexicon knows whole as a disease it lists as distinct from the gold ("diabetes with
    // nephropathy" — diabetic nephropathy — for "diabetes") is read as that concept only, not through its head.
    const whole = P.reads[0]?.hit?.whole ? P.reads[0].hit.id : undefined;
    const distinctWhole = whole !== undefined && G.reads.some((g) => g.hit !== undefined && lexicon.isDistinct(whole, g.hit.id));
    // (the complication reading is the gold's only, and counts only as complication.ts allows: see `complicationOnly`)
    const preds = P.reads.filter((r) => (r.r.kind !== 'head' || !distinctWhole) && (r.r.kind !== 'cause' || causeCounts(r)) && r.r.kind !== 'complication');
    const isCore = (r: Read): boolean => r.r.kind === 'main' || r.r.kind === 'head' || r.r.kind === 'joined' || r.r.kind === 'complication';
    // the gold's named cause is read as a name of the gold ("dilated cardiomyopathy" for "heart failure due to dilated
    // cardiomyopathy") — but not when the gold's head is a tumour: the cause of a tumour is a disease of its own
    // ("hepatitis B-related hepatocellular carcinoma" is no hepatitis B), unless the lexicon relates the two
    const goldHeads = G.reads.filter((r) => (r.r.kind === 'main' || r.r.kind === 'head') && r.hit).map((r) => r.hit!.id);
    const goldHead = G.reads.find((r) => r.r.kind === 'head') ?? G.reads[0]!;
    const tumourHead = G.reads.some((r) => r.r.kind === 'head') && NEOPLASM.test(goldHead.r.s.key);
    const golds = G.reads.filter((r) => r.r.kind !== 'label' && (r.r.kind !== 'cause' || !tumourHead || (r.hit !== undefined && goldHeads.some((h) => lexicon.relation(r.hit!.id, h) !== undefined))));

    let refused: MatchResult | undefined;
    // a conflict of the main names still lets the prediction's named cause be read ("hypertension due to primary
    // aldosteronism" for "primary aldosteronism": the hypertension is secondary, the aldosteronism primary)
    const livePreds = causeVeto ? [] : veto ? preds.filter((r) => r.r.kind === 'cause') : preds;
    {
      // every related pair of readings; the best the policy allows wins (same concept first, then the order found)
      let best: { rel: string; p: Read; g: Read } | undefined;
      for (const g of golds) {
        for (const p of livePreds) {
          if (!p.hit || !g.hit || pairVeto(p, g, sameMode)) continue;
          const rel = related(p.hit, g.hit);
          if (!rel) continue;
          if (!allowed(rel, p.hit, g.hit)) {
            const rule = rel === 'broader' ? 'broader' : 'narrower';
            const why = rel === 'broader' ? `a broader name does not count (broaderPrediction: ${broaderPrediction})` : 'a narrower name does not count (narrowerPrediction: false)';
            if (isCore(p) && isCore(g)) refused ??= { match: false, rule, score: 0, explanation: `${p.hit.ae ? 'an acute exacerbation of ' : ''}"${lexicon.label(p.hit.id)}" is ${rel} than ${g.hit.ae ? 'an acute exacerbation of ' : ''}"${lexicon.label(g.hit.id)}": ${why}` };
            continue;
          }
          if (!best || (rel === 'same' && best.rel !== 'same')) best = { rel, p, g };
        }
      }
      if (best) {
        const { rel, p, g } = best;
        // a narrower name in the gold's parentheses says which gold ("原发性肝癌（肝细胞癌）"): one kept apart from the prediction refuses it
        const apart = G.reads.find((x) => x.r.kind === 'alias' && x.hit && lexicon.isDistinct(p.hit!.id, x.hit.id) && lexicon.relation(x.hit.id, g.hit!.id) === 'narrower');
        if (apart) return { match: false, rule: 'distinct', score: 0, explanation: `known different diseases: "${lexicon.label(p.hit!.id)}" vs "${lexicon.label(apart.hit!.id)}" (the gold's parenthesised name)` };
        const via = [describe(p, 'prediction'), describe(g, 'gold')].filter((x) => x !== '');
        const ae = (h: ConceptHit): string => (h.ae ? 'an acute exacerbation of ' : '');
        const how = rel === 'same' ? `both name "${lexicon.label(g.hit!.id)}" [${g.hit!.id}]` : `${ae(p.hit!)}"${lexicon.label(p.hit!.id)}" is ${rel} than ${ae(g.hit!)}"${lexicon.label(g.hit!.id)}"`;
        const score = rel === 'same' && via.length === 0 ? 0.95 : 0.9;
        return { match: true, rule: 'lexicon', score, explanation: [how, ...via].join('; ') };
      }
    }
    for (const p of preds.filter(isCore)) {
      for (const g of G.reads.filter(isCore)) {
        if (p.hit && g.hit && lexicon.isDistinct(p.hit.id, g.hit.id)) {
          return { match: false, rule: 'distinct', score: 0, explanation: `known different diseases: "${lexicon.label(p.hit.id)}" vs "${lexicon.label(g.hit.id)}"` };
        }
      }
    }
    if (refused) return refused;
    if (veto) return { match: false, rule: 'qualifier', score: 0, explanation: `conflicting qualifiers (${veto})` };
    if (P.a.mode !== G.a.mode) return { match: false, rule: 'none', score: 0, explanation: 'written in different scripts and no common lexicon concept' };
    const mode = G.a.mode;

    for (const g of golds) {
      for (const p of preds) {
        const spacing = p.r.s.key !== g.r.s.key && p.r.s.loose !== g.r.s.loose;
        // en: one compound written as one word, two words or with a hyphen ("angio-oedema" / "angioedema", "DeQuervain" / "de Quervain")
        if (p.r.s.key === '' || (spacing && (mode !== 'en' || p.r.s.compact !== g.r.s.compact)) || pairVeto(p, g, mode)) continue;
        const refusal = exacerbationRefusal(p.r.s, g.r.s);
        if (refusal) return refusal;
        const note = droppedNote(p, g, P, G);
        const how = spacing ? ' (spacing and hyphens ignored)' : mode === 'en' ? ' (word order ignored)' : '';
        return { match: true, rule: 'qualifier', score: 0.9, explanation: `equal after dropping qualifiers${how}: "${spacing ? g.r.s.compact : g.r.s.key}"${note ? `; ${note}` : ''}` };
      }
    }
    {
      // one concept found inside both names, with residues that agree (one inside the other): 膝关节 / 膝 around
      // 前交叉韧带损伤 / 断裂, "right knee" / "knee" — the same disease at the same site
      for (const p of preds.filter(isCore)) {
        for (const g of golds.filter(isCore)) {
          if (!p.hit || !g.hit || p.hit.whole || g.hit.whole || p.hit.id !== g.hit.id || p.hit.ae !== g.hit.ae || pairVeto(p, g, mode)) continue;
          const [a, b] = [p.hit.residue.join(mode === 'en' ? ' ' : ''), g.hit.residue.join(mode === 'en' ? ' ' : '')];
          const inside = mode === 'en' ? p.hit.residue.every((u) => g.hit!.residue.includes(u)) || g.hit.residue.every((u) => p.hit!.residue.includes(u)) : a.includes(b) || b.includes(a);
          if (inside) return { match: true, rule: 'lexicon', score: 0.9, explanation: `both name "${lexicon.label(g.hit.id)}" [${g.hit.id}] inside a longer name, and the rest agrees ("${a}" / "${b}")` };
        }
      }
    }
    // the prediction's cause is the gold's or a kind of it ("Group A streptococcal tonsillitis" for "acute bacterial
    // tonsillitis", 高血压性基底节区脑出血 for 高血压脑出血), or the gold states none — a cause on one side only is set aside
    // (高血压性脑出血（左基底节区） for 左侧基底节区脑出血) when every unit of the gold's core is in the prediction and the gold
    // names no cause the table does not know (感染性, 术后): the names without their cause words decide
    const [pc, gc] = [pm.r.s.causes, gm.r.s.causes];
    const oneSide = pc.length > 0 && gc.length === 0 && !/术后|post-?(?:operative|surgical)/u.test(G.a.basic) && (G.a.mode === 'zh' ? [...gm.r.s.key] : gm.r.s.key.split(' ')).every((u) => pm.r.s.key.includes(u) || P.a.basic.includes(u));
    const [p2, g2] = [withoutCauses(P.a.basic), withoutCauses(G.a.basic)];
    if (depth === 0 && (causesNarrower(pc, gc) || oneSide) && p2 !== '' && g2 !== '' && (p2 !== P.a.basic || g2 !== G.a.basic)) {
      const r = match(p2, g2, lang, 1);
      if (r.match) return { ...r, score: Math.min(r.score, 0.85), explanation: `${gc.length > 0 ? `the prediction's cause (${pc.join('+')}) is the gold's or a kind of it (${gc.join('+')})` : `the prediction states a cause (${pc.join('+')}) the gold does not`}; without the cause words: ${r.explanation}` };
    }
    for (const p of preds.filter(isCore)) {
      for (const g of golds.filter(isCore)) {
        if (p.hit?.whole && g.hit?.whole) {
          return { match: false, rule: 'none', score: 0, explanation: `the lexicon knows both as different concepts: "${lexicon.label(p.hit.id)}" vs "${lexicon.label(g.hit.id)}"` };
        }
      }
    }
    const fuzzyGold = golds.filter((r) => r.r.kind !== 'alias' && r.r.kind !== 'joined' && r.r.kind !== 'complication');
    const fuzzyPred = preds.filter((r) => r.r.kind === 'main' || r.r.kind === 'head');
    let best = 0;
    let bestPair: [Read, Read] | undefined;
    for (const g of fuzzyGold) {
      for (const p of fuzzyPred) {
        if (pairVeto(p, g, mode)) continue;
        if (mode === 'zh' && p.r.s.head === g.r.s.head && transposed(p.r.s, g.r.s)) return { match: true, rule: 'qualifier', score: 0.85, explanation: `the same name with a modifier moved before the lesion ("${p.r.s.loose}" / "${g.r.s.loose}")` };
        const ratio = containment(p.r.s, g.r.s, mode);
        if (ratio > 0) {
          const refusal = exacerbationRefusal(p.r.s, g.r.s);
          if (refusal) return refusal;
          const which = p.r.s.units.length <= g.r.s.units.length ? 'the prediction lies inside the gold name' : 'the gold name lies inside the prediction';
          const note = droppedNote(p, g, P, G);
          return { match: true, rule: 'containment', score: round(0.6 + 0.3 * ratio), explanation: `${which} ("${p.r.s.units.join(mode === 'en' ? ' ' : '')}" / "${g.r.s.units.join(mode === 'en' ? ' ' : '')}", same head "${g.r.s.head}")${note ? `; ${note}` : ''}` };
        }
        const minUnits = mode === 'en' ? 2 : 3;
        if (p.r.s.head !== g.r.s.head || p.r.s.units.length < minUnits || g.r.s.units.length < minUnits || histologyOnGoldOnly(p.r.s, g.r.s)) continue;
        const d = dice(p.r.s, g.r.s, mode);
        if (d > best) [best, bestPair] = [d, [p, g]];
      }
    }
    const measure = mode === 'en' ? 'word Dice' : 'character-bigram Dice';
    if (bestPair && best >= threshold) {
      const refusal = exacerbationRefusal(bestPair[0].r.s, bestPair[1].r.s);
      if (refusal) return refusal;
      return { match: true, rule: 'overlap', score: round(best), explanation: `${measure} ${round(best)} ≥ ${threshold} with the same head "${bestPair[1].r.s.head}"` };
    }
    return { match: false, rule: 'none', score: round(best), explanation: best > 0 ? `best ${measure} ${round(best)} < ${threshold}; no rule matched` : 'no rule matched' };
  };

  return {
    threshold,
    broaderPrediction,
    narrowerPrediction,
    lexicon,
    match: (predicted, gold, lang) => {
      try {
        const found = match(predicted, gold, lang);
        if (found.rule === 'exact' || found.rule === 'empty') return found;
        const comp = found.match ? complicationOnly({ match: (p, g, l) => match(p, g, l, 1), analysis: (t, l) => prepare(t, l).a }, predicted, gold, lang) : undefined;
        const r = typeof comp === 'object' ? comp : typeof comp === 'string' ? { ...found, explanation: `${found.explanation}; ${comp}` } : found;
        // the Chinese abbreviations expanded before the rules read the names (normalise.ts), so an audit sees them
        const notes = [...prepare(predicted, lang).a.expanded.map((x) => `${x} (prediction)`), ...prepare(gold, lang).a.expanded.map((x) => `${x} (gold)`)];
        return notes.length > 0 ? { ...r, explanation: `${r.explanation}; expanded: ${notes.join(', ')}` } : r;
      } catch (err) {
        // Defensive: the rules are pure string code and should never throw; if they do, say so instead of crashing a run.
        return { match: false, rule: 'none', score: 0, explanation: `matcher error: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
    async matchWithJudge(predicted, gold, lang) {
      const result = this.match(predicted, gold, lang);
      if (result.rule !== 'none' || !options.judge) return result;
      const judged = await judgeMatch(predicted, gold, lang, options.judge);
      return { match: judged.match, rule: judged.rule === 'empty' ? 'empty' : judged.rule, score: judged.score, explanation: `rules: ${result.explanation}; ${judged.explanation}` };
    },
  };
}
