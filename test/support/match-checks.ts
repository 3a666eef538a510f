/**
 * What the matcher's rule tests share (test/metrics/matcher-*.test.ts): a matcher whose lexicon knows no disease
 * (`bare`, so a pair can only be decided by the rules), the bundled one (`full`), and assertions that name the pair,
 * the deciding rule and its explanation when they fail.
 */
import { expect } from 'vitest';
import { createMatcher, Lexicon, type Matcher, type MatchLang } from '../../src/metrics/matcher/index.js';

/** A matcher whose lexicon holds one placeholder concept: only the rules decide. */
export const bare: Matcher = createMatcher({ lexicon: Lexicon.fromData({ groups: [{ id: 'placeholder', en: ['placeholder disease'], zh: ['占位病'] }] }) });
/** The matcher with the bundled lexicon. */
export const full: Matcher = createMatcher();

/** Every pair [predicted, gold] is (`want`) or is not a match; with `why`, the explanation says so. */
export function check(m: Matcher, pairs: readonly (readonly [string, string])[], lang: MatchLang, want: boolean, why?: RegExp): void {
  for (const [p, g] of pairs) {
    const r = m.match(p, g, lang);
    expect(r.match, `"${p}" ${want ? 'should' : 'should not'} name "${g}" (${r.rule}: ${r.explanation})`).toBe(want);
    if (why) expect(r.explanation, `${p} / ${g}`).toMatch(why);
  }
}

export function yes(m: Matcher, p: string, g: string, lang: MatchLang): void {
  const r = m.match(p, g, lang);
  expect(r.match, `"${p}" should name "${g}" (${r.rule}: ${r.explanation})`).toBe(true);
}

export function no(m: Matcher, p: string, g: string, lang: MatchLang, why?: RegExp): void {
  const r = m.match(p, g, lang);
  expect(r.match, `"${p}" should not name "${g}" (${r.rule}: ${r.explanation})`).toBe(false);
  if (why) expect(r.explanation).toMatch(why);
}
