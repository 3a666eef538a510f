/** Where the package's own data lives: the bundled open case set (ClinicalBench-Open). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package root (works from src/ under tests and from dist/ when installed). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Directory of the bundled open case set. */
export const BUNDLED_CASES_DIR = fileURLToPath(new URL('../../data/open/', import.meta.url));

/** The version of this package, from its package.json. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version: string };
  return pkg.version;
}
