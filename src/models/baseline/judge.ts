/**
 * How the baseline answers the 4-dimension judge prompt (template `judge-4d`). It cannot judge medicine, so it
 * does not pretend to: it rates with four simple heuristics over the texts the prompt shows it, so that
 * `clinicallab judge <run> --judge baseline` runs offline and gives a reproducible reference point. Ratings are
 * 0–100, rounded:
 *
 * - Fluency — well-formedness: half the share of the six section labels found, a quarter the share of lines
 *   that are not repeats, a quarter the share of lines of a readable length (2–300 characters, mostly letters).
 * - Relevance — the share of the answer's terms that occur in the case or in the reference assessment.
 * - Completeness — half the share of the six sections that have content, half the share of the reference's
 *   terms that the answer uses.
 * - Proficiency — terminology: half the agreement (Dice overlap of terms) of the answer's principal diagnosis
 *   with the reference's, half the share of the medical terms of the baseline's knowledge base named in the
 *   reference that the answer also names (the agreement alone when the reference names none).
 *
 * Terms are taken from what is written under the section labels (not the labels): lower-cased, lightly stemmed English words of three or more letters (stop words and numbers left
 * out) and pairs of adjacent Chinese characters. A prompt whose case, reference and answer it cannot find (a
 * replaced template with other headings) gets a reply without ratings, which the judge counts as an error.
 */
import { parseSections } from '../../tasks/sections.js';
import { enTokens, type Lang } from './evidence.js';
import type { DepartmentKb } from './kb.js';

const STOP = new Set('the and for with from that this was were are has have had not but per its his her their all any can may one two also into than then over under after before about such each other more most very been being will which when where who whom what there here none'.split(' '));

/** The distinct terms of a text (see the module comment). */
export function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of enTokens(text)) if (t.length >= 3 && !/^\d+$/.test(t) && !STOP.has(t)) out.add(t);
  for (const run of text.normalize('NFKC').match(/\p{Script=Han}+/gu) ?? []) {
    const chars = [...run];
    if (chars.length === 1) out.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  return out;
}

/** Medical terms of the knowledge base (disease names, findings, laboratory names), per language. */
export interface Vocabulary {
  en: string[];
  zh: string[];
}

export function vocabularyOf(kb: readonly DepartmentKb[]): Vocabulary {
  const en = new Set<string>();
  const zh = new Set<string>();
  for (const dep of kb) {
    for (const d of dep.diseases) {
      d.names.en.forEach((n) => en.add(n));
      d.names.zh.forEach((n) => zh.add(n));
      for (const part of [d.symptoms, d.signs, d.imaging]) {
        part.en.forEach(([t]) => en.add(t));
        part.zh.forEach(([t]) => zh.add(t));
      }
      for (const l of d.labs) {
        l.names.en.forEach((n) => en.add(n));
        l.names.zh.forEach((n) => zh.add(n));
      }
    }
  }
  const key = (t: string): string => ` ${enTokens(t).join(' ')} `;
  return { en: [...en].map(key).filter((k) => k.trim() !== ''), zh: [...zh].filter((t) => [...t].length >= 2) };
}

/** The knowledge-base terms a text names. */
function named(text: string, vocabulary: Vocabulary, lang: Lang): Set<string> {
  if (lang === 'zh') return new Set(vocabulary.zh.filter((t) => text.includes(t)));
  const words = ` ${enTokens(text).join(' ')} `;
  return new Set(vocabulary.en.filter((t) => words.includes(t)));
}

const share = (part: number, whole: number): number => (whole === 0 ? 0 : part / whole);
const overlap = (a: Set<string>, b: Set<string>): number => [...a].filter((t) => b.has(t)).length;

const HEADINGS = {
  case: /^[ \t]*(?:Case|病例)[ \t]*[:：][ \t]*$/mu,
  reference: /^[ \t]*(?:Reference assessment|参考意见)[ \t]*[:：][ \t]*$/mu,
  answer: /^[ \t]*(?:Assessment to grade|待评阅的意见)[ \t]*[:：][ \t]*$/mu,
  end: /^[ \t]*(?:Answer with exactly four lines|请恰好回答四行)/mu,
};

