/**
 * Pathological answers of about a megabyte (long runs of one character, endless repeats, unclosed markup, binary
 * and mixed-script text), shared by the tests that check every parser and scorer copes with them and by the
 * benchmark that times them (perf/huge-inputs.bench.ts). A regular expression that backtracks, or a loop that
 * rescans, takes minutes on these instead of milliseconds.
 */
import { seededRandom } from '../../src/metrics/stats.js';

export const MB = 1 << 20;

/** Answers for the six-section parser (parseSections), each at least MB − 8 characters. */
export function sectionTexts(): [string, string][] {
  let seed = 7;
  const next = (): number => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const anyUnit = (): string => String.fromCharCode(next() % 0x10000); // lone surrogates and controls included
  const mixed = ['初步诊断', 'Diagnosis', 'مرحبا', 'Привет', '😀', 'e\u0301', '\u0000', '\u202e', '：', '**', '\n', '1）', 'II.', '|'];
  return [
    ['spaces', ' '.repeat(MB)],
    ['line breaks', '\n'.repeat(MB)],
    ['asterisks', '*'.repeat(MB)],
    ['header then spaces', `## Treatment Plan${' \t'.repeat(MB / 2)}`],
    ['a label then spaces', `Preliminary Diagnosis${' '.repeat(MB)}x`],
    ['repeated labels', 'Preliminary Diagnosis: x\n主要诊断：y\n'.repeat(MB / 32)],
    ['unclosed reasoning', '<think>'.repeat(MB / 7)],
    ['table pipes', '| '.repeat(MB / 2)],
    ['binary', Array.from({ length: MB }, anyUnit).join('')],
    ['mixed scripts', Array.from({ length: MB / 2 }, () => mixed[next() % mixed.length]).join('')],
  ];
}

/** Answers for the answer readers (departments, diagnoses, impressions, JSON): half-finished JSON, fences, tables… */
export function readingTexts(): [string, string][] {
  return [
    ['open braces', '{"a": ['.repeat(MB / 7)],
    ['fences', '```json\n{'.repeat(MB / 9)],
    ['table rows', '| Urology | x |\n|---|---|\n'.repeat(MB / 26)],
    ['table of pipes', `| Department |\n|---|\n${'| '.repeat(MB / 2)}`],
    ['hedges', 'although urology, rather than nephrology, in summary gastroenterology; '.repeat(MB / 72)],
    ['notes', '(listed from most to least likely)\n'.repeat(MB / 36)],
    ['headings', '## x\n'.repeat(MB / 5)],
    ['brackets', '【x\n'.repeat(MB / 3)],
    ['bold numbers', '**7. x**\n'.repeat(MB / 9)],
    ['commas', 'Pneumonia, '.repeat(MB / 11)],
    ['sign-offs', 'Treatment Plan: x\n' + 'I hope this helps. '.repeat(MB / 19)],
    ['refusal words', "I can't ".repeat(MB / 8)],
  ];
}

/** Department answers: long runs of spaces, repeated separators, unclosed reasoning. */
export function departmentTexts(): Record<'padded' | 'gap' | 'twoOnLine' | 'numbered' | 'separators' | 'samePiece' | 'unclosed', string> {
  const spaces = ' '.repeat(MB);
  return {
    padded: `Neurology${spaces}.`,
    gap: `x${spaces}y`,
    twoOnLine: `Cardiology,${spaces}Neurology`,
    numbered: `1. Orthopedics${spaces}\n2. 骨科`,
    separators: '; '.repeat(MB / 2),
    samePiece: 'ENT, '.repeat(200_000),
    unclosed: '<think>'.repeat(MB / 7),
  };
}

/** Texts for the numbered-list splitter: markers, separators or padding. */
export function numberedTexts(): Record<'padding' | 'separators' | 'markers' | 'bullets', string> {
  return {
    padding: `1. Anaemia${' .'.repeat(MB / 2)}x; 2. Hyperuricaemia`,
    separators: '; '.repeat(MB / 2),
    markers: '1. x '.repeat(MB / 5),
    bullets: '- a\n'.repeat(MB / 4),
  };
}

/** Texts for lexical similarity: 1 MB of random UTF-16 units, 300k+ of mixed scripts, and that mix four times over. */
export function lexicalTexts(): { binary: string; mixed: string; huge: string; repeats: string } {
  const random = seededRandom(104);
  const binary = Array.from({ length: MB }, () => String.fromCharCode(Math.floor(random() * 0x10000))).join('');
  const mixed = Array.from({ length: 60_000 }, (_, i) => ['急性胰腺炎', 'Acute pancreatitis', ' WBC 13.2', '；', 'ありがとう', 'Ⅱ型', '😀', '\u0301'][i % 8]).join('');
  // 400k characters (160k tokens) of the same few clinical phrases
  const repeats = Array.from({ length: 20_000 }, (_, i) => `急性胰腺炎 WBC ${i % 97}.${i % 7} pain；`).join('');
  return { binary, mixed, huge: mixed.repeat(4), repeats };
}

/** A Chinese clinical-diagnosis answer of over 1 MB: a preliminary diagnosis list and a basis, both endless. */
export const hugeDiagnosisAnswer = (): string => `初步诊断：${'急性髓系白血病；贫血；'.repeat(60_000)}\n诊断依据：${'WBC 13.2 ×10^9/L，发热。'.repeat(40_000)}`;

/** Runs of a megabyte between the words a reader must still find: spaces, tabs, ideographic spaces, question marks, stars. */
export function gapTexts() {
  const spaces = ' '.repeat(MB);
  return {
    tabs: `Cardiology,${'\t'.repeat(MB)}Neurology`,
    ideographic: `心内科，${'\u3000'.repeat(MB)}神经内科`,
    hedged: `Although Cardiology is possible,${spaces}but Neurology is better suited.`,
    lineBreaks: `Although Cardiology is possible${'\r\n'.repeat(MB / 2)}Neurology is better suited.`,
    manyMentions: `Although ${'Cardiology Neurology '.repeat(MB / 21)}`,
    hedgeTail: `Pneumonia${spaces}(likely)`,
    questionMarks: `Pneumonia${'?'.repeat(MB)}x`,
    stopMarks: `Pneumonia${'。'.repeat(MB)}x`,
    connector: `Pneumonia${spaces}leading to sepsis`,
    complications: `Pneumonia with sepsis${spaces}and shock`,
    tabbedList: `1. Pneumonia${'\t'.repeat(MB)}?\n2. Asthma`,
    stars: `Cardiology${'*'.repeat(MB)}x`,
  };
}
