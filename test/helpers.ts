import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const FIXTURES = join(ROOT, 'test', 'fixtures');
export const fixture = (...parts: string[]): string => join(FIXTURES, ...parts);
export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'clinicallab-test-'));
