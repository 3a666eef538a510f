/**
 * The one interface every model implements: messages in → text, token usage and finish reason out. Caching,
 * retries, rate limits and cost are wrappers around it in `run`, never code inside a provider.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateRequest {
  messages: ChatMessage[];
  /** Sampling temperature; the runner sends 0 unless told otherwise. */
  temperature?: number;
  maxTokens?: number;
  seed?: number;
  topP?: number;
  topK?: number;
  stop?: string[];
  /** Ask for JSON output that conforms to this JSON Schema (providers that support it). */
  jsonSchema?: Record<string, unknown>;
  /** Aborts the request (timeouts, shutdown). */
  signal?: AbortSignal;
  /**
   * What is being asked, for models that are not language models (the built-in baseline). LLM providers ignore
   * it; it carries nothing the prompt does not already say.
   */
  task?: { kind: string; language: 'zh' | 'en'; k?: number };
  /**
   * Tools the model may call instead of writing text (providers that support tool calling). A provider that calls
   * one returns the call as the answer text, as JSON: `{"action": <tool name>, ...<its arguments>}`.
   */
  tools?: ToolDefinition[];
}

/** A tool offered to a model: its name, what it does, and the JSON Schema of its arguments. */
export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
}

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other' | 'unknown';

export interface GenerateResult {
  text: string;
  usage: Usage;
  finishReason: FinishReason;
  /**
   * What a reasoning model sent in its separate reasoning field (`reasoning_content`), apart from the answer. Never
   * read as the answer, and not stored: the reader only notes how much of it there was when the answer is empty.
   */
  reasoning?: string;
  /** The model id the server says answered, when it says so. */
  responseModel?: string;
}

export interface Model {
  /** The model spec without secrets, e.g. `openai:gpt-4o` or `openai-compatible:qwen2.5@http://127.0.0.1:8000/v1`. */
  readonly id: string;
  generate(request: GenerateRequest): Promise<GenerateResult>;
  /** Free resources (local models). */
  close?(): Promise<void>;
}
