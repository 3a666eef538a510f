/**
 * What a user sees on every command: `npx clinicallab …` in the project prints the tool's own output and no
 * npm warning (an unknown key in the project's .npmrc made npm warn on every command), and a command piped into
 * a reader that stops early (`| head`) ends quietly.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const run = promisify(execFile);

describe('npx clinicallab in the project folder', () => {
  it('prints the version and no npm warning', async () => {
    const { stdout, stderr } = await run('npx', ['--no-install', 'clinicallab', '--version'], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(stderr).not.toMatch(/npm warn/i);
  });
});

describe('clinicallab piped into head', () => {
  it('ends quietly with status 0 when the reader stops early, with no EPIPE trace', async () => {
    const { stdout, stderr } = await run('bash', ['-c', 'set -o pipefail; node bin/clinicallab.js cases | true; echo "status $?"; node bin/clinicallab.js report --help | head -1'], { cwd: ROOT });
    expect(stdout).toMatch(/^status 0\nUsage: clinicallab report/);
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
  });
});
