/**
 * "Judge" named apart: the matcher's judge is `--match-judge` on match, score and the report commands (the old
 * `--judge` still works), and the help says it is not the 4-dimension rater of `clinicallab rate`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockOpenAI, type MockServer } from '../support/mock-openai.js';
import { runCli, tempDir } from '../helpers.js';

describe('--match-judge', () => {
  let server: MockServer;
  beforeAll(async () => {
    process.env.CLINICALLAB_CACHE_DIR = tempDir();
    server = await startMockOpenAI();
  });
  afterAll(async () => server.close());

  const pair = ['Chronic granulomatous lymphadenitis of the neck', 'Chronic granulomatous cervical lymphadenitis'];

  it('asks the matcher’s judge what the rules leave open, as the old --judge does', async () => {
    server.respond({ kind: 'ok', text: 'Yes' });
    const named = await runCli('match', '--json', ...pair, '--match-judge', `openai-compatible:mj-a@${server.url}`);
    expect(named.code, named.err).toBe(0);
    expect(JSON.parse(named.out)).toEqual({ match: true, rule: 'judge', score: 1 });
    const old = await runCli('match', '--json', ...pair, '--judge', `openai-compatible:mj-b@${server.url}`);
    expect(JSON.parse(old.out)).toEqual({ match: true, rule: 'judge', score: 1 });
    expect(server.calls.map((c) => c.model)).toEqual(['mj-a', 'mj-b']);
  });

  it('is told apart from the 4-dimension rater in the help of every command that has it', async () => {
    for (const cmd of ['match', 'score', 'report', 'leaderboard']) {
      const help = (await runCli(cmd, '--help')).out;
      expect(help, cmd).toContain('--match-judge <spec>');
      expect(help, cmd).toContain('the old name of --match-judge');
    }
    expect((await runCli('match', '--help')).out).toContain('not the 4-dimension rater');
    const rate = (await runCli('rate', '--help')).out;
    expect(rate).toContain('not the matcher\'s judge');
    expect(rate).toContain('the old name of --rater');
  });
});
