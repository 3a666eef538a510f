/**
 * The report's client, compiled from src/report/browser/ by esbuild: one classic script that needs nothing at
 * run time (no module loader, no Node built-in, no server code), with the page's control characters escaped, and
 * the build's file is the very bundle the sources give.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/report/client-bundle.js';
import { CLIENT_SCRIPT } from '../../src/report/html.js';
import { ROOT } from '../helpers.js';

const BUILT = join(ROOT, 'dist', 'report', 'client.js');

describe('the report client bundle', () => {
  const bundle = bundleClient();

  it('is one self-contained classic script, without imports or server code', () => {
    expect(() => new Script(bundle)).not.toThrow();
    expect(bundle).not.toMatch(/\bimport\s*[({'"]|\brequire\(|["']node:/);
    expect(bundle).not.toContain('better-sqlite3');
    // the parts are all in it, each once
    for (const name of ['renderLeaderboard', 'initDepartments', 'initCases', 'renderAgents', 'renderInteractive', 'renderJudge', 'renderManifest']) {
      expect(bundle.match(new RegExp(`function ${name}\\(`, 'g'))).toHaveLength(1);
    }
  });

  it('keeps control characters escaped, as the sources write them', () => {
    // eslint-disable-next-line no-control-regex -- looking for raw control characters is the point
    expect(bundle).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(bundle).toContain('\\u0001');
  });

  it('is what the page inlines, after the task tables', () => {
    expect(CLIENT_SCRIPT).toContain(bundle);
    expect(CLIENT_SCRIPT.indexOf('var TASK_TITLES')).toBeLessThan(CLIENT_SCRIPT.indexOf(bundle));
  });

  it.skipIf(!existsSync(BUILT))('is the file npm run build wrote to dist/report/client.js (skipped before a build)', () => {
    expect(readFileSync(BUILT, 'utf8')).toBe(bundle);
  });
});
