/**
 * The report's client script, compiled from the TypeScript in src/report/browser/ by esbuild into one ES2020
 * IIFE. `npm run build` writes it to dist/report/client.js (scripts/build-client.mjs), and the published package
 * reads that file: esbuild is needed only to build. Run from the sources (vitest, tsx), where no prebuilt file
 * sits beside this module, the client is bundled on first use instead, so the page always shows the current code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Where the build puts the bundle: beside this module in dist/. */
export const PREBUILT_CLIENT = fileURLToPath(new URL('./client.js', import.meta.url));
const ENTRY = fileURLToPath(new URL('./browser/main.ts', import.meta.url));

/** Bundle the client with esbuild (a build-time dependency, loaded only here). */
export function bundleClient(entry: string = ENTRY): string {
  if (!existsSync(entry)) throw new Error(`report client: ${PREBUILT_CLIENT} is missing and there are no sources at ${entry} to build it from; run npm run build`);
  const esbuild = createRequire(import.meta.url)('esbuild') as typeof import('esbuild');
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  // esbuild prints the control characters of string literals raw; the page keeps them escaped, as written
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return result.outputFiles[0]!.text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

let cached: string | undefined;

/** The client script: the prebuilt bundle when there is one, else bundled now (once per process). */
export function clientScript(): string {
  cached ??= existsSync(PREBUILT_CLIENT) ? readFileSync(PREBUILT_CLIENT, 'utf8') : bundleClient();
  return cached;
}
