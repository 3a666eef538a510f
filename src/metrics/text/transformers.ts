/**
 * The few parts of transformers.js the scorer uses. The package is an optional dependency (its ONNX runtime
 * wants a download at install time), so its types are not assumed to be installed: these are declared here and
 * the module is imported by name at run time.
 */
export interface Tensor {
  dims: number[];
  data: unknown;
}
export interface Tokenizer {
  pad_token_id: number;
  encode(text: string, options: { add_special_tokens: boolean }): number[];
}
export interface Model {
  forward(inputs: Record<string, Tensor>): Promise<unknown>;
  dispose(): Promise<unknown>;
}
export interface Transformers {
  env: { allowRemoteModels: boolean; allowLocalModels: boolean };
  AutoTokenizer: { from_pretrained(dir: string, options: object): Promise<Tokenizer> };
  AutoModel: { from_pretrained(dir: string, options: object): Promise<Model> };
  Tensor: new (type: 'int64', data: BigInt64Array, dims: number[]) => Tensor;
}

export const TRANSFORMERS_PACKAGE = '@huggingface/transformers';

/** Import transformers.js, or say how to install it. */
export async function importTransformers(): Promise<Transformers> {
  const name: string = TRANSFORMERS_PACKAGE;
  try {
    return (await import(name)) as Transformers;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') throw e;
    throw new Error(
      `BERTScore with a local model needs the optional package ${TRANSFORMERS_PACKAGE}, which is not installed. ` +
        `Install it with: ONNXRUNTIME_NODE_INSTALL=skip npm install ${TRANSFORMERS_PACKAGE} ` +
        '(the variable skips the ONNX runtime\'s CUDA download, which needs the network; leave it out to get GPU support).',
      { cause: e },
    );
  }
}

