/**
 * AI quizzes (/ai-learning: quiz reply parsing, the AI texts, daily quotas).
 * A quiz request first takes one from the student's daily quota and one from the platform's
 * daily cap; then asks the model; then keeps the model's good questions and tops them up from
 * the built-in banks. Every path answers a full quiz: the banks stand in whenever the AI cannot.
 */
import { randomUUID } from 'node:crypto';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { bankQuestions } from './banks/index.js';
import { bedrockModel } from './bedrock.js';
import { aiMessages, DIFFICULTIES, QUIZ_SUBJECTS, type QuizQuestion, type QuizRequest, type QuizResponse, type QuizSource } from './contract.js';
import { newAccountsAddressUsageKey, platformUsageKey, userUsageKey, type UsageCounter } from './keys.js';
import { getProfile } from '../profiles/service.js';
import { learnerOfCaller } from '../households/acting-learner.js';
import type { AuthUser } from '../shared/http.js';
import { learnerLevel } from './learner-level.js';
import { ModelUnavailable, type LanguageModel } from './model.js';
import { quizModelRequest, type QuizAsk } from './prompts.js';
import { checkQuizReply } from './quiz-reply.js';
import { counterExpiresAt, nairobiDay, quotaResetsAt, type QuotaKind, type QuotaRefusal } from './quota.js';
import { giveBack, takeOne } from './repository.js';
import { aiSettings, type AiSettings } from './settings.js';

export interface AiDeps {
  model: LanguageModel;
  settings: AiSettings;
  now: () => Date;
}

let defaults: AiDeps | undefined;
/** The environment's model and settings, made once per container. */
export function defaultDeps(): AiDeps {
  if (!defaults) {
    const settings = aiSettings();
    defaults = { model: bedrockModel(settings), settings, now: () => new Date() };
  }
  return defaults;
}

/** Who asks, beyond the user id: their address and when their account was made (the profile's createdAt). */
export interface AiCaller { ip?: string; accountCreatedAt?: string }

/** Whether an account made at `createdAt` still gets only the new-account allowance at `now`. */
export function isNewAccount(createdAt: string | undefined, hours: number, now: Date): boolean {
  if (!createdAt) return false;
  return now.getTime() - Date.parse(createdAt) < hours * 60 * 60 * 1000;
}

/**
 * Takes one model call from the user's daily `kind` quota, for a new account also from its own
 * small daily allowance and from its address's allowance for new accounts (so throwaway accounts
 * cannot spend the platform's budget), and one from the platform's daily cap; null when all had
 * room. When a later count refuses, the earlier ones are given back (they got no AI). Chat
 * messages share this with quizzes.
 */
export async function admitModelCall(
  userId: string, kind: QuotaKind, deps: Pick<AiDeps, 'settings' | 'now'> = defaultDeps(), caller: AiCaller = {},
): Promise<(QuotaRefusal & { limit: number }) | null> {
  const now = deps.now();
  const day = nairobiDay(now);
  const expiresAt = counterExpiresAt(now);
  const resetsAt = quotaResetsAt(now).toISOString();
  const taken: Array<[{ pk: string; sk: string }, UsageCounter]> = [];
  const take = async (key: { pk: string; sk: string }, counter: UsageCounter, limit: number) => {
    if (!(await takeOne(key, counter, limit, expiresAt))) return false;
    taken.push([key, counter]);
    return true;
  };
  /** `limit`: the number the refusal's message names (never sent: the contract's refusal is scope and resetsAt). */
  const refuse = async (scope: QuotaRefusal['scope'], limit: number) => {
    for (const [key, counter] of taken.reverse()) await giveBack(key, counter);
    return { scope, resetsAt, limit };
  };
  const { limits, newAccounts } = deps.settings;
  const userKey = userUsageKey(userId, day);
  if (!(await take(userKey, kind, limits[kind]))) return refuse('user', limits[kind]);
  if (isNewAccount(caller.accountCreatedAt, newAccounts.hours, now)) {
    if (!(await take(userKey, 'modelCalls', newAccounts.perDay))) return refuse('user', newAccounts.perDay);
    if (caller.ip && !(await take(newAccountsAddressUsageKey(caller.ip, day), 'modelCalls', newAccounts.perIpPerDay))) {
      return refuse('user', newAccounts.perDay);
    }
  }
  if (!(await take(platformUsageKey(day), 'modelCalls', limits.platform))) return refuse('platform', limits.platform);
  return null;
}