/** The case, the reference and the answer of a judge-4d prompt (the built-in templates' headings). */
function judgeParts(prompt: string): { case: string; reference: string; answer: string } | null {
  const at = (re: RegExp, from: number): { start: number; end: number } | null => {
    const m = re.exec(prompt.slice(from));
    return m ? { start: from + m.index, end: from + m.index + m[0].length } : null;
  };
  const c = at(HEADINGS.case, 0);
  const r = c && at(HEADINGS.reference, c.end);
  const a = r && at(HEADINGS.answer, r.end);
  if (!c || !r || !a) return null;
  const e = at(HEADINGS.end, a.end);
  return { case: prompt.slice(c.end, r.start).trim(), reference: prompt.slice(r.end, a.start).trim(), answer: prompt.slice(a.end, e ? e.start : prompt.length).trim() };
}

export type HeuristicRatings = Record<'fluency' | 'relevance' | 'completeness' | 'proficiency', number>;

export function heuristicRatings(parts: { case: string; reference: string; answer: string }, vocabulary: Vocabulary, lang: Lang): HeuristicRatings {
  const answer = parseSections(parts.answer);
  const reference = parseSections(parts.reference);
  const lines = parts.answer.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  if (lines.length === 0) return { fluency: 0, relevance: 0, completeness: 0, proficiency: 0 };
  const readable = lines.filter((l) => {
    const chars = [...l];
    const letters = chars.filter((ch) => /[\p{L}]/u.test(ch)).length;
    return chars.length >= 2 && chars.length <= 300 && letters / chars.length >= 0.5;
  });
  const fluency = 0.5 * share(new Set(answer.found).size, 6) + 0.25 * share(new Set(lines).size, lines.length) + 0.25 * share(readable.length, lines.length);

  // terms of what is written under the labels (the labels themselves say nothing about the patient)
  const content = (p: typeof answer, raw: string): string => (p.found.length > 0 ? [p.preamble, ...Object.values(p.sections)].join('\n') : raw);
  const said = terms(content(answer, parts.answer));
  const known = new Set([...terms(parts.case), ...terms(content(reference, parts.reference))]);
  const relevance = share(overlap(said, known), said.size);

  const filled = Object.values(answer.sections).filter((s) => s.trim() !== '').length;
  const wanted = terms(content(reference, parts.reference));
  const completeness = 0.5 * share(filled, 6) + 0.5 * share(overlap(wanted, said), wanted.size);

  const principal = (p: typeof answer): Set<string> => terms(p.sections.principal || p.sections.preliminary);
  const mine = principal(answer);
  const theirs = principal(reference);
  const agreement = share(2 * overlap(mine, theirs), mine.size + theirs.size);
  const expert = named(parts.reference, vocabulary, lang);
  const used = named(parts.answer, vocabulary, lang);
  const proficiency = expert.size === 0 ? agreement : 0.5 * agreement + 0.5 * share(overlap(expert, used), expert.size);

  const pct = (x: number): number => Math.round(100 * x);
  return { fluency: pct(fluency), relevance: pct(relevance), completeness: pct(completeness), proficiency: pct(proficiency) };
}

/** The reply to a judge-4d prompt: four labelled lines, or a plain refusal when the prompt's layout is unknown. */
export function judgeAnswer(prompt: string, vocabulary: Vocabulary, lang: Lang): string {
  const parts = judgeParts(prompt);
  if (!parts) return lang === 'zh' ? '基线模型只能读取内置评分模板的格式，无法评分。' : 'The baseline reads only the built-in judge template’s layout and cannot rate this.';
  const r = heuristicRatings(parts, vocabulary, lang);
  return lang === 'zh'
    ? `流畅性：${r.fluency}\n相关性：${r.relevance}\n完整性：${r.completeness}\n专业性：${r.proficiency}`
    : `Fluency: ${r.fluency}\nRelevance: ${r.relevance}\nCompleteness: ${r.completeness}\nProficiency: ${r.proficiency}`;
}
