/**
 * The structure of one diagnosis name (normalise.ts `analyse`): its head — the name cut before a complication
 * ("with …", 伴…, 合并…), a cause ("due to …", …所致, "X-related"), or a location phrase — its named cause, and the
 * complication after the head (its tail).
 * Pure.
 */
import type { MatchLang, Stripped } from './normalise.js';
import { ITIS } from './qualifiers.js';
import { noCause } from './infection.js';

// "following" dates a disease by the one that led to it ("pancreatic pseudocyst following acute pancreatitis"):
// a cause; "causing", "compressing", "leading to" or "resulting in" name what the disease does: a complication
const CAUSE_EN = /\s(?:due to|secondary to|caused by|resulting from|induced by|attributable to|following|from)\s/;
const COMPLICATION_EN = /\s(?:with|w\/|complicated by|accompanied by|associated with|superimposed on|plus|causing|compressing|leading to|resulting in)\s|,/;
const LOCATION_EN = /\s(?:in(?! situ\b)|involving|affecting|at|within|on)\s/; // "carcinoma in situ" is no location
const CAUSE_ZH_G = /所致的?|引起的?|导致的?|继发于|相关性?(?=\p{Script=Han})|(?<=\p{Script=Han}{2})致(?!密|病|死|命|瘤|畸|敏|心律|残|盲|聋)/gu;
const COMPLICATION_ZH = /伴有|伴发|伴|合并|并发|并(?!发)|,|、|;/u;

function cutAt(t: string, ...res: RegExp[]): string {
  let end = t.length;
  for (const re of res) {
    const m = re.exec(t);
    if (m && m.index < end) end = m.index;
  }
  return t.slice(0, end);
}

// "AVM-related intracerebral haemorrhage", "alcohol-induced pancreatitis": a cause written before the name (not a
// tissue, device, setting, age or antibody: "mucosa-associated lymphoid tissue lymphoma", infection.ts)
const CAUSE_PREFIX_EN = /^(.+?) (related|associated|induced) (.+)$/;

/** Main, head and cause texts of one name (see the file comment). */
export function splitName(main: string, mode: MatchLang): { head: string; cause?: string; tail?: string } {
  const parts = splitParts(main, mode);
  // "妊娠合并X", "pregnancy with X": the disease is X, in pregnancy — its head is X, not the pregnancy
  return parts.tail && PREGNANCY.test(parts.head.trim()) ? { ...parts, head: parts.tail } : parts;
}
const PREGNANCY = /^(?:(?:intrauterine |twin |singleton )?pregnancy|gestation|妊娠期?|孕妇|[早中晚]孕|宫内孕|(?:单|双)胎妊娠|孕\d+\+?\d*周)$/u;

function splitParts(main: string, mode: MatchLang): { head: string; cause?: string; tail?: string } {
  if (mode === 'en') {
    const found = CAUSE_PREFIX_EN.exec(main);
    const prefix = found && (found[2] === 'induced' || !noCause(found[1]!, 'en')) ? found : null;
    const rest = prefix ? prefix[3]! : main;
    const head = cutAt(rest, COMPLICATION_EN, CAUSE_EN, LOCATION_EN);
    const m = CAUSE_EN.exec(rest);
    const cause = m ? cutAt(rest.slice(m.index + m[0].length), COMPLICATION_EN) : prefix ? prefix[1] : undefined;
    const c = COMPLICATION_EN.exec(rest);
    // a cause written before the name stays with it when a complication follows: the disease of "hepatitis B-related
    // cirrhosis with variceal bleeding" is the hepatitis B cirrhosis, not any cirrhosis
    const named = prefix && c && !m ? `${prefix[1]} ${prefix[2]} ${head}` : head;
    return { head: named, cause, tail: c ? rest.slice(c.index + c[0].length).trim() : undefined };
  }
  // the first cause word whose "X相关" is a cause (黏膜相关, 呼吸机相关, IgG4相关 are part of the name: infection.ts)
  const m = [...main.matchAll(CAUSE_ZH_G)].find((x) => !x[0].startsWith('相关') || !noCause(main.slice(0, x.index), 'zh'));
  let rest = main;
  let cause: string | undefined;
  if (m) {
    cause = main.slice(0, m.index);
    rest = main.slice(m.index + m[0].length);
    if (cause === '' && rest.includes('的')) [cause, rest] = [rest.slice(0, rest.indexOf('的')), rest.slice(rest.indexOf('的') + 1)];
    const pieces = cause.split(/[,、;]/u);
    cause = pieces.pop();
    // "反复低血糖发作，考虑胰岛素瘤所致": the disease first, then its (hedged) cause after a comma
    if (rest === '' && pieces.length > 0 && cause !== undefined) {
      rest = pieces.join(',');
      cause = cause.replace(/^(?:考虑|可能|疑为|疑|系|为)+/u, '');
    }
  }
  const c = COMPLICATION_ZH.exec(rest);
  return { head: cutAt(rest, COMPLICATION_ZH), cause, tail: c ? rest.slice(c.index + c[0].length) : undefined };
}


