import { describe, expect, it } from 'vitest';
import { aiSettings } from './settings.js';

describe('AI settings from the environment', () => {
  it('defaults: Nova Micro, 8 s, 20 quizzes and 50 chat messages a user, 2,000 calls a day, no guardrail', () => {
    expect(aiSettings({})).toEqual({
      modelId: 'amazon.nova-micro-v1:0', maxTokens: 4000, temperature: 0.5, guardrail: undefined, timeoutMs: 8000,
      limits: { quiz: 20, chat: 50, platform: 2000 },
    });
  });

  it('reads every value, and ignores unusable ones', () => {
    expect(aiSettings({
      BEDROCK_MODEL_ID: 'us.amazon.nova-lite-v1:0', BEDROCK_MAX_TOKENS: '2000', BEDROCK_TEMPERATURE: '0.2', BEDROCK_GUARDRAIL_ID: 'gr1',
      BEDROCK_TIMEOUT_MS: '5000', AI_QUIZ_DAILY_LIMIT: '0', AI_CHAT_DAILY_LIMIT: 'lots', AI_PLATFORM_DAILY_LIMIT: '-1',
    })).toEqual({
      modelId: 'us.amazon.nova-lite-v1:0', maxTokens: 2000, temperature: 0.2, guardrail: { id: 'gr1', version: 'DRAFT' }, timeoutMs: 5000,
      limits: { quiz: 0, chat: 50, platform: 2000 },
    });
    expect(aiSettings({ BEDROCK_TEMPERATURE: '3', BEDROCK_MAX_TOKENS: '1.5' })).toMatchObject({ temperature: 0.5, maxTokens: 4000 });
  });
});
