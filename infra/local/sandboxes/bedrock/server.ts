/**
 * A local, Bedrock-compatible model: the production adapter (functions/ai/bedrock.ts) talks to it
 * unchanged through the SDK, only AWS_ENDPOINT_URL_BEDROCK_RUNTIME differs. It speaks the Bedrock
 * Runtime Converse API (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html):
 *
 *   POST /model/{modelId}/converse
 *     request  { messages: [{ role, content: [{ text }] }], system?: [{ text }], inferenceConfig?,
 *                toolConfig?: { tools: [{ toolSpec: { name, description, inputSchema: { json } } }],
 *                               toolChoice?: { auto | any | tool: { name } } }, guardrailConfig? }
 *     answer   { output: { message: { role: 'assistant', content: [{ text } | { toolUse: { toolUseId, name, input } }] } },
 *                stopReason: 'end_turn' | 'tool_use' | …, usage: { inputTokens, outputTokens, totalTokens },
 *                metrics: { latencyMs } }
 *     errors   Bedrock's: HTTP status, `x-amzn-ErrorType` header and `{ "message" }` body
 *              (ValidationException 400, MissingAuthenticationTokenException / IncompleteSignatureException 403,
 *              ThrottlingException 429, InternalServerException 500).
 *   GET /__sandbox/requests   the last requests it answered (tests check what the model was told)
 *
 * One port speaks both HTTP/2 (cleartext, prior knowledge: what the SDK's Bedrock Runtime client
 * uses, as against the real service) and HTTP/1.1 (curl, fetch, a browser), told apart by the
 * HTTP/2 connection preface.
 *
 * Requests must carry a SigV4 Authorization header of the right shape (AWS4-HMAC-SHA256,
 * credential scope …/bedrock/aws4_request, signed headers, a 64-hex signature) and X-Amz-Date;
 * the signature itself is not recomputed (the local credentials are fake). Unsigned ones get 403.
 *
 * Quiz requests (a tool in toolConfig) are answered with a toolUse built from the built-in banks,
 * in another order and with the options shuffled, so the game shows the AI badge; chat (no tool)
 * with a short text saying this is the local sandbox. To show and test the fallbacks, a marker
 * anywhere in the user's text, or the sandbox's mode (ALP_BEDROCK_SANDBOX_MODE), makes it:
 *   [sandbox:fail]          500 InternalServerException
 *   [sandbox:throttle]      429 ThrottlingException
 *   [sandbox:slow]          answer only after `slowMs` (default 30 s; past the adapter's timeout)
 *   [sandbox:invalid-json]  text with broken JSON instead of the tool call
 *   [sandbox:wrong-shape]   a tool call whose questions are all malformed
 *   [sandbox:partial]       a tool call with half the questions malformed (the quiz is topped up)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttp1Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createH2cServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { bankQuestions, shuffled } from '../../../../functions/ai/banks/index.js';
import { QUIZ_SUBJECTS, type QuizDifficulty, type QuizSubject } from '../../../../functions/ai/contract.js';

export const SANDBOX_BEHAVIOURS = ['normal', 'fail', 'throttle', 'slow', 'invalid-json', 'wrong-shape', 'partial'] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];
export const sandboxMarker = (behaviour: Exclude<SandboxBehaviour, 'normal'>) => `[sandbox:${behaviour}]`;

export interface BedrockSandboxOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** How every request is answered unless its text carries a marker (default normal). */
  mode?: string;
  /** How long [sandbox:slow] waits (default 30 s). */
  slowMs?: number;
  log?: (message: string) => void;
}

export interface RecordedRequest {
  modelId: string;
  system: string;
  /** Every user turn's text, joined. */
  userText: string;
  /** The text of the turn answered (the last message). */
  lastText: string;
  /** Messages sent: earlier turns of a conversation plus the one answered. */
  turns: number;
  tool?: string;
  toolChoice?: unknown;
  maxTokens?: number;
}

export interface BedrockSandbox {
  /** AWS_ENDPOINT_URL_BEDROCK_RUNTIME: http://127.0.0.1:{port} */
  url: string;
  port: number;
  mode: SandboxBehaviour;
  requests(): RecordedRequest[];
  close(): Promise<void>;
}

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

/** The client's first bytes on an HTTP/2 connection with prior knowledge (RFC 9113 §3.4). */
const HTTP2_PREFACE = 'PRI * HTTP/2.0\r\n';

/** A Bedrock error as the service sends it (restJson1: the type in a header, the message in the body). */
class BedrockError extends Error {
  constructor(readonly status: number, readonly type: string, message: string) {
    super(message);
  }
}

