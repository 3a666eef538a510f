/** The diagnosis matcher for the PD and FD scores: normalisation, lexicon, rules, list assignment, optional judge. */
export { basicNormalise, analyse, strip, slotConflict, readingMode, MAX_CHARS, SLOT_NAMES } from './normalise.js';
export type { MatchLang, NormaliseHooks, SlotName, Slots, Stripped, Reading, Analysis } from './normalise.js';
export { Lexicon, LexiconError, DEFAULT_LEXICON_PATH, DEFAULT_ZH_ABBREVIATIONS_PATH } from './lexicon.js';
export { ZhAbbreviations, ZhAbbreviationError } from './zh-abbreviations.js';
export type { ZhAbbreviation, ZhAbbreviationData, ZhExpansion } from './zh-abbreviations.js';
export type { ConceptGroup, LexiconData, ConceptHit, Relation } from './lexicon.js';
export { createMatcher, DEFAULT_OVERLAP_THRESHOLD, BROADER_POLICIES } from './matcher.js';
export type { Matcher, MatcherOptions, MatchResult, MatchRule, JudgedMatchResult, BroaderPolicy } from './matcher.js';
export { matchList, pdVerdict, principalIndex, MAX_LIST_ITEMS } from './list.js';
export type { ListMatch, ListItemMatch } from './list.js';
export { buildJudgePrompt, parseJudgeReply, judgeMatch } from './judge.js';
export type { Judge, JudgeReply, JudgeOutcome } from './judge.js';
