#!/usr/bin/env node
// The clinicallab command. The TypeScript sources are compiled to dist/ by `npm ci` (the prepare script).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('clinicallab: dist/ is missing; run `npm ci` (or `npm run build`) in the clinicallab folder first.\n');
  process.exit(1);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
