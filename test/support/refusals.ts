/**
 * What the library and `clinicallab report` say about a run with a malformed stored row: the library's RecordError
 * message (or "read" when it reads the run) and the command's stderr (the command must fail).
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { BUNDLED_CASES_DIR } from '../../src/bench/bundled.js';
import { RecordError } from '../../src/run/decode.js';
import { buildViewModel } from '../../src/report/view-model.js';
import { runCli } from '../helpers.js';

export async function refusals(run: string, table: string): Promise<string[]> {
  const lib = await buildViewModel([run], { ci: false }).then(
    () => 'read',
    (err: unknown) => (err instanceof RecordError ? err.message : `not a RecordError: ${String(err)}`),
  );
  const cli = await runCli('report', run, '--format', 'json', '--table', table);
  expect(cli.code).not.toBe(0);
  return [lib, cli.err];
}

/** A small ClinicalAgent run: Agent#1@1 on one English urology record of the bundled set. */
export const SMALL_AGENT_ARGS = ['--variant', '1@1', '--cases', join(BUNDLED_CASES_DIR, 'urology.json'), '--lang', 'en', '--limit', '1', '--no-cache'];

/** What `report` (library and command) and a resumed `agent` say about an agent run (the resume must fail). */
export async function agentRefusals(run: string): Promise<string[]> {
  const resumed = await runCli('agent', ...SMALL_AGENT_ARGS, '--out', run);
  expect(resumed.code).not.toBe(0);
  return [...(await refusals(run, 'leaderboard')), resumed.err];
}
