/**
 * "Draft it for me": the model turns the tutor's few words into the report's family-facing
 * fields through the write_lesson_report tool (structured output). The system prompt is the
 * product's alone; the tutor's words go only into the user turn, quoted. The reply is checked
 * here: a model may answer anything, and a reply without usable topics and next steps is no draft.
 */
import type { Language } from '../../events/shared/language.js';
import type { ModelReply, ModelRequest, ModelTool } from '../ai/model.js';
import { PERFORMANCE_LEVELS, REPORT_LIMITS, type PerformanceLevel } from './rules.js';

export const REPORT_TOOL: ModelTool = {
  name: 'write_lesson_report',
  description: 'Records the lesson report the tutor will review before the family sees it.',
  inputSchema: {
    type: 'object',
    properties: {
      topics: { type: 'array', items: { type: 'string' }, maxItems: REPORT_LIMITS.topics, description: 'Short names of the topics covered (a few words each).' },
      performance: { type: 'string', enum: [...PERFORMANCE_LEVELS], description: 'How the learner did, only if the tutor said.' },
      homework: { type: 'string', description: 'The homework set, if the tutor mentioned any; otherwise empty.' },
      nextSteps: { type: 'string', description: 'One to three sentences on what the learner should work on next.' },
    },
    required: ['topics', 'nextSteps'],
  },
};

const LANGUAGE_LINE: Record<Language, string> = {
  en: 'Write in clear, simple English.',
  sw: 'Write in Kiswahili as it is used in Kenyan schools; keep subject terms and formulas in their usual form.',
};

export function reportSystemPrompt(language: Language): string {
  return [
    "You help a tutor on Africa's Learning Platform, a Kenyan tutoring marketplace, write a short report of a lesson for the learner's family.",
    'Rules:',
    '- Use only what the tutor wrote. Never invent topics, marks, homework or behaviour.',
    '- Be warm, respectful and encouraging; speak about the learner, never to them; no personal data beyond what the tutor gave.',
    `- Topics: at most ${REPORT_LIMITS.topics}, each a few words (at most ${REPORT_LIMITS.topicLength} characters).`,
    `- performance: one of ${PERFORMANCE_LEVELS.join(', ')}, only when the tutor's words say how the learner did.`,
    '- nextSteps: one to three sentences.',
    `- ${LANGUAGE_LINE[language]}`,
    `- Answer only by calling the ${REPORT_TOOL.name} tool.`,
  ].join('\n');
}

export function reportDraftRequest(words: string, subject: string, language: Language): ModelRequest {
  return {
    system: reportSystemPrompt(language),
    userText: [
      'Draft the lesson report.',
      `Subject: ${subject}`,
      `Tutor's notes: "${words.replace(/"/g, "'")}"`,
    ].join('\n'),
    tool: REPORT_TOOL,
  };
}

export interface CheckedDraft {
  topics: string[];
  performance?: PerformanceLevel;
  homework?: { text: string };
  nextSteps: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

/** The draft in the tool call, cut to the form's limits; null when there is none worth showing. */
export function checkDraftReply(reply: ModelReply): CheckedDraft | null {
  const call = reply.content.find((block) => 'toolUse' in block && block.toolUse.name === REPORT_TOOL.name);
  if (!call || !('toolUse' in call)) return null;
  const input = call.toolUse.input as Record<string, unknown> | null;
  if (!input || typeof input !== 'object') return null;
  const topics = (Array.isArray(input.topics) ? input.topics : [])
    .map(text).filter(Boolean).map((t) => t.slice(0, REPORT_LIMITS.topicLength)).slice(0, REPORT_LIMITS.topics);
  const nextSteps = text(input.nextSteps).slice(0, REPORT_LIMITS.nextStepsLength);
  if (topics.length === 0 || !nextSteps) return null;
  const performance = PERFORMANCE_LEVELS.find((level) => level === input.performance);
  const homework = text(input.homework).slice(0, REPORT_LIMITS.homeworkLength);
  return { topics: [...new Set(topics)], ...(performance ? { performance } : {}), ...(homework ? { homework: { text: homework } } : {}), nextSteps };
}
