/**
 * Chinese clinical abbreviations (心梗 → 心肌梗死, 房颤 → 心房颤动, 慢阻肺 → 慢性阻塞性肺疾病 …) expanded in the text
 * of a name before it is read (normalise.ts `analyse`), on both sides of a comparison and in the lexicon's own
 * names alike. Expanding in the text, not only listing 心梗 as a whole name, is what lets a compound name meet
 * its full form: "急性前壁ST段抬高型心梗" becomes "急性前壁ST段抬高型心肌梗死", which the lexicon knows as STEMI.
 *
 * The table is data (`data/lexicon/zh-abbreviations.json`). One scan, leftmost-longest: at each position the
 * longest listed string wins — an abbreviation (replaced by its full form), a full form or a `keep` word (both
 * copied unchanged). So a full form is never expanded again (心房颤动 contains 房颤), and `from` refuses a full
 * form that is itself listed as an abbreviation (no chains). A half-written full form takes in the rest
 * ("房颤动" → 心房颤动, "心衰竭" → 心力衰竭, not 心力衰竭竭).
 *
 * What is NOT in the table, on purpose: names of a different disease that merely look shorter (糖尿病酮症 is
 * diabetic ketosis, not ketoacidosis), and names whose short form is a synonym rather than an abbreviation
 * (高血压病, 尿毒症, 宫外孕): those stay whole-name synonyms in the lexicon. Pure; no I/O here.
 */

export interface ZhAbbreviation {
  /** The short form as written in answers (Han characters, possibly with Latin letters). */
  abbr: string;
  /** The full form it stands for; in the table's own words it is never expanded further. */
  full: string;
  note?: string;
}

export interface ZhAbbreviationData {
  version?: number;
  note?: string;
  entries: ZhAbbreviation[];
  /** Words that contain an abbreviation but are not one (copied unchanged). */
  keep?: string[];
}

export interface ZhExpansion {
  text: string;
  /** "心梗 → 心肌梗死" for each expansion made, in order, without repeats. */
  applied: string[];
}

export class ZhAbbreviationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZhAbbreviationError';
  }
}

// The table is matched against text after basicNormalise: lower case, half width.
const norm = (s: string): string => s.normalize('NFKC').toLowerCase().trim();

export class ZhAbbreviations {
  readonly size: number;
  private readonly map: Map<string, string>;
  /** Every listed string (abbreviations, full forms, keep words) by its first character, longest first. */
  private readonly byFirst = new Map<string, string[]>();

  private constructor(map: Map<string, string>, protect: Set<string>) {
    this.map = map;
    this.size = map.size;
    for (const w of new Set([...map.keys(), ...map.values(), ...protect])) {
      const list = this.byFirst.get(w[0]!) ?? [];
      list.push(w);
      this.byFirst.set(w[0]!, list);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  }

  /** An empty table: expands nothing. */
  static readonly none = new ZhAbbreviations(new Map(), new Set());

  static from(data: unknown): ZhAbbreviations {
    const d = data as ZhAbbreviationData;
    if (!d || typeof d !== 'object' || !Array.isArray(d.entries)) throw new ZhAbbreviationError('a zh abbreviation table needs an "entries" array');
    const map = new Map<string, string>();
    for (const [i, e] of d.entries.entries()) {
      if (!e || typeof e.abbr !== 'string' || typeof e.full !== 'string') throw new ZhAbbreviationError(`entry ${i + 1} needs "abbr" and "full" strings`);
      const [abbr, full] = [norm(e.abbr), norm(e.full)];
      if (!/\p{Script=Han}/u.test(abbr) || abbr.length < 2) throw new ZhAbbreviationError(`entry ${i + 1}: "${e.abbr}" is not a Chinese abbreviation of at least two characters`);
      if (full === '' || full === abbr) throw new ZhAbbreviationError(`entry ${i + 1}: "${e.abbr}" needs a different full form`);
      if (map.has(abbr) && map.get(abbr) !== full) throw new ZhAbbreviationError(`"${e.abbr}" is listed with two full forms: ${map.get(abbr)}, ${full}`);
      map.set(abbr, full);
    }
    for (const [abbr, full] of map) if (map.has(full)) throw new ZhAbbreviationError(`the full form "${full}" of "${abbr}" is itself listed as an abbreviation`);
    const keep = new Set((d.keep ?? []).map((k) => (typeof k === 'string' ? norm(k) : '')));
    if (keep.has('')) throw new ZhAbbreviationError('"keep" holds an empty or non-string word');
    for (const k of keep) if (map.has(k)) throw new ZhAbbreviationError(`"${k}" is both an abbreviation and a word to keep`);
    return new ZhAbbreviations(map, keep);
  }

  /** The full form of one abbreviation, if listed. */
  fullOf(abbr: string): string | undefined {
    return this.map.get(norm(abbr));
  }

  /** Expands every listed abbreviation in a normalised text (see the file comment). */
  expand(text: string): ZhExpansion {
    const applied: string[] = [];
    if (this.byFirst.size === 0 || !/\p{Script=Han}/u.test(text)) return { text, applied };
    let out = '';
    let at = 0; // text before `at` is in `out`
    for (let i = 0; i < text.length; ) {
      const found = this.byFirst.get(text[i]!)?.find((w) => text.startsWith(w, i));
      if (found === undefined) {
        i++;
        continue;
      }
      const full = this.map.get(found);
      let end = i + found.length;
      if (full !== undefined) {
        // a half-written full form ("心衰竭", "房颤动"): the rest of the full form after the abbreviation's last
        // character is taken in, not doubled
        const last = full.lastIndexOf(found.slice(-1));
        const tail = last >= 0 ? full.slice(last + 1) : '';
        if (tail !== '' && text.startsWith(tail, end)) end += tail.length;
        const note = `${text.slice(i, end)} → ${full}`;
        if (!applied.includes(note)) applied.push(note);
        out += text.slice(at, i) + full;
        at = end;
      }
      i = end;
    }
    return { text: at === 0 ? text : out + text.slice(at), applied };
  }
}
