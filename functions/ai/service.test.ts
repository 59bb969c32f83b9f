/**
 * Quiz generation against small fakes of the counters and the model: the order of the quota
 * checks, giving back a student's count when the platform cap refuses, and that every model
 * outcome still answers a full quiz with the right source and the product's text for it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fakes = vi.hoisted(() => ({
  counters: new Map<string, number>(),
  calls: [] as string[],
}));
vi.mock('./repository.js', () => ({
  takeOne: async (key: { pk: string; sk: string }, counter: string, limit: number) => {
    const id = `${key.pk}/${key.sk}/${counter}`;
    fakes.calls.push(`take ${id}`);
    const value = fakes.counters.get(id) ?? 0;
    if (limit <= 0 || value >= limit) return false;
    fakes.counters.set(id, value + 1);
    return true;
  },
  giveBack: async (key: { pk: string; sk: string }, counter: string) => {
    const id = `${key.pk}/${key.sk}/${counter}`;
    fakes.calls.push(`giveBack ${id}`);
    fakes.counters.set(id, (fakes.counters.get(id) ?? 0) - 1);
  },
}));
import { logger } from '../shared/logger.js';
import { aiMessages } from './contract.js';
import { ModelUnavailable, type LanguageModel, type ModelReply } from './model.js';
import { QUIZ_TOOL } from './quiz-reply.js';
import { admitModelCall, generateQuiz, type AiDeps } from './service.js';
import { aiSettings } from './settings.js';

const now = new Date('2026-03-09T21:30:00Z'); // already 10 March in Nairobi
const USER = 'AIUSE#u1/DAY#2026-03-10/quiz';
const PLATFORM = 'AIUSE#PLATFORM/DAY#2026-03-10/modelCalls';

const question = (n: number, difficulty = 'easy') => ({
  question: `Model question ${n}?`, options: ['A', 'B', 'C', 'D'], correctIndex: n % 4, explanation: 'Because.', difficulty, topic: 'T',
});
const reply = (questions: unknown[]): ModelReply => ({
  content: [{ toolUse: { name: QUIZ_TOOL.name, input: { questions } } }], stopReason: 'tool_use', usage: { inputTokens: 1, outputTokens: 1 },
});
const deps = (converse: LanguageModel['converse'], env: Record<string, string> = {}): AiDeps => ({
  model: { converse: vi.fn(converse) }, settings: aiSettings(env), now: () => now,
});

beforeEach(() => {
  fakes.counters.clear();
  fakes.calls = [];
  // Failures are logged on purpose; keep the test output clean.
  vi.spyOn(logger, 'warn').mockImplementation(() => {});
  vi.spyOn(logger, 'error').mockImplementation(() => {});
});

describe('admitting a model call', () => {
  const young = { ip: '203.0.113.9', accountCreatedAt: new Date(now.getTime() - 60 * 60 * 1000).toISOString() };
  const NEW_USER = 'AIUSE#u1/DAY#2026-03-10/modelCalls';
  const ADDRESS = 'AIUSE#IP#203.0.113.9/DAY#2026-03-10/modelCalls';

  it('a new account also takes from its own small allowance and its address\'s, before the platform\'s', async () => {
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])), young)).toBeNull();
    expect(fakes.calls).toEqual([`take ${USER}`, `take ${NEW_USER}`, `take ${ADDRESS}`, `take ${PLATFORM}`]);
  });

  it('a new account past its allowance is refused with that allowance, and its quiz count given back', async () => {
    fakes.counters.set(NEW_USER, 10);
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])), young)).toMatchObject({ scope: 'user', limit: 10 });
    expect(fakes.counters.get(USER)).toBe(0);
    expect(fakes.calls).not.toContain(`take ${PLATFORM}`);
  });

  it('new accounts of one address share its allowance: the platform\'s is never reached past it', async () => {
    fakes.counters.set(ADDRESS, 200);
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])), young)).toMatchObject({ scope: 'user' });
    expect(fakes.counters.get(NEW_USER)).toBe(0);
    expect(fakes.calls).not.toContain(`take ${PLATFORM}`);
  });

  it('an account older than the new-account hours has only the usual quotas', async () => {
    const old = { ip: '203.0.113.9', accountCreatedAt: new Date(now.getTime() - 73 * 60 * 60 * 1000).toISOString() };
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])), old)).toBeNull();
    expect(fakes.calls).toEqual([`take ${USER}`, `take ${PLATFORM}`]);
  });

  it('takes the student\'s count first, then the platform\'s', async () => {
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])))).toBeNull();
    expect(fakes.calls).toEqual([`take ${USER}`, `take ${PLATFORM}`]);
  });

  it('refuses when the student\'s quota is spent, without touching the platform\'s count', async () => {
    fakes.counters.set(USER, 20);
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])))).toEqual({ scope: 'user', resetsAt: '2026-03-10T21:00:00.000Z', limit: 20 });
    expect(fakes.calls).toEqual([`take ${USER}`]);
  });

  it('refuses when the platform cap is reached, and gives the student\'s count back', async () => {
    fakes.counters.set(PLATFORM, 2000);
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([])))).toMatchObject({ scope: 'platform' });
    expect(fakes.counters.get(USER)).toBe(0);
  });

  it('a limit of 0 switches the AI off', async () => {
    expect(await admitModelCall('u1', 'quiz', deps(async () => reply([]), { AI_QUIZ_DAILY_LIMIT: '0' }))).toMatchObject({ scope: 'user' });
  });
});

describe('generating a quiz', () => {
  const request = { subject: 'Mathematics' as const, difficulty: 'easy' as const, count: 4 };

  it('all questions from the model: source ai, "AI-generated questions loaded!"', async () => {
    const quiz = await generateQuiz('u1', request, deps(async () => reply([1, 2, 3, 4].map((n) => question(n)))));
    expect(quiz).toMatchObject({ source: 'ai', message: aiMessages.loaded });
    expect(quiz.questions.map((q) => q.question)).toEqual(['Model question 1?', 'Model question 2?', 'Model question 3?', 'Model question 4?']);
  });

  it('a short reply is topped up from the banks: source mixed, the fallback text', async () => {
    const quiz = await generateQuiz('u1', request, deps(async () => reply([question(1), question(2, 'hard')])));
    expect(quiz).toMatchObject({ source: 'mixed', message: aiMessages.fallback });
    expect(quiz.questions.map((q) => q.id.split(':')[0])).toEqual(['ai', 'bank', 'bank', 'bank']);
  });

  it.each([
    ['times out', async () => { throw new ModelUnavailable('timeout', 'slow'); }],
    ['is throttled', async () => { throw new ModelUnavailable('throttled', 'busy'); }],
    ['fails unexpectedly', async () => { throw new TypeError('bug'); }],
  ])('when the model %s: bank questions, the fallback text', async (_what, converse) => {
    const quiz = await generateQuiz('u1', request, deps(converse));
    expect(quiz).toMatchObject({ source: 'fallback', message: aiMessages.fallback });
    expect(quiz.questions).toHaveLength(4);
    expect(quiz.questions.every((q) => q.id.startsWith('bank:') && q.difficulty === 'easy')).toBe(true);
  });

  it('over quota: the model is not asked; the quota message and when it resets', async () => {
    fakes.counters.set(USER, 20);
    const d = deps(async () => reply([]));
    const quiz = await generateQuiz('u1', request, d);
    expect(d.model.converse).not.toHaveBeenCalled();
    expect(quiz).toMatchObject({ source: 'fallback', message: aiMessages.quizQuotaSpent(20), quota: { scope: 'user', resetsAt: '2026-03-10T21:00:00.000Z' } });
  });

  it('a mixed quiz comes back ordered easy → hard', async () => {
    const quiz = await generateQuiz('u1', { ...request, difficulty: 'mixed', count: 3 }, deps(async () => reply([question(1, 'hard'), question(2, 'easy'), question(3, 'medium')])));
    expect(quiz.questions.map((q) => q.difficulty)).toEqual(['easy', 'medium', 'hard']);
  });
});
