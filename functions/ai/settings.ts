/**
 * The AI model's configuration: environment variable names and defaults. CDK sets them on the
 * functions holding `ai:invoke` from context keys (infra/aws/ai-model.ts); locally the stack's
 * environment may override them. No imports: infra reads it too.
 */
export const AI_ENV = {
  /** A Bedrock model id or inference profile id (us.… / eu.… / apac.… / global.…). */
  modelId: 'BEDROCK_MODEL_ID',
  maxTokens: 'BEDROCK_MAX_TOKENS',
  temperature: 'BEDROCK_TEMPERATURE',
  /** Optional Bedrock guardrail (id or ARN) and its version ("DRAFT" or a number). */
  guardrailId: 'BEDROCK_GUARDRAIL_ID',
  guardrailVersion: 'BEDROCK_GUARDRAIL_VERSION',
  /** How long a quiz waits for the model before the banks answer. */
  timeoutMs: 'BEDROCK_TIMEOUT_MS',
  quizPerUserPerDay: 'AI_QUIZ_DAILY_LIMIT',
  chatPerUserPerDay: 'AI_CHAT_DAILY_LIMIT',
  /**
   * Model calls per day for the whole platform; past it the AI is off (banks only) until midnight.
   * Unset: sized from the monthly budget (platformCallsFromBudget).
   */
  platformCallsPerDay: 'AI_PLATFORM_DAILY_LIMIT',
  /** What the AI may cost a month (USD), and what one model call costs on average (USD). */
  monthlyBudgetUsd: 'AI_MONTHLY_BUDGET_USD',
  costPerCallUsd: 'AI_COST_PER_CALL_USD',
  /** Accounts younger than this many hours get the new-account allowance instead of the full quotas. */
  newAccountHours: 'AI_NEW_ACCOUNT_HOURS',
  /** Model calls a day (quizzes and messages together) for a new account. */
  newAccountCallsPerDay: 'AI_NEW_ACCOUNT_DAILY_LIMIT',
  /** Model calls a day for all new accounts signing in from one address together. */
  newAccountCallsPerIpPerDay: 'AI_NEW_ACCOUNTS_PER_IP_DAILY_LIMIT',
} as const;

/** Amazon Nova Micro: text only, the cheapest Bedrock model that does tool use well enough for quizzes. */
export const DEFAULT_MODEL_ID = 'amazon.nova-micro-v1:0';

export const AI_DEFAULTS = {
  modelId: DEFAULT_MODEL_ID,
  /** 20 questions × ~120 tokens each, with room to spare. */
  maxTokens: 4000,
  temperature: 0.5,
  timeoutMs: 8000,
  quizPerUserPerDay: 20,
  chatPerUserPerDay: 50,
  /**
   * 310 USD a month at about 0.005 USD a call (a quiz of ~10 questions on Nova Micro with its
   * prompt) is 2,000 calls a day.
   */
  monthlyBudgetUsd: 310,
  costPerCallUsd: 0.005,
  newAccountHours: 72,
  /** Enough to try quizzes and the assistant on the first day. */
  newAccountCallsPerDay: 10,
  /** A class of about 20 signing up together in one school's lab; a tenth of the default platform cap. */
  newAccountCallsPerIpPerDay: 200,
} as const;

/** Days the monthly budget is spread over (the longest month, so no month overspends). */
export const BUDGET_DAYS_PER_MONTH = 31;

/** The platform's daily model calls a monthly budget pays for. */
export function platformCallsFromBudget(monthlyBudgetUsd: number, costPerCallUsd: number): number {
  return Math.floor(monthlyBudgetUsd / costPerCallUsd / BUDGET_DAYS_PER_MONTH);
}

export interface AiSettings {
  modelId: string;
  maxTokens: number;
  temperature: number;
  guardrail?: { id: string; version: string };
  timeoutMs: number;
  limits: { quiz: number; chat: number; platform: number };
  /** What accounts younger than `hours` may spend, alone and together per address. */
  newAccounts: { hours: number; perDay: number; perIpPerDay: number };
}

function number(value: string | undefined, fallback: number, valid: (n: number) => boolean): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && valid(n) ? n : fallback;
}

const wholeAtLeast0 = (n: number) => Number.isInteger(n) && n >= 0;

/** The settings of this process's environment; a missing or unusable value takes its default. */
export function aiSettings(env: Record<string, string | undefined> = process.env): AiSettings {
  const guardrailId = env[AI_ENV.guardrailId]?.trim();
  return {
    modelId: env[AI_ENV.modelId]?.trim() || AI_DEFAULTS.modelId,
    maxTokens: number(env[AI_ENV.maxTokens], AI_DEFAULTS.maxTokens, (n) => Number.isInteger(n) && n > 0),
    temperature: number(env[AI_ENV.temperature], AI_DEFAULTS.temperature, (n) => n >= 0 && n <= 1),
    guardrail: guardrailId ? { id: guardrailId, version: env[AI_ENV.guardrailVersion]?.trim() || 'DRAFT' } : undefined,
    timeoutMs: number(env[AI_ENV.timeoutMs], AI_DEFAULTS.timeoutMs, (n) => Number.isInteger(n) && n > 0),
    limits: {
      quiz: number(env[AI_ENV.quizPerUserPerDay], AI_DEFAULTS.quizPerUserPerDay, wholeAtLeast0),
      chat: number(env[AI_ENV.chatPerUserPerDay], AI_DEFAULTS.chatPerUserPerDay, wholeAtLeast0),
      platform: number(env[AI_ENV.platformCallsPerDay], platformCallsFromBudget(
        number(env[AI_ENV.monthlyBudgetUsd], AI_DEFAULTS.monthlyBudgetUsd, (n) => n >= 0),
        number(env[AI_ENV.costPerCallUsd], AI_DEFAULTS.costPerCallUsd, (n) => n > 0),
      ), wholeAtLeast0),
    },
    newAccounts: {
      hours: number(env[AI_ENV.newAccountHours], AI_DEFAULTS.newAccountHours, wholeAtLeast0),
      perDay: number(env[AI_ENV.newAccountCallsPerDay], AI_DEFAULTS.newAccountCallsPerDay, wholeAtLeast0),
      perIpPerDay: number(env[AI_ENV.newAccountCallsPerIpPerDay], AI_DEFAULTS.newAccountCallsPerIpPerDay, wholeAtLeast0),
    },
  };
}
