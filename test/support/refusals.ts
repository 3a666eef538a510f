/**
 * What the library and `clinicallab report` say about a run with a malformed stored row: the library's RecordError
 * message (or "read" when it reads the run) and the command's stderr (the command must fail).
 */
import { expect } from 'vitest';
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
