/**
 * Amazon Bedrock adapter (LanguageModel) over the Converse API (`POST /model/{modelId}/converse`,
 * @aws-sdk/client-bedrock-runtime, loaded on first use). A tool request forces that tool
 * (`toolChoice: { tool: { name } }`), so the answer is a toolUse block holding JSON.
 *
 * - Model id, maxTokens, temperature and the optional guardrail come from the environment
 *   (settings.ts; CDK sets them from context, infra/aws/ai-model.ts). IAM allows bedrock:InvokeModel
 *   on that model only.
 * - One attempt, cut off after `timeoutMs` (8 s by default): the quiz then comes from the banks.
 *   The SDK's own retries of throttling would only make the student wait longer for the same banks.
 * - Locally `AWS_ENDPOINT_URL_BEDROCK_RUNTIME` (the SDK's per-service endpoint variable) points
 *   the client at the sandbox, infra/local/sandboxes/bedrock/server.ts; requests are SigV4-signed as on AWS.
 */
import { lazyClient } from '../shared/aws/lazy.js';
import { ModelUnavailable, type LanguageModel, type ModelReply, type ModelRequest, type ReplyBlock } from './model.js';
import { aiSettings, type AiSettings } from './settings.js';

const bedrockRuntime = lazyClient(
  () => import('@aws-sdk/client-bedrock-runtime'),
  (sdk) => new sdk.BedrockRuntimeClient({ maxAttempts: 1 }),
);

/** Bedrock's exception names that mean "slow down" rather than "broken". */
const THROTTLED = new Set(['ThrottlingException', 'ServiceQuotaExceededException', 'ModelNotReadyException']);

/** The Converse request body for a model request (exported for the unit test of its shape). */
export function converseInput(request: ModelRequest, settings: Pick<AiSettings, 'modelId' | 'maxTokens' | 'temperature' | 'guardrail'>) {
  return {
    modelId: settings.modelId,
    system: [{ text: request.system }],
    messages: [
      ...(request.history ?? []).map((turn) => ({ role: turn.role, content: [{ text: turn.text }] })),
      { role: 'user' as const, content: [{ text: request.userText }] },
    ],
    inferenceConfig: { maxTokens: settings.maxTokens, temperature: settings.temperature },
    ...(request.tool ? {
      toolConfig: {
        tools: [{ toolSpec: { name: request.tool.name, description: request.tool.description, inputSchema: { json: request.tool.inputSchema } } }],
        toolChoice: { tool: { name: request.tool.name } },
      },
    } : {}),
    ...(settings.guardrail ? { guardrailConfig: { guardrailIdentifier: settings.guardrail.id, guardrailVersion: settings.guardrail.version } } : {}),
  };
}

interface ConverseOutputShape {
  output?: { message?: { content?: Array<{ text?: string; toolUse?: { name?: string; input?: unknown } }> } };
  stopReason?: string;
  usage?: { inputTokens?: number; outputTokens?: number };
}

/** The parts of Bedrock's answer the domain reads (text and tool-use blocks; images, reasoning … are ignored). */
export function replyFrom(out: ConverseOutputShape): ModelReply {
  const content: ReplyBlock[] = (out.output?.message?.content ?? []).flatMap((block): ReplyBlock[] => {
    if (block.toolUse) return [{ toolUse: { name: block.toolUse.name ?? '', input: block.toolUse.input } }];
    if (typeof block.text === 'string') return [{ text: block.text }];
    return [];
  });
  return {
    content,
    stopReason: out.stopReason ?? 'unknown',
    usage: { inputTokens: out.usage?.inputTokens ?? 0, outputTokens: out.usage?.outputTokens ?? 0 },
  };
}

export function bedrockModel(settings: AiSettings = aiSettings()): LanguageModel {
  return {
    async converse(request) {
      const { client, sdk } = await bedrockRuntime();
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), settings.timeoutMs);
      try {
        // The SDK's input types want its DocumentType for the schema; the JSON we pass is one.
        const out = await client.send(new sdk.ConverseCommand(converseInput(request, settings) as never), { abortSignal: abort.signal });
        return replyFrom(out as ConverseOutputShape);
      } catch (error) {
        if (abort.signal.aborted) throw new ModelUnavailable('timeout', `No answer from ${settings.modelId} within ${settings.timeoutMs} ms`);
        const name = (error as Error).name;
        throw new ModelUnavailable(THROTTLED.has(name) ? 'throttled' : 'failed', `${settings.modelId}: ${name}: ${(error as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
