/**
 * The department taxonomy: the 23 departments of ClinicalBench (PROTOCOL §2), their names in both languages,
 * and one normaliser that every part of the product uses to decide whether two department names mean the same
 * department. The list is data: a hospital can load its own (see `loadDepartmentFile`).
 */
import { escapeRegExp, foldKey, hasCjk, toHalfWidth } from './text.js';
import type { Language } from './language.js';

export interface Department {
  /** Stable slug, e.g. `gastroenterology`. */
  id: string;
  /** Chinese name as in the benchmark's list, e.g. `消化内科`. */
  zh: string;
  /** English list name, e.g. `gastroenterology department`. */
  en: string;
  /** Short English label for tables, e.g. `Gastroenterology`. */
  short: string;
  /** Other names that mean this department. */
  aliases: string[];
}

export const DEFAULT_DEPARTMENTS: readonly Department[] = [
  d('breast-surgery', '乳腺外科', 'breast surgical department', 'Breast Surgery', ['乳腺科', 'breast surgery department', 'breast department', 'breast surgical']),
  d('obstetrics', '产科', 'obstetrics department', 'Obstetrics', ['obstetric department', 'obstetric', 'maternity', '产房']),
  d('pediatrics', '儿科', 'pediatrics department', 'Pediatrics', ['paediatrics', 'pediatric department', 'paediatric department', 'pediatric', '小儿科', '儿内科']),
  d('endocrinology', '内分泌内科', 'endocrinology department', 'Endocrinology', ['内分泌科', '内分泌代谢科', 'endocrinology and metabolism', 'endocrine department', 'endocrinology and metabolic diseases']),
  d('respiratory-medicine', '呼吸内科', 'respiratory medicine department', 'Respiratory Medicine', ['呼吸科', '呼吸与危重症医学科', 'respiratory department', 'respiratory medicine', 'respiratory and critical care medicine', 'pulmonology', 'pulmonary medicine', 'pneumology']),
  d('gynecology', '妇科', 'gynecology department', 'Gynecology', ['gynaecology', 'gynecological department', 'gynaecological department']),
  d('cardiac-surgery', '心脏外科', 'cardiac surgical department', 'Cardiac Surgery', ['心外科', '心脏大血管外科', 'cardiac surgery department', 'heart surgery', 'cardiovascular surgery']),
  d('cardiovascular-medicine', '心血管内科', 'cardiovascular medicine department', 'Cardiovascular Medicine', ['心内科', '心血管科', '心脏内科', 'cardiology', 'cardiology department', 'cardiovascular department', 'cardiovascular internal medicine']),
  d('urology', '泌尿外科', 'urinary surgical department', 'Urology', ['泌尿科', 'urology department', 'urological surgery', 'urinary surgery', 'urologic surgery']),
  d('gastroenterology', '消化内科', 'gastroenterology department', 'Gastroenterology', ['消化科', '消化病科', 'digestive medicine', 'digestive department', 'gastroenterology and hepatology', 'gi medicine']),
  d('thyroid-surgery', '甲状腺外科', 'thyroid surgical department', 'Thyroid Surgery', ['thyroid surgery department', 'thyroid surgical', 'thyroid department']),
  d('hernia-surgery', '疝外科', 'hernia surgical department', 'Hernia Surgery', ['疝和腹壁外科', 'hernia surgery department', 'hernia and abdominal wall surgery', 'hernia department']),
  d('neurology', '神经内科', 'neurology department', 'Neurology', ['神内', '神经科', 'neurological department', 'neurological medicine']),
  d('neurosurgery', '神经外科', 'neurosurgery department', 'Neurosurgery', ['神外', 'neurosurgical department', 'neurological surgery']),
  d('otolaryngology', '耳鼻咽喉头颈外科', 'otolaryngology head and neck surgical department', 'Otolaryngology–Head & Neck Surgery', ['耳鼻喉科', '耳鼻咽喉科', '耳鼻喉头颈外科', 'otolaryngology', 'otolaryngology department', 'otolaryngology head and neck surgery', 'otorhinolaryngology', 'otorhinolaryngology head and neck surgery', 'ent', 'ent department', 'ear nose and throat']),
  d('anorectal-surgery', '肛门结直肠外科', 'anus and intestine surgical department', 'Anorectal Surgery', ['肛肠科', '肛肠外科', '结直肠肛门外科', '结直肠外科', 'anorectal surgery department', 'colorectal surgery', 'colorectal and anal surgery', 'proctology', 'coloproctology', 'anus and intestine surgery']),
  d('hepatobiliary-pancreatic-surgery', '肝胆胰外科', 'hepatobiliary and pancreas surgical department', 'Hepatobiliary & Pancreatic Surgery', ['肝胆外科', '肝胆胰脾外科', 'hepatobiliary surgery', 'hepatobiliary and pancreatic surgery', 'hepatobiliary pancreatic surgery', 'hpb surgery', 'hepatobiliary and pancreas surgery']),
  d('nephrology', '肾内科', 'nephrology department', 'Nephrology', ['肾脏内科', '肾病科', '肾脏病科', 'renal medicine', 'renal department', 'kidney medicine']),
  d('gastrointestinal-surgery', '胃肠外科', 'gastrointestinal surgical department', 'Gastrointestinal Surgery', ['胃肠外科室', 'gastrointestinal surgery', 'gastrointestinal surgery department', 'gi surgery', 'gastric and colorectal surgery']),
  d('thoracic-surgery', '胸外科', 'thoracic surgical department', 'Thoracic Surgery', ['thoracic surgery department', 'general thoracic surgery', 'thoracic department']),
  d('hematology', '血液内科', 'hematology department', 'Hematology', ['血液科', '血液病科', 'haematology', 'haematology department', 'hematologic department']),
  d('vascular-surgery', '血管外科', 'vascular surgical department', 'Vascular Surgery', ['周围血管外科', 'vascular surgery department', 'peripheral vascular surgery', 'vascular department']),
  d('orthopedics', '骨科', 'orthopedics department', 'Orthopedics', ['骨外科', 'orthopaedics', 'orthopedic surgery', 'orthopaedic surgery', 'orthopedic department', 'orthopaedic department', 'trauma and orthopaedics']),
];

