import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const FIXTURES = join(ROOT, 'test', 'fixtures');
export const fixture = (...parts: string[]): string => join(FIXTURES, ...parts);

const created: string[] = [];
process.on('exit', () => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the test process ends. */
export const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'clinicallab-test-'));
  created.push(dir);
  return dir;
};

/** Run the command line in-process and capture what it prints. */
export async function runCli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const { main } = await import('../src/cli/main.js');
  let out = '';
  let err = '';
  const code = await main(args, { out: (t) => (out += `${t}\n`), err: (t) => (err += `${t}\n`), color: false });
  return { code, out, err };
}
