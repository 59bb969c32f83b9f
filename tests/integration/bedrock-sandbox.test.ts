/**
 * The local Bedrock sandbox with the production adapter and the real SDK: the sandbox is started
 * the way `npm start` and the test stack start it (its entry in infra/local/sandboxes/index.ts, on a free
 * port), and the adapter reaches it through AWS_ENDPOINT_URL_BEDROCK_RUNTIME over HTTP/2, signed
 * with SigV4, as it reaches Bedrock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { bedrockModel, converseInput, replyFrom } from '../../functions/ai/bedrock.js';
import { ModelUnavailable } from '../../functions/ai/model.js';
import { quizModelRequest } from '../../functions/ai/prompts.js';
import { checkQuizReply } from '../../functions/ai/quiz-reply.js';
import { aiSettings } from '../../functions/ai/settings.js';
import { awsServices } from '../../infra/aws/integrations.js';
import { sandboxes, type RunningSandbox } from '../../infra/local/sandboxes/index.js';
import { sandboxMarker, startBedrockSandbox, type BedrockSandbox } from '../../infra/local/sandboxes/bedrock/server.js';

let sandbox: RunningSandbox;
const saved = { ...process.env };

beforeAll(async () => {
  const entry = awsServices.find((s) => s.id === 'bedrock')!;
  sandbox = await sandboxes.bedrock.start({ port: 0, appOrigin: 'http://localhost:3999' });
  Object.assign(process.env, {
    [entry.endpointEnv]: sandbox.apiUrl, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test',
  });
});

afterAll(async () => {
  await sandbox?.close();
  process.env = saved;
});

const model = (env: Record<string, string> = {}) => bedrockModel(aiSettings(env));
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ModelUnavailable);

describe('Bedrock sandbox with the production adapter', () => {
  it('answers a quiz with the forced tool: questions that pass every check, of the subject, difficulty and count asked', async () => {
    const request = { subject: 'Chemistry' as const, difficulty: 'hard' as const, count: 7 };
    const reply = await model().converse(quizModelRequest(request));
    expect(reply.stopReason).toBe('tool_use');
    expect(reply.usage.inputTokens).toBeGreaterThan(0);
    const { questions, dropped } = checkQuizReply(reply, request);
    expect(dropped).toBe(0);
    expect(questions).toHaveLength(7);
    expect(questions.every((q) => q.difficulty === 'hard')).toBe(true);
  });

  it('answers a chat (no tool) with text saying it is the local sandbox', async () => {
    const reply = await model().converse({ system: 'Be helpful.', userText: 'Explain photosynthesis' });
    expect(reply).toMatchObject({ stopReason: 'end_turn', content: [{ text: expect.stringContaining('local Bedrock sandbox') }] });
  });

  it.each([
    ['fail', 'failed', /InternalServerException/],
    ['throttle', 'throttled', /ThrottlingException/],
  ] as const)('[sandbox:%s] reaches the adapter as Bedrock\'s error (%s)', async (marker, reason, name) => {
    const error = await failure(model().converse({ system: 'S', userText: `hello ${sandboxMarker(marker)}` }));
    expect(error).toBeInstanceOf(ModelUnavailable);
    expect(error).toMatchObject({ reason, message: expect.stringMatching(name) });
  });

  it('a slow answer is cut off at the adapter\'s timeout', async () => {
    const started = Date.now();
    const error = await failure(model({ BEDROCK_TIMEOUT_MS: '600' }).converse({ system: 'S', userText: sandboxMarker('slow') }));
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses what Bedrock refuses: a tool name outside [a-zA-Z0-9_-] (ValidationException)', async () => {
    const request = quizModelRequest({ subject: 'Physics', difficulty: 'easy', count: 1 });
    const error = await failure(model().converse({ ...request, tool: { ...request.tool!, name: 'bad name!' } }));
    expect(error).toMatchObject({ reason: 'failed', message: expect.stringMatching(/ValidationException/) });
  });
});

describe('Bedrock sandbox modes', () => {
  let moody: BedrockSandbox;
  afterAll(async () => { await moody?.close(); });

  it('a sandbox started in a mode answers every request that way (ALP_BEDROCK_SANDBOX_MODE)', async () => {
    moody = await startBedrockSandbox({ port: 0, mode: 'invalid-json' });
    // The adapter's client is made once per process; a second sandbox needs its own client.
    const client = new BedrockRuntimeClient({ endpoint: moody.url, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const request = { subject: 'History' as const, difficulty: 'easy' as const, count: 3 };
    const out = await client.send(new ConverseCommand(converseInput(quizModelRequest(request), aiSettings({})) as never));
    const reply = replyFrom(out);
    expect(reply.content).toEqual([{ text: expect.stringContaining('{"questions"') }]);
    expect(checkQuizReply(reply, request).questions).toEqual([]);
    client.destroy();
  });
});
