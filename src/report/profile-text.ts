/**
 * What outputs say about the text-metric profile of the scores they show (metrics/text/profiles.ts): which
 * profile, a warning when rows of different profiles sit in one table, how many scores met a case where the
 * authors' libraries raise, and which profile the published reference rows were computed with.
 */
import { textProfile, type LibraryNote, type TextProfileName } from '../metrics/text/index.js';

/** The published rows were computed with the authors' own environment, i.e. what the `authors` profile reproduces. */
export const REFERENCE_PROFILE: TextProfileName = 'authors';

const NOTE_LABELS: Record<LibraryNote, string> = {
  'rouge-empty-hypothesis': 'empty answer',
  'rouge-empty-reference': 'empty reference',
  'rouge-recursion': 'recursion limit',
};

/** The profile of a set of rows: one name, `mixed`, or `none` (no text scores). */
export function profileOf(profiles: Iterable<TextProfileName | null>): TextProfileName | 'mixed' | 'none' {
  const set = new Set([...profiles].filter((p): p is TextProfileName => p !== null));
  return set.size === 0 ? 'none' : set.size > 1 ? 'mixed' : [...set][0]!;
}

/** A one-line description of a profile (or of a mix of them). */
export function profileLabel(profile: TextProfileName | 'mixed' | 'none', mixed: readonly TextProfileName[] = []): string {
  if (profile === 'none') return 'No text scores.';
  if (profile === 'mixed') {
    return `Warning: these rows were scored with different text-metric profiles (${mixed.join(', ')}); their text columns, Acceptability, Avg, the weighted average and DWR are not comparable across profiles — rescore them with one --profile.`;
  }
  return `Text metrics: profile ${textProfile(profile).label}.`;
}

/** The lines under a leaderboard: the profile (or the warning), and the library behaviours met. */
export function profileLines(profiles: readonly TextProfileName[], notes: Partial<Record<string, number>> = {}): string[] {
  const distinct = [...new Set(profiles)];
  const out = [profileLabel(profileOf(distinct), distinct)];
  const met = Object.entries(notes).filter(([, n]) => (n ?? 0) > 0);
  if (met.length > 0) {
    const total = met.reduce((a, [, n]) => a + n!, 0);
    out.push(
      `On ${total} text score${total === 1 ? '' : 's'} rouge 1.0.1 itself would raise (${met.map(([k, n]) => `${NOTE_LABELS[k as LibraryNote] ?? k} ${n}`).join(', ')}); the values taken instead are those docs/metrics.md gives.`,
    );
  }
  return out;
}

/** The line that labels the published rows with their profile, and says when it differs from the runs'. */
export function referenceProfileLine(runProfile: TextProfileName | 'mixed' | 'none'): string {
  const same = runProfile === REFERENCE_PROFILE;
  return `The published text scores were computed with the authors' libraries (profile ${REFERENCE_PROFILE})${
    same || runProfile === 'none'
      ? '.'
      : `; the rows above use ${runProfile === 'mixed' ? 'several profiles' : `profile ${runProfile}`}, so text columns differ in method as well as in model (rescore with --profile ${REFERENCE_PROFILE} to compare them).`
  }`;
}
