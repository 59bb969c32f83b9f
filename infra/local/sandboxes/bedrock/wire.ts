/**
 * The Bedrock Runtime Converse API as the sandbox speaks it: its errors (status, x-amzn-ErrorType,
 * `{ "message" }`), the SigV4 shape it insists on and the checks it makes on a request body.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** A Bedrock error as the service sends it (restJson1: the type in a header, the message in the body). */
export class BedrockError extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
  }
}

export const errors = {
  unsigned: () => new BedrockError(403, 'MissingAuthenticationTokenException', 'Missing Authentication Token'),
  badSignature: (why: string) => new BedrockError(403, 'IncompleteSignatureException', `Authorization header requires ${why}.`),
  validation: (message: string) => new BedrockError(400, 'ValidationException', message),
  throttled: () => new BedrockError(429, 'ThrottlingException', 'Too many requests, please wait before trying your request again.'),
  internal: () => new BedrockError(500, 'InternalServerException', 'The server encountered an internal error while processing the request.'),
  notFound: () => new BedrockError(404, 'UnknownOperationException', 'The requested operation is not recognized by the service.'),
};

/**
 * SigV4's Authorization header: `AWS4-HMAC-SHA256 Credential={key}/{yyyymmdd}/{region}/bedrock/aws4_request,
 * SignedHeaders={a;b;c}, Signature={64 hex}` (the SDK signs Bedrock Runtime with the service name "bedrock").
 */
export function checkSignatureShape(headers: IncomingHttpHeaders): void {
  const authorization = headers.authorization;
  if (!authorization) throw errors.unsigned();
  const match = /^AWS4-HMAC-SHA256 Credential=([A-Za-z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/bedrock\/aws4_request, ?SignedHeaders=([a-z0-9;:-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) throw errors.badSignature("'Credential' with a bedrock scope, 'SignedHeaders' and a 64-hex 'Signature'");
  const signed = match[4]!.split(';');
  // Over HTTP/2 the SDK signs :authority where HTTP/1.1 has host.
  if (!(signed.includes('host') || signed.includes(':authority')) || !signed.includes('x-amz-date')) {
    throw errors.badSignature('host (or :authority) and x-amz-date among the signed headers');
  }
  const date = headers['x-amz-date'];
  if (typeof date !== 'string' || !/^\d{8}T\d{6}Z$/.test(date) || !date.startsWith(match[2]!)) throw errors.badSignature('an X-Amz-Date matching the credential scope');
}

export interface ConverseBody {
  messages?: Array<{ role?: string; content?: Array<{ text?: unknown }> }>;
  system?: Array<{ text?: unknown }>;
  inferenceConfig?: { maxTokens?: unknown; temperature?: unknown };
  toolConfig?: { tools?: Array<{ toolSpec?: { name?: unknown; inputSchema?: { json?: unknown } } }>; toolChoice?: { tool?: { name?: unknown } } };
}

export const texts = (blocks: Array<{ text?: unknown }> | undefined) => (blocks ?? []).flatMap((b) => (typeof b.text === 'string' ? [b.text] : []));

/** The checks Bedrock makes before any model sees the request (the ones our adapter could get wrong). */
export function validate(body: ConverseBody): { toolName?: string } {
  if (!Array.isArray(body.messages) || body.messages.length === 0) throw errors.validation('A conversation must start with a user message. Try again with a conversation that starts with a user message.');
  if (body.messages[0]?.role !== 'user') throw errors.validation('A conversation must start with a user message. Try again with a conversation that starts with a user message.');
  for (const message of body.messages) {
    if (message.role !== 'user' && message.role !== 'assistant') throw errors.validation("1 validation error detected: Value at 'messages.role' failed to satisfy constraint: Member must satisfy enum value set: [user, assistant]");
    if (!Array.isArray(message.content) || message.content.length === 0) throw errors.validation('The content field in the Message object is empty. Add a ContentBlock object to the content field and try again.');
  }
  const maxTokens = body.inferenceConfig?.maxTokens;
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) throw errors.validation("1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint: Member must have value greater than or equal to 1");
  const tools = body.toolConfig?.tools;
  if (body.toolConfig === undefined) return {};
  if (!Array.isArray(tools) || tools.length === 0) throw errors.validation('The toolConfig field must be defined when using toolUse and toolResult content blocks.');
  const names = tools.map((t) => t.toolSpec?.name);
  if (names.some((n) => typeof n !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(n))) throw errors.validation("1 validation error detected: Value at 'toolConfig.tools.1.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+");
  if (tools.some((t) => typeof t.toolSpec?.inputSchema?.json !== 'object')) throw errors.validation('The value at toolConfig.tools.0.toolSpec.inputSchema.json.type must be one of the following: object.');
  const forced = body.toolConfig.toolChoice?.tool?.name;
  if (forced !== undefined && !names.includes(forced)) throw errors.validation('The tool specified in toolChoice was not found in toolConfig.tools.');
  return { toolName: (forced as string | undefined) ?? (names[0] as string) };
}
