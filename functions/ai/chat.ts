/**
 * The AI study assistant (/ai-study-assistant: chat messages, the model call, its texts).
 * A message takes one from the student's daily chat quota (429 with
 * `resetsAt` when spent), asks the model with the product's system prompt and the last few turns,
 * and only then saves the student's message and the reply together: a failed model call saves
 * nothing and gives the quota back, and so does a message the save refuses (the conversation
 * changed meanwhile): only answered messages spend the quota. generate_quiz answers with a
 * playable quiz (the quiz tool, validated, topped up from the banks) instead of text.
 * Conversations: the last CHAT_LIMITS.conversationsKept per student, each item kept keepDays.
 * A parent's child has conversations of their own (kept under the learner's id, `ownerId`); the
 * quota is the caller's (`userId`): the parent's allowance covers all their children.
 */
import { randomUUID } from 'node:crypto';
import { BusinessRuleViolated, Conflict, NotFound, ProviderFailed, TooManyRequests } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import {
  conversationHead, conversationHeads, conversationMessages, ConversationChanged, deleteConversationItems, saveExchange,
} from './chat-repository.js';
import {
  CHAT_LIMITS, chatMessages, DIFFICULTY_LABELS, aiMessages,
  type ChatMessage, type ChatQuiz, type ChatReply, type ChatRequest, type Conversation, type ConversationList, type ConversationSummary,
} from './contract.js';
import { ASSISTANT_TYPE_LABELS } from './catalog.js';
import { ModelUnavailable } from './model.js';
import { chatModelRequest, type ChatAsk } from './prompts.js';
import { admitModelCall, defaultDeps, makeQuiz, returnModelCall, type AiCaller, type AiDeps } from './service.js';

const DAY_SECONDS = 24 * 60 * 60;
/** A reply longer than this is cut (maxTokens bounds it already; this bounds the stored item). */
const MAX_REPLY_CHARS = 12_000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The model's text answer; throws when it gave none (the caller answers with the chat failure text). */
async function textReply(ask: ChatAsk, earlier: readonly ChatMessage[], deps: AiDeps): Promise<string> {
  const reply = await deps.model.converse(chatModelRequest(ask, earlier));
  countBusinessEvent(BusinessMetric.aiModelTokens, reply.usage.inputTokens + reply.usage.outputTokens);
  const text = reply.content.flatMap((block) => ('text' in block ? [block.text] : [])).join('\n\n').trim();
  if (!text) throw new ModelUnavailable('failed', `Empty chat reply (stopReason ${reply.stopReason})`);
  return text.slice(0, MAX_REPLY_CHARS);
}

/** generate_quiz: a quiz on what the student asked for; none at all (no bank for the subject, no model) is a failure. */
async function quizReply(request: ChatRequest, deps: AiDeps, level: string | undefined): Promise<{ content: string; quiz: ChatQuiz }> {
  const made = await makeQuiz(
    {
      subject: request.subject, difficulty: request.difficulty, count: CHAT_LIMITS.quizQuestions, topic: request.prompt.slice(0, 300),
      ...(request.language ? { language: request.language } : {}),
      level,
    },
    deps.model,
  );
  if (made.questions.length === 0) throw new ModelUnavailable('failed', `No quiz questions for ${request.subject}`);
  const content = `Here is a ${made.questions.length}-question ${request.subject} quiz (${DIFFICULTY_LABELS[request.difficulty]}). Play it below.`
    + (made.source === 'ai' ? '' : `\n\n${made.message}`);
  return { content, quiz: { subject: request.subject, ...made } };
}

/** The conversation being continued (404 when it is not the student's or is gone), or a new one. */
async function continuing(userId: string, request: ChatRequest, nowSeconds: number) {
  if (!request.conversationId) return { head: undefined, earlier: [] as ChatMessage[] };
  const head = await conversationHead(userId, request.conversationId, nowSeconds);
  if (!head) throw new NotFound(chatMessages.conversationNotFound);
  if (head.messageCount + 2 > CHAT_LIMITS.messagesPerConversation) throw new BusinessRuleViolated('conversation_full', chatMessages.conversationFull);
  // Its label (type and subject) says what the thread is about and its earlier turns were asked
  // under it: another type or subject is a new conversation, not this one relabelled. The
  // difficulty may change within it.
  if (request.type !== head.type || request.subject !== head.subject) throw new Conflict('conversation_topic_changed', chatMessages.topicChanged);
  return { head, earlier: await conversationMessages(userId, head.id, nowSeconds) };
}