const errors = {
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
export function checkSignatureShape(headers: Request['headers']): void {
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

interface ConverseBody {
  messages?: Array<{ role?: string; content?: Array<{ text?: unknown }> }>;
  system?: Array<{ text?: unknown }>;
  inferenceConfig?: { maxTokens?: unknown; temperature?: unknown };
  toolConfig?: { tools?: Array<{ toolSpec?: { name?: unknown; inputSchema?: { json?: unknown } } }>; toolChoice?: { tool?: { name?: unknown } } };
}

const texts = (blocks: Array<{ text?: unknown }> | undefined) => (blocks ?? []).flatMap((b) => (typeof b.text === 'string' ? [b.text] : []));

/** The checks Bedrock makes before any model sees the request (the ones our adapter could get wrong). */
function validate(body: ConverseBody): { toolName?: string } {
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

/** "Subject: Physics", "Difficulty: hard", "Number of questions: 5" from the user turn (functions/ai/prompts.ts). */
function quizAsked(userText: string): { subject: QuizSubject; difficulty: QuizDifficulty; count: number } {
  const line = (label: string) => new RegExp(`^${label}:\\s*(.+)$`, 'im').exec(userText)?.[1]?.trim();
  const subject = QUIZ_SUBJECTS.find((s) => s.toLowerCase() === line('Subject')?.toLowerCase()) ?? 'Mathematics';
  const difficultyText = line('Difficulty')?.toLowerCase() ?? '';
  const difficulty = (['easy', 'medium', 'hard'] as const).find((d) => difficultyText === d) ?? (difficultyText.startsWith('mixed') ? 'mixed' : 'medium');
  const count = Math.min(20, Math.max(1, Number.parseInt(line('Number of questions') ?? '5', 10) || 5));
  return { subject, difficulty, count };
}

/** Bank questions as a model would write them: no ids, another order, options shuffled. */
function sandboxQuiz(userText: string) {
  const asked = quizAsked(userText);
  return bankQuestions(asked.subject, asked.difficulty, asked.count).map(({ id: _id, ...question }) => {
    const order = shuffled([0, 1, 2, 3]);
    return { ...question, options: order.map((i) => question.options[i]!), correctIndex: order.indexOf(question.correctIndex) };
  });
}

/**
 * The chat reply: says it is the sandbox, echoes the student's words (the page must show them as
 * text, whatever they hold) and uses the light formatting the real model is asked for.
 */
function chatTemplate(lastText: string, earlierTurns: number): string {
  return [
    '**Local sandbox reply.** This is the local Bedrock sandbox, not a real AI model, so this reply is a template.',
    `You wrote: "${lastText.slice(0, 200)}"`,
    `- Earlier messages sent as context: ${earlierTurns}`,
    '- With a real model on AWS you would get a helpful answer here.',
  ].join('\n\n');
}

/** One of each malformed shape the adapter must drop. */
function malformedQuestions(subject: string) {
  const base = { question: `Which is a ${subject} question?`, options: ['A', 'B', 'C', 'D'], correctIndex: 0, explanation: 'Because.', difficulty: 'easy', topic: subject };
  return [
    { ...base, options: ['A', 'B', 'C'] },
    { ...base, question: `${base.question} (5)`, options: ['A', 'B', 'C', 'D', 'E'] },
    { ...base, question: `${base.question} (dup)`, options: ['A', 'A', 'B', 'C'] },
    { ...base, question: `${base.question} (4)`, correctIndex: 4 },
    { ...base, question: `${base.question} (-1)`, correctIndex: -1 },
    { ...base, question: `${base.question} ("2")`, correctIndex: '2' },
    { ...base, question: '' },
    { ...base, question: `${base.question} (no explanation)`, explanation: undefined },
  ];
}

/**
 * The socket as a stream that first gives back the bytes already read from it. HTTP/2 sessions
 * read a plain socket's handle directly and would miss bytes put back with unshift.
 */
function replaying(socket: Socket, first: Buffer): Duplex {
  const stream = new Duplex({
    read() { socket.resume(); },
    write(chunk: Buffer, _encoding, done) { socket.write(chunk, done); },
    final(done) { socket.end(done); },
    destroy(error, done) { socket.destroy(error ?? undefined); done(error); },
  });
  stream.push(first);
  socket.on('data', (chunk: Buffer) => { if (!stream.push(chunk)) socket.pause(); });
  socket.on('end', () => stream.push(null));
  socket.on('close', () => stream.destroy());
  socket.on('error', (error) => stream.destroy(error));
  return stream;
}

export async function startBedrockSandbox(options: BedrockSandboxOptions): Promise<BedrockSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((message: string) => console.warn(message));
  const mode: SandboxBehaviour = SANDBOX_BEHAVIOURS.find((b) => b === options.mode) ?? 'normal';
  if (options.mode && options.mode !== mode) log(`[bedrock-sandbox] unknown mode "${options.mode}"; answering normally (modes: ${SANDBOX_BEHAVIOURS.join(', ')})`);
  const slowMs = options.slowMs ?? 30_000;
  const recorded: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  function send(res: Response, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (res.writableEnded || closed.has(res)) return;
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID(), ...headers });
    res.end(JSON.stringify(body));
  }

  const fail = (res: Response, error: BedrockError) =>
    send(res, error.status, { message: error.message }, { 'x-amzn-errortype': `${error.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });

  async function readBody(req: Request): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  async function converse(modelId: string, req: Request, res: Response): Promise<void> {
    const started = Date.now();
    checkSignatureShape(req.headers);
    const raw = await readBody(req);
    let body: ConverseBody;
    try {
      body = JSON.parse(raw) as ConverseBody;
    } catch {
      throw errors.validation('Malformed input request, please reformat your input and try again.');
    }
    const { toolName } = validate(body);
    const userText = body.messages!.filter((m) => m.role === 'user').flatMap((m) => texts(m.content as Array<{ text?: unknown }>)).join('\n');
    // The turn being answered; earlier ones are the conversation's context.
    const lastText = texts(body.messages!.at(-1)!.content as Array<{ text?: unknown }>).join('\n');
    recorded.push({
      modelId, system: texts(body.system).join('\n'), userText, lastText, turns: body.messages!.length, tool: toolName,
      toolChoice: body.toolConfig?.toolChoice, maxTokens: body.inferenceConfig?.maxTokens as number | undefined,
    });
    if (recorded.length > 50) recorded.shift();

    const behaviour = SANDBOX_BEHAVIOURS.find((b) => b !== 'normal' && lastText.includes(sandboxMarker(b))) ?? mode;
    if (behaviour === 'fail') throw errors.internal();
    if (behaviour === 'throttle') throw errors.throttled();
    if (behaviour === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { pending.delete(timer); resolve(); }, slowMs);
        pending.add(timer);
        res.once('close', () => { clearTimeout(timer); pending.delete(timer); resolve(); });
      });
      if (closed.has(res) || res.writableEnded) return;
    }

    let content: unknown[];
    let stopReason: string;
    if (!toolName) {
      const earlier = body.messages!.length - 1;
      content = [{ text: chatTemplate(lastText, earlier) }];
      stopReason = 'end_turn';
    } else if (behaviour === 'invalid-json') {
      content = [{ text: 'Here are your questions:\n{"questions": [{"question": "What is 2 + 2?", "options": ["3", "4", "5"' }];
      stopReason = 'max_tokens';
    } else {
      const good = sandboxQuiz(userText);
      const subject = quizAsked(userText).subject;
      const questions = behaviour === 'wrong-shape' ? malformedQuestions(subject)
        : behaviour === 'partial' ? [...good.slice(0, Math.ceil(good.length / 2)), ...malformedQuestions(subject).slice(0, 3)]
          : good;
      content = [{ toolUse: { toolUseId: `tooluse_${randomBytes(11).toString('base64url')}`, name: toolName, input: { questions } } }];
      stopReason = 'tool_use';
    }
    const inputTokens = Math.ceil(raw.length / 4);
    const outputTokens = Math.ceil(JSON.stringify(content).length / 4);
    send(res, 200, {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
      metrics: { latencyMs: Date.now() - started },
    });
  }

  async function route(req: Request, res: Response): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const converseCall = /^\/model\/([^/]+)\/converse$/.exec(path);
    if (converseCall && req.method === 'POST') return converse(decodeURIComponent(converseCall[1]!), req, res);
    if (path === '/__sandbox/requests' && req.method === 'GET') return send(res, 200, { requests: recorded });
    throw errors.notFound();
  }

  /** Responses whose client went away (the adapter's timeout aborts the request). */
  const closed = new WeakSet<Response>();
  const handle = (req: Request, res: Response) => {
    res.once('close', () => { if (!res.writableEnded) closed.add(res); });
    route(req, res).catch((error: unknown) => {
      if (error instanceof BedrockError) return fail(res, error);
      log(`[bedrock-sandbox] ${req.method} ${req.url} failed: ${(error as Error).stack ?? String(error)}`);
      fail(res, errors.internal());
    });
  };
  const http1 = createHttp1Server(handle);
  const h2c = createH2cServer(handle);
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (first: Buffer) => {
      socket.pause();
      if (first.toString('latin1', 0, HTTP2_PREFACE.length) === HTTP2_PREFACE) {
        h2c.emit('connection', replaying(socket, first));
      } else {
        socket.unshift(first);
        http1.emit('connection', socket);
        socket.resume();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    port,
    mode,
    requests: () => [...recorded],
    close: () => new Promise<void>((resolve) => {
      for (const timer of pending) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