function d(id: string, zh: string, en: string, short: string, aliases: string[]): Department {
  return { id, zh, en, short, aliases };
}

/** Words around a department name that do not change which department it is. */
const EN_AFFIXES =
  /^(?:the\s+)?(?:(?:department|dept\.?|division|unit|clinic|service|ward)\s+(?:of|for)\s+)?(.*?)(?:\s{1,3}(?:department|dept\.?|division|unit|clinic|service|ward))?$/i;

/** One department mention found inside free text. */
export interface DepartmentMention {
  department: Department;
  /** Offset of the mention in the (half-width) text. */
  index: number;
  /** The matched words. */
  text: string;
}

export class DepartmentTaxonomy {
  readonly departments: readonly Department[];
  private readonly byKey = new Map<string, Department>();
  private readonly byId = new Map<string, Department>();
  private readonly matchers: { department: Department; alias: string; re: RegExp }[] = [];

  constructor(departments: readonly Department[]) {
    if (departments.length === 0) throw new Error('the department list is empty');
    this.departments = departments;
    for (const dep of departments) {
      if (this.byId.has(dep.id)) throw new Error(`department id "${dep.id}" appears twice in the list`);
      this.byId.set(dep.id, dep);
      for (const name of [dep.id.replace(/-/g, ' '), dep.zh, dep.en, dep.short, ...dep.aliases]) {
        for (const key of aliasKeys(name)) {
          const owner = this.byKey.get(key);
          if (owner && owner !== dep) {
            throw new Error(`the name "${name}" would mean both "${owner.id}" and "${dep.id}"`);
          }
          this.byKey.set(key, dep);
        }
        this.addMatcher(dep, name);
      }
    }
    // Longest names first so that 神经外科 wins over a shorter overlapping alias.
    this.matchers.sort((a, b) => b.alias.length - a.alias.length);
  }

  static default(): DepartmentTaxonomy {
    return new DepartmentTaxonomy(DEFAULT_DEPARTMENTS);
  }

  get size(): number {
    return this.departments.length;
  }