/** POST /api/ai/chat: kept under `ownerId` (a parent's chosen child), answered at that learner's `level` when there is one (service.ts levelForLearner). */
export async function sendChatMessage(
  userId: string, request: ChatRequest, deps: AiDeps = defaultDeps(), caller: AiCaller = {}, ownerId = userId, level?: string,
): Promise<ChatReply> {
  const now = deps.now();
  const nowSeconds = seconds(now);
  const { head: before, earlier } = await continuing(ownerId, request, nowSeconds);

  // The same instant for taking and giving back: both name the same day's counter.
  const sameDay = { ...deps, now: () => now };
  const refusal = await admitModelCall(userId, 'chat', sameDay, caller);
  if (refusal) {
    countBusinessEvent(BusinessMetric.aiQuotaRefused);
    const { limit, scope, resetsAt } = refusal;
    const message = scope === 'user' ? aiMessages.chatQuotaSpent(limit) : chatMessages.platformCapReached;
    // The documented 429 details (QuotaDetails), named one by one: nothing else of the refusal leaks.
    throw new TooManyRequests('ai_quota_spent', message, { scope, resetsAt });
  }

  let answer: { content: string; quiz?: ChatQuiz };
  try {
    answer = request.type === 'generate_quiz'
      ? await quizReply(request, deps, level)
      : { content: await textReply({ ...request, type: request.type, level }, earlier, deps) };
  } catch (error) {
    if (error instanceof ModelUnavailable) logger.warn('Model unavailable for a chat message', { reason: error.reason, message: error.message });
    else logger.error('Chat model call failed unexpectedly', { error: error as Error });
    await returnModelCall(userId, 'chat', sameDay);
    throw new ProviderFailed('ai_unavailable', chatMessages.failed);
  }

  const timestamp = now.toISOString();
  const { type, subject, difficulty } = request;
  const sent: ChatMessage = { id: randomUUID(), type: 'user', content: request.prompt, timestamp, asked: { type, subject, difficulty } };
  const reply: ChatMessage = { id: randomUUID(), type: 'ai', timestamp, ...answer };
  const conversation: ConversationSummary = {
    id: before?.id ?? randomUUID(),
    title: before?.title ?? request.prompt.replace(/\s+/g, ' ').slice(0, CHAT_LIMITS.titleLength),
    type, subject, difficulty,
    createdAt: before?.createdAt ?? timestamp,
    updatedAt: timestamp,
    messageCount: (before?.messageCount ?? 0) + 2,
  };
  try {
    await saveExchange(ownerId, conversation, before ? before.messageCount : null, [sent, reply], nowSeconds + CHAT_LIMITS.keepDays * DAY_SECONDS);
  } catch (error) {
    // Not answered after all (another message of this conversation was saved first, or the save
    // failed): the student gets their one back. The platform's count keeps the model call made.
    await returnModelCall(userId, 'chat', sameDay);
    if (error instanceof ConversationChanged) {
      throw new Conflict('conversation_changed', 'This conversation changed in another window. Reload it and send your message again.');
    }
    throw error;
  }
  if (!before) await forgetOldest(ownerId, nowSeconds);
  countBusinessEvent(BusinessMetric.aiChatMessage);
  logger.info('Chat message answered', { type: ASSISTANT_TYPE_LABELS[type], subject, quiz: Boolean(answer.quiz) });
  return { conversation, sent, reply };
}

/** Keeps the newest conversationsKept conversations: a new one pushes the oldest out. */
async function forgetOldest(userId: string, nowSeconds: number): Promise<void> {
  const heads = await conversationHeads(userId, nowSeconds);
  for (const old of heads.slice(CHAT_LIMITS.conversationsKept)) await deleteConversationItems(userId, old.id);
}

/** GET /api/ai/conversations: newest first. */
export async function listConversations(userId: string, now = new Date()): Promise<ConversationList> {
  const heads = await conversationHeads(userId, seconds(now));
  return { conversations: heads.slice(0, CHAT_LIMITS.conversationsKept) };
}

/** GET /api/ai/conversations/{id}: the student's own only (404 otherwise: their partition holds no one else's). */
export async function getConversation(userId: string, conversationId: string, now = new Date()): Promise<Conversation> {
  const head = await conversationHead(userId, conversationId, seconds(now));
  if (!head) throw new NotFound(chatMessages.conversationNotFound);
  return { ...head, messages: await conversationMessages(userId, conversationId, seconds(now)) };
}

/** DELETE /api/ai/conversations/{id} */
export async function deleteConversation(userId: string, conversationId: string): Promise<void> {
  if (!(await deleteConversationItems(userId, conversationId))) throw new NotFound(chatMessages.conversationNotFound);
}
