/**
 * Reading stored JSON into typed records, field by field: every field a reader needs is checked for its type once,
 * where the row is read, and a row that does not have it is refused with an error that names the row (run, job or
 * score row) and the field — never cast, never skipped. Used for parsed answers (run/records.ts), score details
 * (metrics/score-detail.ts) and the records kept beside the manifest (run/meta-records.ts, agent/agent-record.ts).
 */

/** A stored row that cannot be read as the record it should be. */
export class RecordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordError';
  }
}

function describe(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
}

/**
 * A stored JSON text that did not parse, kept (by a store read that cannot name the row itself) until the row's
 * decoder refuses it with the row's name.
 */
export class UnreadJson {
  constructor(
    readonly text: string,
    readonly reason: string,
  ) {}
}

/** A stored JSON text, parsed; one that does not parse comes back as an `UnreadJson` for its decoder to refuse. */
export function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    return new UnreadJson(text, (err as Error).message);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of one stored JSON object; `where` names the row, `path` the object within it. */
export class Fields {
  private constructor(
    private readonly where: string,
    readonly path: string,
    private readonly value: Readonly<Record<string, unknown>>,
  ) {}

  /** The object at `path` of a row; anything else is refused. */
  static of(where: string, path: string, value: unknown): Fields {
    if (value instanceof UnreadJson) throw new RecordError(`${where}: ${path} is not JSON (${value.reason})`);
    if (!isObject(value)) throw new RecordError(`${where}: ${path} is ${describe(value)}, not an object`);
    return new Fields(where, path, value);
  }

  /** Parse a row's stored JSON text into its fields. */
  static parse(where: string, path: string, text: string): Fields {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      throw new RecordError(`${where}: ${path} is not JSON (${(err as Error).message})`);
    }
    return Fields.of(where, path, value);
  }

  /** The object as stored (for records whose own code reads them, e.g. agent steps). */
  get raw(): Readonly<Record<string, unknown>> {
    return this.value;
  }

  has(key: string): boolean {
    return this.value[key] !== undefined;
  }

  private fail(key: string, expected: string, value: unknown = this.value[key]): never {
    throw new RecordError(`${this.where}: ${this.path}.${key} is ${describe(value)}, not ${expected}`);
  }

  string(key: string): string {
    const v = this.value[key];
    return typeof v === 'string' ? v : this.fail(key, 'a text');
  }

  stringOrNull(key: string): string | null {
    const v = this.value[key];
    return v === null || typeof v === 'string' ? v : this.fail(key, 'a text or null');
  }

  number(key: string): number {
    const v = this.value[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : this.fail(key, 'a number');
  }

  numberOrNull(key: string): number | null {
    const v = this.value[key];
    return v === null || (typeof v === 'number' && Number.isFinite(v)) ? v : this.fail(key, 'a number or null');
  }

  boolean(key: string): boolean {
    const v = this.value[key];
    return typeof v === 'boolean' ? v : this.fail(key, 'true or false');
  }

  booleanOrNull(key: string): boolean | null {
    const v = this.value[key];
    return v === null || typeof v === 'boolean' ? v : this.fail(key, 'true, false or null');
  }

  /** One of a fixed set of texts. */
  oneOf<T extends string>(key: string, values: readonly T[]): T {
    const v = this.value[key];
    return values.find((x) => x === v) ?? this.fail(key, `one of ${values.join(', ')}`);
  }

  strings(key: string): string[] {
    const v = this.value[key];
    if (!Array.isArray(v)) return this.fail(key, 'a list of texts');
    return v.map((x: unknown, i) => (typeof x === 'string' ? x : this.fail(`${key}[${i}]`, 'a text', x)));
  }

  /** A list of texts, each one of a fixed set. */
  oneOfEach<T extends string>(key: string, values: readonly T[]): T[] {
    return this.strings(key).map((x, i) => values.find((v) => v === x) ?? this.fail(`${key}[${i}]`, `one of ${values.join(', ')}`, x));
  }

  object(key: string): Fields {
    return Fields.of(this.where, `${this.path}.${key}`, this.value[key]);
  }

  /** A list of objects, each read by `item`. */
  list<T>(key: string, item: (f: Fields) => T): T[] {
    const v = this.value[key];
    if (!Array.isArray(v)) return this.fail(key, 'a list');
    return v.map((x: unknown, i) => item(Fields.of(this.where, `${this.path}.${key}[${i}]`, x)));
  }

  /** An object of objects (keyed by name), each read by `item` with its name. */
  entries<T>(key: string, item: (f: Fields, name: string) => T): Record<string, T> {
    const out: Record<string, T> = {};
    for (const [name, x] of Object.entries(this.object(key).value)) out[name] = item(Fields.of(this.where, `${this.path}.${key}.${name}`, x), name);
    return out;
  }

  /** The field read by `read` when it is there (undefined and absent alike), else undefined. */
  optional<T>(key: string, read: (key: string) => T): T | undefined {
    return this.has(key) ? read.call(this, key) : undefined;
  }
}
