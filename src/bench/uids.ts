/**
 * Choosing a case by its uid, and showing uids short but never ambiguous. One rule everywhere a uid selects
 * cases (`cases --show`, `prompt --uid`):
 *
 * 1. a uid equal to what was typed wins, even when it is also the start of other uids (`DxBench_1` is that
 *    case, not "the start of DxBench_10 … DxBench_19");
 * 2. failing that, a uid equal to it ignoring letter case (`dxbench_1`), when exactly one is;
 * 3. failing that, the uids that start with it, ignoring letter case: exactly one selects it, several are an
 *    error that names some of them.
 *
 * Listings show each uid cut to `uidDisplayLength` characters: at least 8 (enough for 32-hex ClinicalBench
 * uids), longer whenever that is needed to tell the listed uids apart under that rule, so a shown uid typed
 * back always selects its own case.
 */

export type UidChoice =
  | { kind: 'found'; uid: string }
  | { kind: 'none' }
  /** Several uids fit; `candidates` holds all of them, sorted. */
  | { kind: 'ambiguous'; candidates: string[] };

/** Which uid `query` selects among `uids` (surrounding spaces ignored), by the rule above. */
export function chooseUid(uids: Iterable<string>, query: string): UidChoice {
  const wanted = query.trim();
  const all = [...new Set(uids)];
  if (wanted === '') return { kind: 'none' };
  if (all.includes(wanted)) return { kind: 'found', uid: wanted };
  const lower = wanted.toLowerCase();
  const sameIgnoringCase = all.filter((u) => u.toLowerCase() === lower);
  const fits = sameIgnoringCase.length > 0 ? sameIgnoringCase : all.filter((u) => u.toLowerCase().startsWith(lower));
  if (fits.length === 0) return { kind: 'none' };
  if (fits.length === 1) return { kind: 'found', uid: fits[0]! };
  return { kind: 'ambiguous', candidates: fits.sort() };
}

/** Thrown by `selectByUid` when a uid selects nothing or more than one case; the message says which. */
export class UidSelectionError extends Error {
  constructor(
    message: string,
    readonly query: string,
    readonly candidates: readonly string[],
  ) {
    super(message);
    this.name = 'UidSelectionError';
  }
}

/** How many candidates an "ambiguous" message names. */
const NAMED = 5;

/**
 * The records of the one case that `query` selects (every language it has), by the rule above. Throws a
 * `UidSelectionError` when no uid fits, or when several do (naming up to five of them).
 */
export function selectByUid<T extends { uid: string }>(cases: readonly T[], query: string): T[] {
  const choice = chooseUid(
    cases.map((c) => c.uid),
    query,
  );
  if (choice.kind === 'none') throw new UidSelectionError(`no case with uid "${query.trim()}"`, query, []);
  if (choice.kind === 'ambiguous') {
    const { candidates } = choice;
    const named = candidates.slice(0, NAMED).join(', ') + (candidates.length > NAMED ? `, and ${candidates.length - NAMED} more` : '');
    throw new UidSelectionError(`"${query.trim()}" is the start of ${candidates.length} uids (${named}); give more of the uid`, query, candidates);
  }
  return cases.filter((c) => c.uid === choice.uid);
}

/**
 * The number of characters to show of every uid of a set so that the shown uids are all different, even ignoring
 * letter case, and each selects its own case when typed back: at least `min` (8), more when two uids share a
 * longer start; a uid shorter than that is shown whole.
 */
export function uidDisplayLength(uids: Iterable<string>, min = 8): number {
  const sorted = [...new Set(uids)].map((u) => u.toLowerCase()).sort();
  let length = min;
  // the longest start two uids share is found between neighbours in sorted order; two uids that differ only in
  // letter case share all of the shorter one, so both are shown whole
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    let shared = 0;
    while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
    length = Math.max(length, shared + 1);
  }
  return length;
}

/** `uid` as a listing shows it: its first `length` characters (see uidDisplayLength). */
export function shortUid(uid: string, length: number): string {
  return uid.slice(0, length);
}
