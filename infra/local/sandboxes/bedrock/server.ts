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
 * in another order and with the options shuffled, so the game shows the AI badge; lesson report
 * drafts (the write_lesson_report tool) with the tutor's notes as a topic and template texts; chat
 * (no tool) with a short text saying this is the local sandbox. To show and test the fallbacks, a marker
 * anywhere in the user's text, or the sandbox's mode (ALP_BEDROCK_SANDBOX_MODE), makes it:
 *   [sandbox:fail]          500 InternalServerException
 *   [sandbox:throttle]      429 ThrottlingException
 *   [sandbox:slow]          answer only after `slowMs` (default 30 s; past the adapter's timeout)
 *   [sandbox:invalid-json]  text with broken JSON instead of the tool call
 *   [sandbox:wrong-shape]   a tool call whose questions are all malformed (a report draft: no topics)
 *   [sandbox:partial]       a tool call with half the questions malformed (the quiz is topped up)
 *
 * The API's errors and checks are in wire.ts, the answers in replies.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer as createHttp1Server, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createH2cServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { listen, readText, sendJson } from '../../http.js';
import {
  chatTemplate, LESSON_REPORT_TOOL, malformedQuestions, quizAsked, SANDBOX_BEHAVIOURS, sandboxLessonReport, sandboxMarker, sandboxQuiz,
  type SandboxBehaviour,
} from './replies.js';
import { BedrockError, checkSignatureShape, errors, texts, validate, type ConverseBody } from './wire.js';

export { SANDBOX_BEHAVIOURS, sandboxMarker, type SandboxBehaviour } from './replies.js';
export { checkSignatureShape } from './wire.js';

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
    sendJson(res, status, body, { 'x-amzn-requestid': randomUUID(), ...headers });
  }

  const fail = (res: Response, error: BedrockError) =>
    send(res, error.status, { message: error.message }, { 'x-amzn-errortype': `${error.type}:http://internal.amazon.com/coral/com.amazon.bedrock/` });

  async function converse(modelId: string, req: Request, res: Response): Promise<void> {
    const started = Date.now();
    checkSignatureShape(req.headers);
    const raw = await readText(req);
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
    } else if (toolName === LESSON_REPORT_TOOL) {
      // wrong-shape: a draft with nothing usable (no topics), which the caller must refuse.
      const input = behaviour === 'wrong-shape' ? { topics: [], nextSteps: '' } : sandboxLessonReport(userText);
      content = [{ toolUse: { toolUseId: `tooluse_${randomBytes(11).toString('base64url')}`, name: toolName, input } }];
      stopReason = 'tool_use';
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
  const port = await listen(server, options.port, host);
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