// the organ of an inflammation ("pancreatitis" → pancreas), for a complication written as a bare lesion after it
const ORGAN_OF: Record<string, string> = { ...Object.fromEntries(Object.entries(ITIS).map(([organ, itis]) => [itis, organ])), hepatitis: 'liver', pyelonephritis: 'kidney' };
const JOIN_ZH = /伴有|伴发|伴|合并|并发|并(?!发)/u;
const ORGAN_ZH = /(乳腺|胰腺|阑尾|胆囊|胆管|中耳|乳突|鼻窦|扁桃体|前列腺|附睾|睾丸|肾盂|膀胱|食管|肝|肾)炎$/u;

/**
 * Other readings of a name with a complication, each to count only as a name the lexicon knows whole (matcher.ts):
 * an English "X with Y and Z" as "X with Y" (rheumatic heart disease with mitral stenosis and AF); "X with Y" and
 * "X伴Y" as one name ("hyperthyroidism with heart disease" → hyperthyroid heart disease, 2型糖尿病伴周围神经病变 →
 * 2型糖尿病周围神经病变, as the lexicon knows 糖尿病周围神经病变); and a bare lesion after an inflammation as the lesion of its organ ("acute pancreatitis with pseudocyst" → pancreatic
 * pseudocyst, 急性阑尾炎伴周围脓肿 → 阑尾周围脓肿): a complication named through its parent disease.
 */
export function joinedReadings(t: string, mode: MatchLang): string[] {
  const out: string[] = [];
  if (mode === 'en') {
    const w = t.indexOf(' with ');
    const and = w >= 0 ? t.indexOf(' and ', w + 6) : -1;
    if (and > 0) out.push(t.slice(0, and));
    if (w > 0 && t.indexOf(' with ', w + 6) < 0) {
      out.push(`${t.slice(0, w)} ${t.slice(w + 6)}`);
      const organ = ORGAN_OF[t.slice(0, w).split(' ').pop()!];
      const lesion = t.slice(w + 6).trim();
      if (organ && lesion !== '' && lesion.split(' ').length <= 3) out.push(`${organ} ${lesion}`);
    }
    return out;
  }
  const parts = t.split(JOIN_ZH);
  if (parts.length === 2 && parts.every((x) => x.length >= 2)) {
    out.push(parts.join(''));
    const organ = ORGAN_ZH.exec(parts[0]!)?.[1];
    if (organ) out.push(`${organ}${parts[1]}`);
  }
  return out;
}

// Heads that are manifestations of their named cause: a prediction "X due to Y" with such an X names Y (an
// obstruction, a hypoglycaemia, a constipation or obstructed defecation, a torsion, a sleep apnoea by its cause; not an anaemia: the anaemia of CKD is a diagnosis of its own).
const MANIFEST_EN = new Set('colic jaundice pain seizure convulsion syncope fever hemorrhage hematuria hemoptysis hematemesis melena hypertension hyperprolactinemia acromegaly hypercalcemia hypokalemia hyperaldosteronism hypercortisolism cushing hyperparathyroidism hyperthyroidism thyrotoxicosis hydronephrosis ascites effusion hypoglycemia obstruction ileus constipation hyperbilirubinemia hypopituitarism bleeding torsion defecation apnea'.split(' '));
const MANIFEST_ZH = /(?:绞痛|黄疸|疼痛|痛|抽搐|惊厥|晕厥|发热|出血|血尿|咯血|呕血|黑便|高血压|高泌乳素血症|肢端肥大症|高钙血症|低钾血症|醛固酮增多症|库欣综合征|甲状旁腺功能亢进症?|甲状腺功能亢进症?|甲状腺毒症|积水|腹水|积液|梗阻|便秘|低血糖症?(?:发作)?|高胆红素血症|黄疸|垂体功能减退症?)$/u;

/** Whether a head is a manifestation (see MANIFEST_EN). */
export function isManifestation(head: Stripped, mode: MatchLang): boolean {
  return mode === 'en' ? head.units.some((u) => MANIFEST_EN.has(u)) : MANIFEST_ZH.test(head.units.join(''));
}

/** Whether a stated cause is of the diseased organ itself ("hyperparathyroidism due to parathyroid adenoma",
 *  甲状旁腺腺瘤所致甲状旁腺功能亢进): a primary disease then, not a secondary one. */
export function sameOrgan(cause: string, rest: string, mode: MatchLang): boolean {
  if (mode === 'en') {
    const words = rest.split(/\s+/).filter((w) => w.length >= 5);
    return cause.split(/\s+/).some((c) => c.length >= 5 && words.some((w) => w.includes(c) || c.includes(w)));
  }
  for (let i = 0; i + 2 <= cause.length; i++) if (/^\p{Script=Han}{2}$/u.test(cause.slice(i, i + 2)) && !/病|症|综合|性/u.test(cause.slice(i, i + 2)) && rest.includes(cause.slice(i, i + 2))) return true;
  return false;
}
