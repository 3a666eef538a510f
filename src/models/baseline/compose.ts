/**
 * Writing the baseline's answers in the formats the prompts ask for: department names from the list, the
 * six labelled sections, and a numbered imaging impression condensed from the abnormal statements of the
 * findings. Pure.
 */
import type { Department } from '../../bench/departments.js';
import type { Lang } from './evidence.js';
import type { RankedDisease } from './reason.js';

const LABELS: Record<Lang, [string, string, string, string, string, string]> = {
  en: ['Preliminary Diagnosis', 'Diagnostic Basis', 'Differential Diagnosis', 'Principal Diagnosis', 'Therapeutic Principle', 'Treatment Plan'],
  zh: ['初步诊断', '诊断依据', '鉴别诊断', '主要诊断', '治疗原则', '治疗计划'],
};

export function departmentsAnswer(departments: readonly Department[], lang: Lang): string {
  return departments.map((d) => (lang === 'zh' ? d.zh : d.en)).join('\n');
}

function join(items: readonly string[], lang: Lang): string {
  return items.join(lang === 'zh' ? '、' : ', ');
}

/** The six-section clinical diagnosis from the ranking. */
export function diagnosisAnswer(ranked: readonly RankedDisease[], associated: readonly string[], lang: Lang): string {
  const top = ranked[0]!;
  const d = top.disease;
  const name = (r: RankedDisease): string => r.disease.names[lang][0]!;
  const others = ranked.slice(1, 3).filter((r) => r.score > 0 && r.score >= 0.7 * top.score && r.department === top.department);
  const preliminary = [name(top), ...others.map(name), ...associated.filter((a) => a !== name(top))].slice(0, 5);
  const sep = lang === 'zh' ? '；' : '; ';
  const end = lang === 'zh' ? '。' : '.';

  const e = top.evidence;
  const basis: string[] = [];
  const src = lang === 'zh' ? ['病史', '体格检查', '影像学检查', '实验室检查'] : ['History', 'Physical examination', 'Imaging', 'Laboratory tests'];
  const parts = [e.symptoms, e.signs, e.imaging, e.labs];
  parts.forEach((items, i) => {
    if (items.length > 0) basis.push(`${basis.length + 1}. ${src[i]}${lang === 'zh' ? '：' : ': '}${join(items, lang)}${end}`);
  });
  if (basis.length === 0) basis.push(lang === 'zh' ? '1. 临床表现与本病相符。' : '1. The clinical picture fits this disease.');

  const differential = d.differentials.slice(0, 3).map((x, i) => `${i + 1}. ${x.disease[lang]}${lang === 'zh' ? '：' : ': '}${x.separating[lang]}`);
  const runnerUps = ranked.slice(1).filter((r) => r.score > 0 && !d.differentials.some((x) => x.disease[lang] === name(r))).slice(0, 4 - differential.length);
  for (const r of runnerUps) {
    const support = [...r.evidence.symptoms, ...r.evidence.signs].slice(0, 2);
    const missing = [...r.disease.signs[lang], ...r.disease.imaging[lang]].sort((a, b) => b[1] - a[1])[0]?.[0];
    const why =
      lang === 'zh'
        ? `${support.length ? `${join(support, lang)}与其相符，` : ''}但${missing ? `缺乏${missing}等特征` : '证据不足'}，可排除。`
        : `${support.length ? `${join(support, lang)} would fit, ` : ''}but ${missing ? `there is no ${missing}` : 'the evidence is insufficient'}; excluded.`;
    differential.push(`${differential.length + 1}. ${name(r)}${lang === 'zh' ? '：' : ': '}${why}`);
  }

  const plan = d.plan[lang].map((s, i) => `${i + 1}. ${s}`);
  const [l1, l2, l3, l4, l5, l6] = LABELS[lang];
  const colon = lang === 'zh' ? '：' : ': ';
  return [
    `${l1}${colon}${preliminary.map((p, i) => `${i + 1}. ${p}`).join(sep)}${end}`,
    `${l2}${colon}\n${basis.join('\n')}`,
    `${l3}${colon}\n${differential.join('\n')}`,
    `${l4}${colon}${name(top)}`,
    `${l5}${colon}${d.principle[lang]}`,
    `${l6}${colon}\n${plan.join('\n')}`,
  ].join('\n');
}

const ABNORMAL_EN = /\b(?:enlarged|thicken|mass|lesion|nodul|effusion|dilat|stone|calcul|fracture|occlu|stenos|narrow|thromb|hyperdens|hypodens|hyperintens|hypointens|enhanc|consolidat|opacit|collection|haematoma|hematoma|fluid|cyst|tumou?r|polyp|ulcer|abnormal|shift|compress|invad|metasta|hernia|defect|regurgit|reduced|increased|decreased|irregular|obliterat|edema|oedema|swell|free air|pneumo|herniat|degenerat|rupture|tear|flap|vegetation)/i;
const NORMAL_EN = /^\s*(?:no |not |without |normal |unremarkable|the rest|otherwise|there is no)/i;
const ABNORMAL_ZH = /(?:增大|肿大|增厚|肿块|占位|结节|积液|扩张|结石|骨折|闭塞|狭窄|血栓|高密度|低密度|高信号|低信号|强化|实变|影|血肿|囊|瘤|息肉|溃疡|异常|移位|受压|侵犯|转移|疝|缺损|反流|减低|增高|减少|增多|不规则|水肿|肿胀|游离气体|气胸|突出|膨出|退变|破裂|撕裂|内膜片)/u;
const NORMAL_ZH = /^\s*(?:未见|无|未|正常|余|其余)/u;

/** Condense findings into a numbered impression: the abnormal statements, normal ones left out. */
export function impressionAnswer(findings: string, lang: Lang): string {
  const sentences = findings
    .normalize('NFKC')
    .replace(/\(\d+\)|（\d+）/g, '\n')
    .split(lang === 'zh' ? /[。；;\n]/u : /(?<=\.)\s+|[;\n]/)
    .map((s) => s.trim().replace(/[.。]$/u, ''))
    .filter((s) => s.length > 1);
  const abnormal = sentences.filter((s) => (lang === 'zh' ? ABNORMAL_ZH.test(s) && !NORMAL_ZH.test(s) : ABNORMAL_EN.test(s) && !NORMAL_EN.test(s)));
  const kept = abnormal.slice(0, 5);
  if (kept.length === 0) return lang === 'zh' ? '(1) 未见明显异常。' : '(1) No significant abnormality.';
  return kept.map((s, i) => `(${i + 1}) ${s}${lang === 'zh' ? '。' : '.'}`).join(' ');
}
