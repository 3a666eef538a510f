/**
 * The diagnosis lexicon: concept groups of names that mean the same disease (English names, Chinese names,
 * abbreviations), optional `parent` links from a narrower concept to a broader one (STEMI → acute myocardial
 * infarction), word-level synonyms for English (cancer → carcinoma, kidney → renal) and `distinct` pairs of
 * related concepts that must never match (cholecystitis/cholangitis, STEMI/NSTEMI). The data lives in
 * `data/lexicon/diagnoses.json`; `Lexicon.fromData` takes any object of the same shape.
 *
 * Names are indexed through the same normalisation as the answers (normalise.ts), so an index key is the core of
 * a name: "Acute Stanford type A aortic dissection" and "aortic dissection, Stanford A" share a key. That
 * normalisation includes the table of Chinese abbreviations (`data/lexicon/zh-abbreviations.json`,
 * zh-abbreviations.ts) that `load` reads beside the lexicon: 心梗 in a lexicon name is expanded as in an answer.
 */
import { dirname, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../../bench/bundled.js';
import { analyse, basicNormalise, fullKeyOf, strip, type MatchLang, type NormaliseHooks, type Reading, type Slots, type Stripped } from './normalise.js';
import { cacheKey, readIndex, writeIndex, type IndexSnapshot } from './lexicon-cache.js';
import { ZhAbbreviations } from './zh-abbreviations.js';
import { applyExtensions, LexiconError, readJson, subsets, type GroupExtension } from './lexicon-read.js';

export { LexiconError } from './lexicon-read.js';

export interface ConceptGroup {
  id: string;
  en: string[];
  zh: string[];
  abbr?: string[];
  /** The id of a broader concept (this one is a kind of it). Whether a name of one counts for the other is the
   *  matcher's policy (`broaderPrediction`, `narrowerPrediction`). */
  parent?: string;
  /** Further broader concepts, besides `parent`, that this one is also a kind of (NSTEMI is an acute myocardial
   *  infarction and a non-ST-elevation ACS). They count as ancestors for the broader / narrower relation and for
   *  `distinct`; `usual` follows `parent` only. */
  also?: string[];
  /** This concept is what the parent's name normally stands for — the overwhelmingly usual form, with the same
   *  first-line management (rectal adenocarcinoma for "rectal cancer") — so the parent's name counts for it
   *  under the default `broaderPrediction: 'usual'`. */
  usual?: boolean;
  /** Qualifiers the concept itself implies, written as in a name ("stage 5" for end-stage renal disease, "WHO grade
   *  4" for glioblastoma, "decompensated"): a name stating a conflicting one is not this concept. */
  implies?: string;
  note?: string;
}

export interface LexiconData {
  version?: number;
  /** English word → canonical word (or phrase), applied to every English word before comparison. */
  words?: Record<string, string>;
  groups: ConceptGroup[];
  /** Pairs of group ids that name different diseases (also applies to their narrower concepts). */
  distinct?: [string, string][];
  /** Further files of the same shape (groups, distinct, words), relative to this one, read by `Lexicon.load`. */
  include?: string[];
}

/** A concept found in a reading: `whole` when the reading is a name of the group up to qualifiers; otherwise a
 *  name covering the reading's head was found inside it and `residue` holds the words around it. */
export interface ConceptHit {
  id: string;
  whole: boolean;
  residue: string[];
  /** The reading is an acute exacerbation of this concept (a narrower concept the lexicon does not list). */
  ae?: boolean;
}

export type Relation = 'same' | 'broader' | 'narrower';

export const DEFAULT_LEXICON_PATH = `${PACKAGE_ROOT}data/lexicon/diagnoses.json`;
export const DEFAULT_ZH_ABBREVIATIONS_PATH = `${PACKAGE_ROOT}data/lexicon/zh-abbreviations.json`;

/** Latin words never expanded as abbreviations even if a group lists them (they are ordinary English). */
const COMMON_WORDS = new Set(['all', 'as', 'an', 'or', 'is', 'it', 'on', 'at', 'no', 'not', 'in', 'to', 'be', 'of', 'by', 'if', 'up', 'us', 'am', 'do', 'so', 'me', 'we', 'he']);
const MODES: MatchLang[] = ['en', 'zh'];
// words that make another entity of the name they sit in (a residue never names the concept: "carcinoma in situ")
const NEGATIVE_UNIT = /^(?:non|not|no|without|pseudo|situ|非|不|无|未|假)$/u;
const OTHER_ENTITY_PREFIX = /^[假类亚副]$/u;

let cached: Lexicon | undefined;

/** Negation is part of a key: "non-small cell lung cancer" must never be found as "small cell lung cancer"; so is
 *  an acute exacerbation ("AECOPD" is its own concept; another exacerbation is found as its disease, marked `ae`). */
const negTag = (s: Stripped): string => (s.negated ? '|neg' : '') + (s.exacerbation ? '|ae' : '');

export class Lexicon {
  readonly groups: ReadonlyMap<string, ConceptGroup>;
  readonly hooks: NormaliseHooks;
  /** The Chinese abbreviations expanded before names are read (empty unless given). */
  readonly zhAbbreviations: ZhAbbreviations;
  /** Problems found while indexing (a name that two groups claim); empty for a clean lexicon. */
  readonly warnings: string[] = [];
  private primary: Record<MatchLang, Map<string, string>> = { en: new Map(), zh: new Map() };
  private secondary: Record<MatchLang, Map<string, string | null>> = { en: new Map(), zh: new Map() };
  /** zh names by their loose key (without 性 and 的): the last resort of a whole-name lookup. */
  private looseZh = new Map<string, string | null>();
  private readonly implied = new Map<string, Slots>();
  private readonly abbr = new Map<string, ConceptGroup | null>();
  private readonly words = new Map<string, string>();
  private readonly distinctPairs = new Set<string>();
  private nameTotal = 0;

  private constructor(data: LexiconData, zh: ZhAbbreviations, snapshot?: IndexSnapshot) {
    this.zhAbbreviations = zh;
    const groups = new Map<string, ConceptGroup>();
    for (const g of data.groups) {
      if (groups.has(g.id)) throw new LexiconError(`concept group "${g.id}" is defined twice`);
      groups.set(g.id, g);
    }
    for (const g of groups.values()) {
      if (g.parent !== undefined && !groups.has(g.parent)) throw new LexiconError(`group "${g.id}": parent "${g.parent}" does not exist`);
      for (const a of g.also ?? []) if (!groups.has(a)) throw new LexiconError(`group "${g.id}": "also" names "${a}", which does not exist`);
    }
    for (const g of groups.values()) if (this.ancestorsOf(g.id, groups).includes(g.id)) throw new LexiconError(`group "${g.id}" is its own ancestor`);
    for (const [a, b] of data.distinct ?? []) {
      for (const id of [a, b]) if (!groups.has(id)) throw new LexiconError(`distinct pair [${a}, ${b}]: "${id}" does not exist`);
      this.distinctPairs.add(`${a}|${b}`).add(`${b}|${a}`);
    }
    this.groups = groups;
    for (const [w, to] of Object.entries(data.words ?? {})) this.words.set(w.toLowerCase(), to.toLowerCase());
    for (const g of groups.values()) {
      for (const a of g.abbr ?? []) {
        const k = a.toLowerCase().replace(/[^a-z0-9]/g, '');
        if (!/^[a-z][a-z0-9]+$/.test(k) || COMMON_WORDS.has(k)) continue;
        const prev = this.abbr.get(k);
        this.abbr.set(k, prev === undefined || prev?.id === g.id ? g : null);
      }
    }
    this.hooks = {
      word: (w) => this.words.get(w) ?? w,
      expand: (w, mode) => {
        const g = this.abbr.get(w);
        if (!g) return undefined;
        const raw = mode === 'zh' ? (g.zh[0] ?? g.en[0]) : g.en[0];
        // The expansion goes into text that is already normalised, so it is normalised the same way.
        const name = raw === undefined ? '' : basicNormalise(raw);
        return name !== '' && name !== w ? name : undefined;
      },
      ...(zh.size > 0 ? { expandZh: (text: string) => zh.expand(text) } : {}),
    };
    for (const g of groups.values()) {
      if (g.implies === undefined) continue;
      const slots = strip(` ${basicNormalise(g.implies)} `, /\p{Script=Han}/u.test(g.implies) ? 'zh' : 'en', this.hooks).slots;
      if (Object.keys(slots).length === 0) throw new LexiconError(`group "${g.id}": "implies" states no qualifier the matcher reads: "${g.implies}"`);
      this.implied.set(g.id, slots);
    }
    if (snapshot) {
      // the index as an earlier process built it from the same files and code (lexicon-cache.ts)
      this.primary = { en: new Map(snapshot.primary.en), zh: new Map(snapshot.primary.zh) };
      this.secondary = { en: new Map(snapshot.secondary.en), zh: new Map(snapshot.secondary.zh) };
      this.looseZh = new Map(snapshot.loose);
      this.warnings.push(...snapshot.warnings);
      this.nameTotal = snapshot.total;
      return;
    }
    let total = 0;
    for (const g of groups.values()) {
      const names: [string, MatchLang[]][] = [...g.en.map((n): [string, MatchLang[]] => [n, MODES]), ...g.zh.map((n): [string, MatchLang[]] => [n, ['zh']]), ...(g.abbr ?? []).map((n): [string, MatchLang[]] => [n, MODES])];
      for (const [name, modes] of names) {
        total++;
        // a name without Chinese characters is read in English in either mode: analysed once
        const latin = !/\p{Script=Han}/u.test(name);
        let read: Reading | undefined;
        for (const mode of modes) {
          if (!latin || read === undefined) read = analyse(name, mode, this.hooks, true).readings[0];
          this.index(name, mode, g.id, read);
        }
      }
    }
    this.nameTotal = total;
  }

  /** A lexicon from data; `zh` is the table of Chinese abbreviations to expand (none unless given). `snapshot` is
   *  an index built earlier from the same data and code (lexicon-cache.ts), used instead of indexing again. */
  static fromData(data: unknown, zh: ZhAbbreviations = ZhAbbreviations.none, snapshot?: IndexSnapshot): Lexicon {
    const d = data as LexiconData;
    if (!d || typeof d !== 'object' || !Array.isArray(d.groups)) throw new LexiconError('a lexicon needs a "groups" array');
    for (const [i, g] of d.groups.entries()) {
      if (!g || typeof g.id !== 'string' || g.id === '') throw new LexiconError(`group ${i + 1} has no "id"`);
      if (!Array.isArray(g.en) || !Array.isArray(g.zh)) throw new LexiconError(`group "${g.id}" needs "en" and "zh" arrays`);
      if ([...g.en, ...g.zh, ...(g.abbr ?? [])].some((n) => typeof n !== 'string' || n.trim() === '')) throw new LexiconError(`group "${g.id}" has an empty or non-string name`);
      if (g.usual !== undefined && (typeof g.usual !== 'boolean' || g.parent === undefined)) throw new LexiconError(`group "${g.id}": "usual" is true or false, and only for a group with a "parent"`);
      if (g.also !== undefined && (!Array.isArray(g.also) || g.also.some((a) => typeof a !== 'string' || a === ''))) throw new LexiconError(`group "${g.id}": "also" is a list of group ids`);
      if (g.implies !== undefined && (typeof g.implies !== 'string' || g.implies.trim() === '')) throw new LexiconError(`group "${g.id}": "implies" is a qualifier text such as "stage 5"`);
    }
    return new Lexicon(d, zh, snapshot);
  }

  /** The lexicon at `path` (with the files its `include` lists, relative to it) and the Chinese abbreviation
   *  table at `zhPath` (null: none). An error names the file, and the group or pair it is about. */
  static load(path: string = DEFAULT_LEXICON_PATH, zhPath: string | null = DEFAULT_ZH_ABBREVIATIONS_PATH): Lexicon {
    const texts: string[] = [];
    const zh = zhPath === null ? ZhAbbreviations.none : readJson(zhPath, 'the zh abbreviation table', (d) => ZhAbbreviations.from(d), texts);
    const main = readJson(path, 'the lexicon', (d) => d as LexiconData, texts);
    if (!main || typeof main !== 'object') throw new LexiconError(`${path}: a lexicon is a JSON object`);
    const merged: LexiconData = { ...main, groups: [...(Array.isArray(main.groups) ? main.groups : [])], distinct: [...(main.distinct ?? [])], words: { ...(main.words ?? {}) } };
    const where = new Map<string, string>(merged.groups.map((g) => [g?.id, path]));
    const pairs: [string, [string, string][]][] = [];
    const extensions: [string, GroupExtension][] = [];
    for (const rel of main.include ?? []) {
      if (typeof rel !== 'string' || rel.trim() === '') throw new LexiconError(`${path}: "include" lists file paths, got ${JSON.stringify(rel)}`);
      const file = resolve(dirname(path), rel);
      const part = readJson(file, 'the lexicon part', (d) => d as LexiconData, texts);
      if (!part || typeof part !== 'object' || !Array.isArray(part.groups)) throw new LexiconError(`${file}: a lexicon part needs a "groups" array`);
      for (const g of part.groups) {
        const ext = g as unknown as GroupExtension;
        if (ext && typeof ext.extends === 'string') {
          extensions.push([file, ext]);
          continue;
        }
        const prev = where.get(g?.id);
        if (prev !== undefined) throw new LexiconError(`${file}: concept group "${g.id}" is already defined in ${prev}`);
        where.set(g?.id, file);
        merged.groups.push(g);
      }
      merged.distinct!.push(...(part.distinct ?? []));
      pairs.push([file, part.distinct ?? []]);
      Object.assign(merged.words!, part.words ?? {});
    }
    merged.groups = applyExtensions(merged.groups, extensions);
    for (const [file, list] of pairs) {
      for (const pair of list) {
        const missing = Array.isArray(pair) ? pair.find((id) => !where.has(id)) : undefined;
        if (!Array.isArray(pair) || pair.length !== 2) throw new LexiconError(`${file}: a distinct pair is two group ids, got ${JSON.stringify(pair)}`);
        if (missing !== undefined) throw new LexiconError(`${file}: distinct pair [${pair.join(', ')}]: "${missing}" does not exist`);
      }
    }
    const key = cacheKey(texts);
    try {
      const cached = readIndex(key);
      const lexicon = Lexicon.fromData(merged, zh, cached);
      if (!cached) writeIndex(key, lexicon.snapshot());
      return lexicon;
    } catch (err) {
      if (!(err instanceof LexiconError)) throw err;
      const id = /group "([^"]+)"|"([^"]+)" does not exist/.exec(err.message);
      const file = id ? (where.get(id[1] ?? id[2] ?? '') ?? path) : path;
      throw new LexiconError(`${file}: ${err.message}`);
    }
  }

  /** The bundled lexicon, loaded once. */
  static default(): Lexicon {
    cached ??= Lexicon.load();
    return cached;
  }

  /** The name index, as lexicon-cache.ts keeps it. */
  snapshot(): IndexSnapshot {
    return {
      version: 1,
      primary: { en: [...this.primary.en], zh: [...this.primary.zh] },
      secondary: { en: [...this.secondary.en], zh: [...this.secondary.zh] },
      loose: [...this.looseZh],
      warnings: [...this.warnings],
      total: this.nameTotal,
    };
  }

  /** Number of concept groups. */
  get size(): number {
    return this.groups.size;
  }

  /** Number of names (English, Chinese and abbreviations) over all groups. */
  get nameCount(): number {
    return this.nameTotal;
  }

  /** A readable label of a group: its first English name and first Chinese name. */
  label(id: string): string {
    const g = this.groups.get(id);
    if (!g) return id;
    return [g.en[0], g.zh[0]].filter((n) => n !== undefined).join(' / ') || id;
  }

  private index(name: string, mode: MatchLang, id: string, reading: Reading | undefined): void {
    if (!reading || reading.s.units.length === 0) return;
    const tag = negTag(reading.s);
    const [fullKey, key] = [reading.s.fullKey + tag, reading.s.key + tag];
    const owner = this.primary[mode].get(fullKey);
    if (owner === undefined) this.primary[mode].set(fullKey, id);
    else if (owner !== id) this.warnings.push(`"${name}" (${mode}) of "${id}" has the same key as a name of "${owner}"`);
    const sec = this.secondary[mode];
    if (!sec.has(key)) sec.set(key, id);
    else if (sec.get(key) !== id) sec.set(key, null);
    if (mode === 'zh') {
      const loose = reading.s.loose + tag;
      if (!this.looseZh.has(loose)) this.looseZh.set(loose, id);
      else if (this.looseZh.get(loose) !== id) this.looseZh.set(loose, null);
    }
  }

  private get1(mode: MatchLang, fullKey: string, key: string, tag = ''): string | undefined {
    const primary = this.primary[mode];
    const hit = primary.get(fullKey + tag);
    if (hit) return hit;
    // fewer of the stated slots, most first: "陈旧性下壁心肌梗死" (course old, site inferior) is found as the name
    // with its course ("陈旧性心肌梗死"), not only as the bare "心肌梗死"
    const [, ...tags] = fullKey.split('|');
    for (let size = tags.length - 1; size >= 1; size--) {
      for (const subset of subsets(tags, size)) {
        const id = primary.get(`${key}|${subset.join('|')}${tag}`);
        if (id) return id;
      }
    }
    return primary.get(key + tag) ?? this.secondary[mode].get(key + tag) ?? undefined;
  }

  /** The whole-name concept of a reading (with its tags), or, for zh, of its loose key. */
  private whole(s: Stripped, mode: MatchLang, tag: string): string | undefined {
    return this.get1(mode, s.fullKey, s.key, tag) ?? (mode === 'zh' ? (this.looseZh.get(s.loose + tag) ?? undefined) : undefined);
  }

  /** The concept of a reading: the whole reading, else the longest name inside it that covers its head. An
   *  acute exacerbation the lexicon does not list is found as its disease, marked `ae`. */
  lookup(s: Stripped, mode: MatchLang): ConceptHit | undefined {
    const hit = this.lookupTagged(s, mode, negTag(s));
    if (hit || !s.exacerbation) return hit;
    const base = this.lookupTagged(s, mode, s.negated ? '|neg' : '');
    return base ? { ...base, ae: true } : undefined;
  }

  private lookupTagged(s: Stripped, mode: MatchLang, tag: string): ConceptHit | undefined {
    const n = s.units.length;
    if (n === 0) return undefined;
    const whole = this.whole(s, mode, tag);
    if (whole) return { id: whole, whole: true, residue: [] };
    if (mode === 'zh') {
      // Chinese names are right-headed: only a suffix can name the disease (肝硬化 in 乙型肝炎肝硬化, not 肝炎).
      for (let len = n - 1; len >= 2; len--) {
        const k = s.units.slice(n - len).join('');
        // with the reading's slots: 恶性胸腔积液 inside 肺癌合并恶性胸腔积液 is the malignant effusion
        const id = this.get1('zh', fullKeyOf(k, s.slots), k, tag);
        const residue = s.units.slice(0, n - len);
        // a 假, 类, 亚 or 副 just before the name makes another entity of it (类天疱疮, 副银屑病: pemphigoid, parapsoriasis)
        if (id && OTHER_ENTITY_PREFIX.test(residue[residue.length - 1] ?? '')) return undefined;
        if (id && !residue.some((u) => NEGATIVE_UNIT.test(u))) return { id, whole: false, residue };
      }
      return undefined;
    }
    const h = Math.max(0, s.units.indexOf(s.head));
    for (let len = n - 1; len >= 1; len--) {
      for (let start = Math.max(0, h - len + 1); start <= Math.min(h, n - len); start++) {
        const window = s.units.slice(start, start + len);
        const k = [...new Set(window)].sort().join(' ');
        const id = this.get1('en', fullKeyOf(k, s.slots), k, tag);
        const residue = [...s.units.slice(0, start), ...s.units.slice(start + len)];
        if (id && !residue.some((u) => NEGATIVE_UNIT.test(u))) return { id, whole: false, residue };
      }
    }
    return undefined;
  }

  /** The qualifiers a concept implies (its `implies`), as slots; undefined when it states none. */
  impliedSlots(id: string): Slots | undefined {
    return this.implied.get(id);
  }

  /** Every broader concept of `id`: its parents (`parent`, then `also`), theirs, and so on, nearest first. A cycle
   *  puts `id` itself in the list (the constructor refuses that). */
  private ancestorsOf(id: string, groups: ReadonlyMap<string, ConceptGroup> = this.groups): string[] {
    const out: string[] = [];
    const up = (g: ConceptGroup | undefined): string[] => (g ? [...(g.parent !== undefined ? [g.parent] : []), ...(g.also ?? [])] : []);
    const queue = up(groups.get(id));
    while (queue.length > 0 && out.length < 40) {
      const cur = queue.shift()!;
      if (out.includes(cur)) continue;
      out.push(cur);
      if (cur !== id) queue.push(...up(groups.get(cur)));
    }
    return out;
  }

  /** How concept `a` relates to `b`: the same, broader than `b` (an ancestor) or narrower (a descendant). */
  relation(a: string, b: string): Relation | undefined {
    if (a === b) return 'same';
    if (this.ancestorsOf(b).includes(a)) return 'broader';
    if (this.ancestorsOf(a).includes(b)) return 'narrower';
    return undefined;
  }

  /** True when `narrow` lies below `broad` and every concept on the way up is marked `usual` for its parent. */
  usualUpTo(narrow: string, broad: string): boolean {
    let cur = this.groups.get(narrow);
    for (let steps = 0; cur && steps < 20; steps++) {
      if (cur.parent === undefined || !cur.usual) return false;
      if (cur.parent === broad) return true;
      cur = this.groups.get(cur.parent);
    }
    return false;
  }

  /** True when the two concepts (or any of their broader concepts) are listed as different diseases. */
  isDistinct(a: string, b: string): boolean {
    const as = [a, ...this.ancestorsOf(a)];
    const bs = [b, ...this.ancestorsOf(b)];
    return as.some((x) => bs.some((y) => this.distinctPairs.has(`${x}|${y}`)));
  }
}
