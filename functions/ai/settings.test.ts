import { describe, expect, it } from 'vitest';
import { aiSettings, platformCallsFromBudget } from './settings.js';

describe('AI settings from the environment', () => {
  it('defaults: Nova Micro, 8 s, 20 quizzes and 50 chat messages a user, 2,000 calls a day, no guardrail', () => {
    expect(aiSettings({})).toEqual({
      modelId: 'amazon.nova-micro-v1:0', maxTokens: 4000, temperature: 0.5, guardrail: undefined, timeoutMs: 8000,
      limits: { quiz: 20, chat: 50, platform: 2000 },
      newAccounts: { hours: 72, perDay: 10, perIpPerDay: 200 },
    });
  });

  it('sizes the platform cap from the monthly budget and the cost of a call, unless the cap is set', () => {
    // 93 USD a month at 0.01 USD a call over the longest month: 300 calls a day.
    expect(aiSettings({ AI_MONTHLY_BUDGET_USD: '93', AI_COST_PER_CALL_USD: '0.01' }).limits.platform).toBe(300);
    expect(aiSettings({ AI_MONTHLY_BUDGET_USD: '93', AI_COST_PER_CALL_USD: '0.01', AI_PLATFORM_DAILY_LIMIT: '50' }).limits.platform).toBe(50);
    expect(platformCallsFromBudget(0, 0.01)).toBe(0);
  });

  it('reads every value, and ignores unusable ones', () => {
    expect(aiSettings({
      BEDROCK_MODEL_ID: 'us.amazon.nova-lite-v1:0', BEDROCK_MAX_TOKENS: '2000', BEDROCK_TEMPERATURE: '0.2', BEDROCK_GUARDRAIL_ID: 'gr1',
      BEDROCK_TIMEOUT_MS: '5000', AI_QUIZ_DAILY_LIMIT: '0', AI_CHAT_DAILY_LIMIT: 'lots', AI_PLATFORM_DAILY_LIMIT: '-1',
    })).toEqual({
      modelId: 'us.amazon.nova-lite-v1:0', maxTokens: 2000, temperature: 0.2, guardrail: { id: 'gr1', version: 'DRAFT' }, timeoutMs: 5000,
      limits: { quiz: 0, chat: 50, platform: 2000 },
      newAccounts: { hours: 72, perDay: 10, perIpPerDay: 200 },
    });
    expect(aiSettings({ BEDROCK_TEMPERATURE: '3', BEDROCK_MAX_TOKENS: '1.5' })).toMatchObject({ temperature: 0.5, maxTokens: 4000 });
  });
});
