/**
 * AI learning contract (quiz questions, quiz reply parsing, the AI texts, subjects
 * and difficulties), shared by the API and the SPA. A quiz comes from the model (Amazon Bedrock,
 * functions/ai/bedrock.ts) when it answers well and within the quotas, otherwise from the built-in
 * banks (functions/ai/banks/); `source` says which, and `message` is the text to show.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../events/shared/language.js';
import { LearnerChoice } from '../households/learner-choice.js';
import {
  aiMessages, ASSISTANT_SUBJECTS, ASSISTANT_TYPES, CHAT_LIMITS, chatMessages, DIFFICULTIES, DIFFICULTY_LABELS, QUIZ_LIMITS, QUIZ_SUBJECTS,
} from './catalog.js';

export { aiMessages, ASSISTANT_SUBJECTS, ASSISTANT_TYPES, CHAT_LIMITS, chatMessages, DIFFICULTIES, DIFFICULTY_LABELS, QUIZ_LIMITS, QUIZ_SUBJECTS };

/** The six AI game subjects (/ai-learning). */
export const QuizSubject = z.enum(QUIZ_SUBJECTS);
export type QuizSubject = z.infer<typeof QuizSubject>;

/** Easy, medium, hard. */
export const Difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;

/** The language the student reads (the SPA's active one): the model writes in it. English when absent. */
const AnswerLanguage = z.enum(LANGUAGES).optional();

const text = (max: number, what: string) =>
  z.string().trim().min(1, `${what} must not be empty`).max(max, `${what} must be at most ${max} characters`);

/**
 * Four options, none empty, no two the same once spaces are tidied. Case counts: a punctuation
 * question's options may differ only in a capital letter.
 */
const FourOptions = z.array(text(QUIZ_LIMITS.option, 'An option')).length(4, 'A question has exactly four options')
  .refine((options) => new Set(options.map((o) => o.replace(/\s+/g, ' '))).size === 4, 'The four options must be different');

/**
 * A question as the model is asked to write it (fields it adds are dropped) (the forced tool's input schema is derived from
 * this, functions/ai/quiz-reply.ts). `correctIndex` is the 0-based index of the right option
 * (one name for what built-in data calls correctAnswer and AI replies call correct).
 */
export const GeneratedQuestion = z.object({
  question: text(QUIZ_LIMITS.question, 'The question'),
  options: FourOptions,
  correctIndex: z.int().min(0).max(3),
  explanation: text(QUIZ_LIMITS.explanation, 'The explanation'),
  difficulty: Difficulty,
  topic: text(QUIZ_LIMITS.topic, 'The topic'),
});
export type GeneratedQuestion = z.infer<typeof GeneratedQuestion>;

/** A quiz question: what the SPA plays. */
export const QuizQuestion = z.object({
  /** `bank:{subject}:{n}` for a built-in question, `ai:{uuid}` for a generated one. */
  id: z.string().min(1),
  ...GeneratedQuestion.shape,
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

export const QuizRequest = z.strictObject({
  subject: QuizSubject,
  /** `mixed`: questions of all three difficulties (challenge mode moves between them). */
  difficulty: z.enum([...DIFFICULTIES, 'mixed']).default('medium'),
  count: z.int().min(1).max(QUIZ_LIMITS.maxCount).default(10),
  /** Optional focus ("Quadratic equations"); sent to the model as the student's words, never as instructions. */
  topic: text(QUIZ_LIMITS.topic, 'The topic').optional(),
  language: AnswerLanguage,
  /** A parent playing for a child: the quiz is pitched at the child's grade (404 for a learner not of the caller's household). */
  ...LearnerChoice.shape,
});
export type QuizRequest = z.infer<typeof QuizRequest>;
export type QuizDifficulty = QuizRequest['difficulty'];

/** `ai`: every question from the model; `mixed`: the model's good ones topped up from the banks; `fallback`: banks only. */
export const QuizSource = z.enum(['ai', 'mixed', 'fallback']);
export type QuizSource = z.infer<typeof QuizSource>;

export const QuotaNotice = z.object({
  /** `user`: this student's daily quota is spent; `platform`: the platform-wide daily cap is reached. */
  scope: z.enum(['user', 'platform']),
  /** UTC ISO instant the AI is available again (next midnight, Africa/Nairobi). */
  resetsAt: z.string(),
});
export type QuotaNotice = z.infer<typeof QuotaNotice>;

export const QuizResponse = z.object({
  subject: QuizSubject,
  questions: z.array(QuizQuestion),
  source: QuizSource,
  message: z.string(),
  /** Present when the AI was not asked because a quota or the daily cap is spent. */
  quota: QuotaNotice.optional(),
});
export type QuizResponse = z.infer<typeof QuizResponse>;

// ---- Study assistant (/ai-study-assistant) ----

export const AssistantType = z.enum(ASSISTANT_TYPES);
export type AssistantType = z.infer<typeof AssistantType>;
export const AssistantSubject = z.enum(ASSISTANT_SUBJECTS);
export type AssistantSubject = z.infer<typeof AssistantSubject>;

/** POST /api/ai/chat. Without `conversationId` a new conversation starts. */
export const ChatRequest = z.strictObject({
  type: AssistantType,
  subject: AssistantSubject,
  difficulty: Difficulty.default('medium'),
  prompt: z.string().trim().min(1, chatMessages.empty).max(CHAT_LIMITS.prompt, chatMessages.tooLong),
  conversationId: z.uuid().optional(),
  language: AnswerLanguage,
  /** A parent asking for a child: kept under the child, pitched at the child's grade (404 for a learner not of the caller's household). */
  ...LearnerChoice.shape,
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** A quiz the assistant wrote (generate_quiz): played on the page, never shown as JSON. */
export const ChatQuiz = z.object({
  subject: AssistantSubject,
  questions: z.array(QuizQuestion).min(1),
  source: QuizSource,
  message: z.string(),
});
export type ChatQuiz = z.infer<typeof ChatQuiz>;

/** An AI chat message: id, type (user or ai), content, timestamp; and what the student asked for. */
export const ChatMessage = z.object({
  id: z.string(),
  type: z.enum(['user', 'ai']),
  content: z.string(),
  timestamp: z.string(),
  /** On the student's messages: the assistant type, subject and difficulty chosen when sending. */
  asked: z.object({ type: AssistantType, subject: AssistantSubject, difficulty: Difficulty }).optional(),
  /** On a generate_quiz reply. */
  quiz: ChatQuiz.optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ConversationSummary = z.object({
  id: z.uuid(),
  /** The start of the student's first message. */
  title: z.string(),
  type: AssistantType,
  subject: AssistantSubject,
  difficulty: Difficulty,
  createdAt: z.string(),
  updatedAt: z.string(),
  messageCount: z.int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationList = z.object({ conversations: z.array(ConversationSummary) });
export type ConversationList = z.infer<typeof ConversationList>;

export const Conversation = z.object({ ...ConversationSummary.shape, messages: z.array(ChatMessage) });
export type Conversation = z.infer<typeof Conversation>;

export const ConversationParams = z.object({ conversationId: z.uuid() });
/** The conversations of the parent's learner named, or the caller's own. */
export const ConversationsQuery = LearnerChoice;

/** The answer to a chat message: the exchange as saved, and the conversation it is in. */
export const ChatReply = z.object({ conversation: ConversationSummary, sent: ChatMessage, reply: ChatMessage });
export type ChatReply = z.infer<typeof ChatReply>;
