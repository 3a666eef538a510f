/**
 * The reader against the answer corpus, end to end: every answer of test/fixtures/answers/ is served by the
 * loopback OpenAI-compatible server to a real run (the runner, the AI SDK provider, the store — the path a run
 * takes), and what the run stored is compared with what a careful reader takes from it. Prints the read rate per
 * style and language; each must be at least 95%.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, misreadings, runCorpus, type CorpusAnswer, type CorpusRun } from '../support/answer-corpus.js';

const corpus = loadCorpus();
let run: CorpusRun;

beforeAll(async () => {
  run = await runCorpus(corpus);
}, 120_000);

describe('the answer corpus', () => {
  it('has at least 8 styles, each in both languages, over several bundled cases', () => {
    const styles = new Set(corpus.map((a) => a.style));
    expect(styles.size).toBeGreaterThanOrEqual(8);
    for (const s of styles) expect(new Set(corpus.filter((a) => a.style === s).map((a) => a.lang))).toEqual(new Set(['zh', 'en']));
    expect(new Set(corpus.map((a) => a.case)).size).toBeGreaterThanOrEqual(5);
  });

  it('never reads a separate reasoning field as the answer, and says so when the token limit cut the answer off inside it', () => {
    const cutInField = corpus.filter((a) => a.reasoning !== undefined && a.text === '' && a.finish === 'length');
    expect(cutInField.length).toBeGreaterThanOrEqual(2);
    for (const a of cutInField) {
      const p = JSON.parse(run.jobs.get(a)![0]!.parsed!) as { department: string | null; reason: string };
      expect(p.department).toBeNull();
      expect(p.reason).toContain(`${a.reasoning!.length} characters in its separate reasoning field, none read`);
    }
  });

  it('is read as intended in at least 95% of its answers, per style and language', () => {
    const groups = new Map<string, CorpusAnswer[]>();
    for (const a of corpus) {
      const k = `${a.style} ${a.lang}`;
      groups.set(k, [...(groups.get(k) ?? []), a]);
    }
    const lines: string[] = [];
    const rates: Record<string, number> = {};
    const wrong: string[] = [];
    for (const [k, answers] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      let ok = 0;
      for (const a of answers) {
        const miss = misreadings(a, run.jobs.get(a) ?? []);
        if (miss.length === 0) ok++;
        else wrong.push(`${a.file} ${a.lang}/${a.id}: ${miss.join('; ')}`);
      }
      rates[k] = (100 * ok) / answers.length;
      lines.push(`${k.padEnd(14)} ${String(ok).padStart(3)}/${String(answers.length).padEnd(3)} ${rates[k]!.toFixed(1)}%`);
    }
    console.log(`Read as intended, per style and language:\n${lines.join('\n')}${wrong.length ? `\nMisread:\n${wrong.join('\n')}` : ''}`);
    for (const [k, rate] of Object.entries(rates)) expect({ [k]: rate >= 95 }, wrong.join('\n')).toEqual({ [k]: true });
  });
});
