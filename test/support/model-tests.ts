/**
 * Tests that run a real ONNX model need the optional package @huggingface/transformers (its ONNX runtime wants a
 * download at install time, so a plain offline `npm ci` leaves it out). These helpers skip such tests visibly
 * where it is absent, and make its absence a failure under CI, which installs it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { ROOT } from '../helpers.js';

/** Whether the optional package that runs ONNX models (@huggingface/transformers) is installed. */
export const haveTransformers = existsSync(join(ROOT, 'node_modules', '@huggingface', 'transformers', 'package.json'));
export const NO_TRANSFORMERS = 'skipped: the optional package @huggingface/transformers is not installed';

/**
 * describe() for tests that run a real ONNX model. Where the optional package is absent they are reported as
 * skipped, saying why; under CI (which installs it) its absence is a failure, never a silent skip.
 */
export function describeWithModel(name: string, body: () => void): void {
  if (haveTransformers) describe(name, body);
  else if (process.env.CI) {
    describe(name, () => {
      it('needs @huggingface/transformers', () => {
        throw new Error('@huggingface/transformers is not installed: CI installs it with ONNXRUNTIME_NODE_INSTALL=skip npm ci');
      });
    });
  } else describe.skip(`${name} (${NO_TRANSFORMERS})`, body);
}

