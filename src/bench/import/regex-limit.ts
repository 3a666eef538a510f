/**
 * Regular expressions of a mapping file run on the source's text, and JavaScript's engine backtracks: `^(a+)+$`
 * on forty a's and a b takes longer than anyone waits. So a mapping converts each record under a time limit —
 * node:vm's `timeout`, which stops any synchronous JavaScript, the regex engine included — and the user regex
 * running when the limit struck is known (`runRegex` notes it, `inRule` notes the mapping rule), so the error
 * names the field, the rule, the step and the pattern. A pattern stopped on two records is not run again in that
 * import: the later records that reach it are reported at once, so a bad pattern costs seconds, not hours.
 *
 * Not one watchdog per regex, nor per record: starting one costs tens of microseconds (more on a busy machine),
 * as much as converting a record. One looks after a batch of records, each given at least the limit. What is
 * noted lives in this module while a record is converted, since a stopped record runs no `finally` that could
 * clear it; `RecordLimiter.map` sets it up before each record and clears it after each batch.
 */
import { createContext, Script } from 'node:vm';

/** How long one record's conversion may take before the regex running is stopped. */
export const RECORD_TIME_LIMIT_MS = 1000;
/** After this many records stopped on a pattern, it is not run again. */
const STOPS_BEFORE_GIVING_UP = 2;

export interface RegexUse {
  /** What the error is filed under: the ClinicalBench field (`principal_diagnosis`) or the skip rule (`skip[0]`). */
  field: string;
  /** The mapping rule's place in the mapping file: `fields.principal_diagnosis`, `imaging[0].findings`, `skip[0]`. */
  rule: string;
  /** The rule's step: `regex`, `replace`, `pick.matches`, `matches`. */
  step: string;
  pattern: string;
  /** Length of the text it ran on. */
  chars: number;
}

/** A pattern that was stopped on earlier records, not run again. */
export class RegexGaveUp extends Error {
  constructor(
    readonly use: RegexUse,
    readonly records: readonly number[],
  ) {
    super(`the regex /${use.pattern}/ is not run again`);
  }
}

interface Noted {
  field: string;
  rule: string;
  running?: RegexUse;
  limiter?: RecordLimiter;
}
let noted: Noted = { field: '', rule: '' };

const compiled = new Map<string, RegExp>();

/** A mapping's pattern, compiled once per pattern and flags (the schema checked that it compiles). */
export function userRegex(pattern: string, flags: string): RegExp {
  const key = `${flags}/${pattern}`;
  let re = compiled.get(key);
  if (!re) {
    if (compiled.size > 1000) compiled.clear();
    compiled.set(key, (re = new RegExp(pattern, flags)));
  }
  re.lastIndex = 0;
  return re;
}

/** Evaluate a mapping rule, noting which, for an error about a regex stopped inside it. */
export function inRule<T>(field: string, rule: string, fn: () => T): T {
  const before = { field: noted.field, rule: noted.rule };
  noted.field = field;
  noted.rule = rule;
  const out = fn();
  noted.field = before.field;
  noted.rule = before.rule;
  return out;
}

/** Run one step of a rule that uses a user regex on `text`, noting it while it runs. */
export function runRegex<T>(step: string, pattern: string, text: string, fn: () => T): T {
  const use: RegexUse = { field: noted.field, rule: noted.rule, step, pattern, chars: text.length };
  const earlier = noted.limiter?.stoppedOn(pattern) ?? [];
  if (earlier.length >= STOPS_BEFORE_GIVING_UP) throw new RegexGaveUp(use, earlier);
  noted.running = use;
  const out = fn();
  noted.running = undefined;
  return out;
}

export type Limited<T> = { value: T } | { error: { field?: string; message: string } };

/** How long one watchdog looks after a batch of records before the next batch gets a fresh one. */
const BATCH_MS = 100;

const context = createContext(Object.create(null) as object);
const script = new Script('job()', { filename: 'clinicallab-record-limit' });

const list = (records: readonly number[]): string => (records.length === 1 ? String(records[0]) : `${records.slice(0, -1).join(', ')} and ${records.at(-1)}`);
const what = (u: RegexUse): string => `the \`${u.step}\` /${u.pattern}/ of the mapping rule \`${u.rule}\``;
const verb = (u: RegexUse): string => (u.rule.startsWith('skip[') ? 'could not be checked' : 'could not be mapped');

/** Converts the records of one import, each under the time limit; remembers the patterns it had to stop. */
export class RecordLimiter {
  private readonly stopped = new Map<string, number[]>();

  constructor(readonly ms = RECORD_TIME_LIMIT_MS) {}

  stoppedOn(pattern: string): readonly number[] {
    return this.stopped.get(pattern) ?? [];
  }

  private gaveUp(err: RegexGaveUp): Limited<never> {
    const u = err.use;
    return { error: { field: u.field, message: `${verb(u)}: ${what(u)} was not run, so the record was not imported: it ran for more than ${this.ms} ms on record${err.records.length === 1 ? '' : 's'} ${list(err.records)} already` } };
  }

  private stoppedHere(record: number): Limited<never> {
    const u = noted.running;
    if (!u) return { error: { message: `took more than ${this.ms} ms to convert and was stopped, so it was not imported` } };
    this.stopped.set(u.pattern, [...this.stoppedOn(u.pattern), record]);
    return {
      error: {
        field: u.field,
        message: `${verb(u)}: ${what(u)} ran for more than ${this.ms} ms on a ${u.chars}-character text and was stopped, so the record was not imported; nested repetition such as (a+)+ makes a pattern take ages on some texts — simplify it`,
      },
    };
  }

  /**
   * Convert records in order, each given at least the time limit, the results in the same order. A watchdog
   * looks after records for up to BATCH_MS and the limit after that (so it is started a few times a second, not
   * once per record); when it stops one, that record is reported and the next batch starts after it.
   */
  map<I, T>(items: readonly I[], recordOf: (item: I) => number, convert: (item: I) => Limited<T>): Limited<T>[] {
    const out: Limited<T>[] = [];
    let next = 0;
    while (next < items.length) {
      const started = performance.now();
      let current = next;
      (context as { job?: () => void }).job = () => {
        for (; current < items.length; current++) {
          if (current > next && performance.now() - started >= BATCH_MS) return;
          noted = { field: '', rule: '', limiter: this };
          try {
            out[current] = convert(items[current]!);
          } catch (err) {
            if (!(err instanceof RegexGaveUp)) throw err;
            out[current] = this.gaveUp(err);
          }
        }
      };
      try {
        script.runInContext(context, { timeout: this.ms + BATCH_MS });
        next = current;
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw err;
        out[current] = this.stoppedHere(recordOf(items[current]!));
        next = current + 1;
      } finally {
        (context as { job?: () => void }).job = undefined;
        noted = { field: '', rule: '' };
      }
    }
    return out;
  }
}
