/**
 * The AI model on AWS (Amazon Bedrock): which model the functions holding `ai:invoke` call, with
 * what settings, and the IAM that allows exactly that model. Configured with CDK context:
 *
 *   -c bedrockModelId=amazon.nova-micro-v1:0      a foundation model id (default) or an inference
 *                                                 profile id (us.… eu.… apac.… global.…)
 *   -c bedrockMaxTokens=4000 -c bedrockTemperature=0.5
 *   -c bedrockGuardrailId=abc123 -c bedrockGuardrailVersion=1   optional Bedrock guardrail
 *   -c aiQuizDailyLimit=20 -c aiChatDailyLimit=50 -c aiPlatformDailyLimit=2000
 *
 * No secret: Bedrock is an AWS service, reached with the function's own role (SigV4).
 */
import { Aws } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { AI_DEFAULTS, AI_ENV } from '../../functions/ai/settings.js';

export const AI_CONTEXT_KEYS = {
  modelId: 'bedrockModelId',
  maxTokens: 'bedrockMaxTokens',
  temperature: 'bedrockTemperature',
  guardrailId: 'bedrockGuardrailId',
  guardrailVersion: 'bedrockGuardrailVersion',
  quizPerUserPerDay: 'aiQuizDailyLimit',
  chatPerUserPerDay: 'aiChatDailyLimit',
  platformCallsPerDay: 'aiPlatformDailyLimit',
} as const;

/** Cross-Region inference profile ids start with a geography: us.amazon.nova-micro-v1:0. */
const INFERENCE_PROFILE = /^(us|us-gov|eu|apac|ca|jp|au|global)\.(.+)$/;
/** Bedrock model ids: provider.name-version[:n] (letters, digits, . - :). */
const MODEL_ID = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9a-z-]+)*$/;
/** Guardrail ids are 12 lower-case letters/digits, or a guardrail ARN. */
const GUARDRAIL_ID = /^([a-z0-9]+|arn:aws[a-z-]*:bedrock:[a-z0-9-]+:[0-9]{12}:guardrail\/[a-z0-9]+)$/;

export interface AiModelTarget {
  modelId: string;
  guardrailId?: string;
  /** Set on the functions holding ai:invoke (names from functions/ai/settings.ts). */
  environment: Record<string, string>;
}

/** The model and settings of a stack, from its context (`read(key)`); throws on a value Bedrock would refuse. */
export function aiModelTarget(read: (key: string) => unknown): AiModelTarget {
  const text = (key: string): string | undefined => {
    const value = read(key);
    return value === undefined || value === '' ? undefined : String(value).trim();
  };
  const modelId = text(AI_CONTEXT_KEYS.modelId) ?? AI_DEFAULTS.modelId;
  if (!MODEL_ID.test(modelId)) {
    throw new Error(`-c ${AI_CONTEXT_KEYS.modelId} must be a Bedrock model id or inference profile id such as ${AI_DEFAULTS.modelId} or us.${AI_DEFAULTS.modelId}; got "${modelId}"`);
  }
  const guardrailId = text(AI_CONTEXT_KEYS.guardrailId);
  if (guardrailId !== undefined && !GUARDRAIL_ID.test(guardrailId)) {
    throw new Error(`-c ${AI_CONTEXT_KEYS.guardrailId} must be a Bedrock guardrail id or ARN; got "${guardrailId}"`);
  }
  const environment: Record<string, string> = { [AI_ENV.modelId]: modelId };
  const optional: Array<[keyof typeof AI_CONTEXT_KEYS & keyof typeof AI_ENV, string | undefined]> = [
    ['maxTokens', text(AI_CONTEXT_KEYS.maxTokens)],
    ['temperature', text(AI_CONTEXT_KEYS.temperature)],
    ['guardrailId', guardrailId],
    ['guardrailVersion', guardrailId ? text(AI_CONTEXT_KEYS.guardrailVersion) : undefined],
    ['quizPerUserPerDay', text(AI_CONTEXT_KEYS.quizPerUserPerDay)],
    ['chatPerUserPerDay', text(AI_CONTEXT_KEYS.chatPerUserPerDay)],
    ['platformCallsPerDay', text(AI_CONTEXT_KEYS.platformCallsPerDay)],
  ];
  for (const [name, value] of optional) if (value !== undefined) environment[AI_ENV[name]] = value;
  return { modelId, guardrailId, environment };
}

/**
 * bedrock:InvokeModel (which authorises Converse) on the one model:
 * - a foundation model: its ARN in the stack's Region;
 * - an inference profile: the profile's ARN in the stack's Region, and the foundation model in
 *   whichever Region the profile routes to (`*`), but only when called through that profile
 *   (condition bedrock:InferenceProfileArn), so the model cannot be invoked directly.
 * With a guardrail, bedrock:ApplyGuardrail on that guardrail.
 */
export function modelInvokeStatements(target: Pick<AiModelTarget, 'modelId' | 'guardrailId'>): iam.PolicyStatement[] {
  const profile = INFERENCE_PROFILE.exec(target.modelId);
  const statements: iam.PolicyStatement[] = [];
  if (!profile) {
    statements.push(new iam.PolicyStatement({
      actions: ['bedrock:InvokeModel'],
      resources: [`arn:${Aws.PARTITION}:bedrock:${Aws.REGION}::foundation-model/${target.modelId}`],
    }));
  } else {
    const profileArn = `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:inference-profile/${target.modelId}`;
    statements.push(
      new iam.PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [profileArn] }),
      new iam.PolicyStatement({
        actions: ['bedrock:InvokeModel'],
        resources: [`arn:${Aws.PARTITION}:bedrock:*::foundation-model/${profile[2]}`],
        conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
      }),
    );
  }
  if (target.guardrailId) {
    const guardrailArn = target.guardrailId.startsWith('arn:')
      ? target.guardrailId : `arn:${Aws.PARTITION}:bedrock:${Aws.REGION}:${Aws.ACCOUNT_ID}:guardrail/${target.guardrailId}`;
    statements.push(new iam.PolicyStatement({ actions: ['bedrock:ApplyGuardrail'], resources: [guardrailArn] }));
  }
  return statements;
}

/** True when the model id is a cross-Region inference profile (its foundation-model statement needs a Region wildcard). */
export const isInferenceProfile = (modelId: string) => INFERENCE_PROFILE.test(modelId);
