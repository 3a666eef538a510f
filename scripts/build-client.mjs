// Build step after tsc: bundle the report's browser client (src/report/browser/) into dist/report/client.js.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleClient, PREBUILT_CLIENT } from '../dist/report/client-bundle.js';

writeFileSync(PREBUILT_CLIENT, bundleClient(fileURLToPath(new URL('../src/report/browser/main.ts', import.meta.url))));
