/**
 * The language model port: what the AI domain asks of a model. Amazon Bedrock implements it
 * (functions/ai/bedrock.ts, the Converse API); locally the same adapter talks to the
 * Bedrock-compatible sandbox (infra/local/sandboxes/bedrock/server.ts). Replies are raw: the caller
 * validates them (functions/ai/quiz-reply.ts), because a model may answer anything.
 */

/** A tool the model must call: its input is the structured answer (a quiz). */
export interface ModelTool {
  name: string;
  description: string;
  /** JSON Schema of the tool's input. */
  inputSchema: Record<string, unknown>;
}

/** An earlier turn of a conversation, sent as context (oldest first, starting with the user's). */
export interface ModelTurn {
  role: 'user' | 'assistant';
  text: string;
}

export interface ModelRequest {
  /** The product's instructions. Never contains the user's words. */
  system: string;
  /** Earlier turns, alternating user / assistant, before `userText`. */
  history?: readonly ModelTurn[];
  /** The user turn: the request, with whatever the student typed. */
  userText: string;
  /** When given, the model is forced to answer by calling it. */
  tool?: ModelTool;
}

export type ReplyBlock = { text: string } | { toolUse: { name: string; input: unknown } };

export interface ModelReply {
  content: ReplyBlock[];
  /** Bedrock's stopReason: tool_use, end_turn, max_tokens, guardrail_intervened, content_filtered … */
  stopReason: string;
  usage: { inputTokens: number; outputTokens: number };
}

/** The model could not answer: too slow, throttled, refused, or unreachable. Callers fall back. */
export class ModelUnavailable extends Error {
  constructor(readonly reason: 'timeout' | 'throttled' | 'failed', message: string) {
    super(message);
    this.name = 'ModelUnavailable';
  }
}

export interface LanguageModel {
  converse(request: ModelRequest): Promise<ModelReply>;
}
