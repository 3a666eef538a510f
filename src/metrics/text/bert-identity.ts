/**
 * An identity of a local BERTScore model folder, so a run can record which model its text scores came from and a
 * later rescoring can tell whether the folder still holds that model: a hash of the model's configuration files
 * and of the sizes of its tokenizer and ONNX weights (reading gigabytes of weights to hash them is not needed to
 * tell two models apart).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const TEXT_FILES = ['config.json', 'tokenizer_config.json'];
const SIZED_FILES = ['tokenizer.json', 'onnx/model.onnx'];

/** 16 hex digits; throws, naming the folder and the file, when the folder is not a model folder. */
export function bertscoreIdentity(dir: string): string {
  const abs = resolve(dir);
  const hash = createHash('sha256');
  for (const f of [...TEXT_FILES, ...SIZED_FILES]) {
    let part: string;
    try {
      part = TEXT_FILES.includes(f) ? readFileSync(join(abs, f), 'utf8') : String(statSync(join(abs, f)).size);
    } catch {
      throw new Error(`BERTScore model directory "${abs}" has no ${f}; expected a transformers.js model folder with ${[...TEXT_FILES, ...SIZED_FILES].join(', ')}`);
    }
    hash.update(`${f}\u0000${part}\u0000`);
  }
  return hash.digest('hex').slice(0, 16);
}
