/**
 * Routes: AI learning (quizzes) and the study assistant (chat and its conversations).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../shared/route-def.js';
import { CHAT_LIMITS, QUIZ_LIMITS } from './catalog.js';
import {
  ChatReply, ChatRequest, Conversation, ConversationList, ConversationParams, ConversationsQuery, QuizRequest, QuizResponse,
} from './contract.js';

export const aiRoutes = {
  generateQuiz: {
    method: 'POST', path: '/api/ai/quiz', handler: 'ai/handlers/generate-quiz', access: 'signed-in',
    grants: ['table:read', 'table:write', 'ai:invoke'],
    summary: `A quiz for a subject, difficulty (or mixed) and count (1–${QUIZ_LIMITS.maxCount}), optionally the language the student reads (sw: the model writes in Kiswahili) and, for a parent, the learnerId of the child it is for (the model writes for the child's grade; 404 for a learner not of the caller's household): from the AI model when it answers well, topped up from or replaced by the built-in banks otherwise (source ai, mixed or fallback, with the message that says so). Counts against the student's daily quota and the platform's daily cap; when either is spent, bank questions with quota.resetsAt.`,
    body: QuizRequest, responses: { 200: QuizResponse }, errors: [404],
    // The model gets 8 s (BEDROCK_TIMEOUT_MS); a cold start, the quota writes and the banks must still fit.
    timeoutSeconds: 15,
  },
  sendChatMessage: {
    method: 'POST', path: '/api/ai/chat', handler: 'ai/handlers/send-chat-message', access: 'signed-in',
    grants: ['table:read', 'table:write', 'ai:invoke'],
    summary: `A message to the study assistant (type, subject, difficulty, prompt of at most ${CHAT_LIMITS.prompt} characters; conversationId to continue one, otherwise a new one starts; language sw: the model answers in Kiswahili; a parent's learnerId keeps the conversation under that child and answers at the child's grade, while the quota stays the parent's; 404 for a learner not in the household). Answers the saved exchange: a text reply, or for generate_quiz a playable quiz. 429 with details.resetsAt when the daily chat quota (or the platform cap) is spent; 502 "Failed to get AI response. Please try again." when the model fails (nothing saved, quota given back); 404 for a conversation that is not the student's or a learner not of the caller's household; 422 when the conversation is full; 409 when it changed meanwhile (quota given back: only answered messages spend it).`,
    body: ChatRequest, responses: { 200: ChatReply }, errors: [404, 409, 422, 429, 502],
    timeoutSeconds: 15,
  },
  listConversations: {
    method: 'GET', path: '/api/ai/conversations', handler: 'ai/handlers/list-conversations', access: 'signed-in',
    grants: ['table:read'],
    summary: `The signed-in student's study assistant conversations (the last ${CHAT_LIMITS.conversationsKept}, kept ${CHAT_LIMITS.keepDays} days), newest first, without their messages. A parent's learnerId: that child's (404 for a learner not in the household).`,
    query: ConversationsQuery, responses: { 200: ConversationList }, errors: [404],
  },
  getConversation: {
    method: 'GET', path: '/api/ai/conversations/{conversationId}', handler: 'ai/handlers/get-conversation', access: 'signed-in',
    grants: ['table:read'],
    summary: 'One of the signed-in student\'s (or, with learnerId, their child\'s) conversations with its messages (404 for anyone else\'s).',
    params: ConversationParams, query: ConversationsQuery, responses: { 200: Conversation },
  },
  deleteConversation: {
    method: 'DELETE', path: '/api/ai/conversations/{conversationId}', handler: 'ai/handlers/delete-conversation', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Deletes one of the signed-in student\'s (or, with learnerId, their child\'s) conversations and its messages (404 for anyone else\'s or one already gone).',
    params: ConversationParams, query: ConversationsQuery, responses: { 204: null },
  },
} as const satisfies Record<string, RouteDef>;