  byIdOrThrow(id: string): Department {
    const dep = this.byId.get(id);
    if (!dep) throw new Error(`unknown department id "${id}"`);
    return dep;
  }

  /** The department a name stands for, or undefined when the name is not (an alias of) a listed department. */
  normalise(name: string): Department | undefined {
    const cleaned = cleanName(name);
    if (cleaned === '') return undefined;
    for (const candidate of candidates(cleaned)) {
      const hit = this.byKey.get(foldKey(candidate));
      if (hit) return hit;
    }
    return undefined;
  }

  /** True when two names mean the same listed department. */
  same(a: string, b: string): boolean {
    const da = this.normalise(a);
    return da !== undefined && da === this.normalise(b);
  }

  /** Every department named inside free text, in order of appearance, longest names first, no overlaps. */
  mentions(text: string): DepartmentMention[] {
    const hay = toHalfWidth(text).toLowerCase();
    const taken: boolean[] = new Array<boolean>(hay.length).fill(false);
    const found: DepartmentMention[] = [];
    for (const m of this.matchers) {
      m.re.lastIndex = 0;
      let match: RegExpExecArray | null;
      while ((match = m.re.exec(hay)) !== null) {
        const start = match.index + (match[1]?.length ?? 0);
        const len = m.alias.length;
        let free = true;
        for (let i = start; i < start + len; i++) if (taken[i]) free = false;
        if (free) {
          for (let i = start; i < start + len; i++) taken[i] = true;
          found.push({ department: m.department, index: start, text: text.slice(start, start + len) });
        }
        if (match[0].length === 0) m.re.lastIndex++;
      }
    }
    return found.sort((a, b) => a.index - b.index);
  }

  /** The department names shown to a model, in list order. */
  names(lang: Language): string[] {
    return this.departments.map((dep) => (lang === 'zh' ? dep.zh : dep.en));
  }

  /** The name of a department in one language. */
  nameOf(dep: Department, lang: Language): string {
    return lang === 'zh' ? dep.zh : dep.en;
  }

  private addMatcher(department: Department, name: string): void {
    const alias = toHalfWidth(name).toLowerCase().trim();
    if (alias.length === 0) return;
    if (hasCjk(alias)) {
      this.matchers.push({ department, alias, re: new RegExp(`()${escapeRegExp(alias)}`, 'g') });
    } else {
      // Whole words only, and tolerant of the spaces/hyphens/ampersands between them.
      const body = alias
        .split(/[\s\-–&]+/)
        .filter((w) => w.length > 0)
        .map(escapeRegExp)
        .join('[\\s\\-–&]+(?:and\\s+)?');
      this.matchers.push({ department, alias, re: new RegExp(`(^|[^a-z0-9])${body}(?![a-z0-9])`, 'g') });
    }
  }
}

function aliasKeys(name: string): string[] {
  const cleaned = cleanName(name);
  return [...new Set(candidates(cleaned).map(foldKey).filter((k) => k.length > 0))];
}

/** Strip quotes, list markers and trailing punctuation that answers and files wrap around names. */
const NAME_OPENING = /[\s"'`*#>\-•·【[(（]/u;
const NAME_CLOSING = /[\s"'`*。.;；,，!！】\])）]/u;

function cleanName(name: string): string {
  const t = toHalfWidth(name);
  // trimmed with loops: a pattern anchored at the end is slow on long runs of these characters
  let a = 0;
  let b = t.length;
  while (a < b && NAME_OPENING.test(t[a]!)) a++;
  while (b > a && NAME_CLOSING.test(t[b - 1]!)) b--;
  return t
    .slice(a, b)
    .replace(/^\d+\s*[.)、:]\s*/u, '')
    .trim();
}

/** Spelling variants to try: as is, without English affixes, without a trailing 室/门诊. */
function candidates(cleaned: string): string[] {
  const out = [cleaned];
  const m = EN_AFFIXES.exec(cleaned);
  if (m?.[1] && m[1] !== cleaned) out.push(m[1]);
  if (/科室$/u.test(cleaned)) out.push(cleaned.replace(/室$/u, ''));
  if (/门诊$/u.test(cleaned)) out.push(cleaned.replace(/门诊$/u, ''));
  return out;
}