/** The caller's account age for {@link admitModelCall}, from their profile. */
export async function aiCaller(userId: string, ip: string | undefined): Promise<AiCaller> {
  const profile = await getProfile(userId);
  return { ip, accountCreatedAt: profile?.createdAt };
}

/** Gives the user's one back when the model call it admitted brought them nothing (the chat failed). */
export async function returnModelCall(userId: string, kind: QuotaKind, deps: Pick<AiDeps, 'now'>): Promise<void> {
  await giveBack(userUsageKey(userId, nairobiDay(deps.now())), kind);
}

/** The model's usable questions (none when it failed, timed out or answered unusably). */
async function modelQuestions(request: QuizAsk, model: LanguageModel): Promise<QuizQuestion[]> {
  try {
    const reply = await model.converse(quizModelRequest(request));
    countBusinessEvent(BusinessMetric.aiModelTokens, reply.usage.inputTokens + reply.usage.outputTokens);
    const { questions, dropped } = checkQuizReply(reply, request);
    if (dropped > 0 || questions.length < request.count) {
      logger.warn('Model quiz reply partly unusable', { kept: questions.length, dropped, asked: request.count, stopReason: reply.stopReason });
    }
    return questions.map((question) => ({ id: `ai:${randomUUID()}`, ...question }));
  } catch (error) {
    // Whatever went wrong with the model, the student still gets a quiz; a bug of ours is logged as one.
    if (error instanceof ModelUnavailable) logger.warn('Model unavailable for a quiz', { reason: error.reason, message: error.message });
    else logger.error('Model call failed unexpectedly', { error: error as Error });
    return [];
  }
}

const byDifficulty = (a: QuizQuestion, b: QuizQuestion) => DIFFICULTIES.indexOf(a.difficulty) - DIFFICULTIES.indexOf(b.difficulty);

const hasBank = (subject: string): subject is QuizRequest['subject'] => (QUIZ_SUBJECTS as readonly string[]).includes(subject);

export interface QuizMade { questions: QuizQuestion[]; source: QuizSource; message: string }

/**
 * The model's good questions topped up from the banks (none for the assistant's two subjects
 * without a bank: then fewer, possibly none). No quota here: the caller has admitted the call.
 */
export async function makeQuiz(request: QuizAsk, model: LanguageModel): Promise<QuizMade> {
  const { subject, difficulty, count } = request;
  const fromModel = await modelQuestions(request, model);
  const avoid = new Set(fromModel.map((question) => question.question.toLowerCase()));
  const topUp = hasBank(subject) ? bankQuestions(subject, difficulty, count - fromModel.length, { avoid }) : [];
  const questions = [...fromModel, ...topUp];
  if (difficulty === 'mixed') questions.sort(byDifficulty);
  if (topUp.length === 0 && fromModel.length === count) {
    countBusinessEvent(BusinessMetric.aiQuizFromModel);
    return { questions, source: 'ai', message: aiMessages.loaded };
  }
  countBusinessEvent(BusinessMetric.aiQuizFallback);
  return { questions, source: fromModel.length > 0 ? 'mixed' : 'fallback', message: aiMessages.fallback };
}

/**
 * The level the model writes for: the grade of the learner a parent acts for (learner-level.ts),
 * resolved inside the caller's household (another family's learner: 404, before any quota is
 * spent); undefined without a learner, and the prompts keep their KCSE level.
 */
export async function levelForLearner(user: AuthUser, learnerId: string | undefined): Promise<string | undefined> {
  const learner = await learnerOfCaller(user, learnerId);
  return learner ? learnerLevel(learner.grade) : undefined;
}

/** A quiz of `request.count` questions for the signed-in user (POST /api/ai/quiz), at the acting learner's `level` when there is one. */
export async function generateQuiz(
  userId: string, request: QuizRequest, deps: AiDeps = defaultDeps(), caller: AiCaller = {}, level?: string,
): Promise<QuizResponse> {
  const { subject, difficulty, count } = request;
  const refusal = await admitModelCall(userId, 'quiz', deps, caller);
  if (refusal) {
    countBusinessEvent(BusinessMetric.aiQuotaRefused);
    const { limit, ...quota } = refusal;
    return {
      subject, questions: bankQuestions(subject, difficulty, count), source: 'fallback', quota,
      message: quota.scope === 'user' ? aiMessages.quizQuotaSpent(limit) : aiMessages.platformCapReached,
    };
  }
  return { subject, ...(await makeQuiz({ ...request, level }, deps.model)) };
}
