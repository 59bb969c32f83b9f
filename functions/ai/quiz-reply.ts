/**
 * The quiz asked of the model, and what is kept of its answer (a reply must hold a JSON
 * object with a questions list, otherwise the fallback questions are used). The model is forced to
 * call {@link QUIZ_TOOL} whose input schema is the quiz schema, so a good reply is a toolUse
 * block; every question is still checked with zod: one that fails is dropped, and so are repeats,
 * questions of another difficulty than the one asked, and any beyond the count asked.
 */
import * as z from 'zod';
import { GeneratedQuestion, QUIZ_LIMITS, type QuizRequest } from './contract.js';
import type { ModelReply, ModelTool } from './model.js';

export const QuizToolInput = z.object({ questions: z.array(GeneratedQuestion).min(1).max(QUIZ_LIMITS.maxCount) });

/** Draft-7 JSON Schema without the `$schema` marker (the tool spec holds the schema itself, not a document). */
function toolSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _marker, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
  return json;
}

export const QUIZ_TOOL: ModelTool = {
  name: 'submit_quiz',
  description: 'Submit the multiple-choice quiz questions. Each has exactly four different options, the 0-based index of the one correct option, a short explanation, its difficulty and its topic.',
  // The JSON Schema the model writes to; refinements (distinct options) are checked below, not by the schema.
  inputSchema: toolSchema(QuizToolInput),
};

/** The model's answer as a value: the forced tool's input, else a JSON object inside its text (models sometimes add words around it). */
export function replyPayload(reply: ModelReply): unknown {
  for (const block of reply.content) {
    if ('toolUse' in block && block.toolUse.name === QUIZ_TOOL.name) return block.toolUse.input;
  }
  const text = reply.content.flatMap((block) => ('text' in block ? [block.text] : [])).join('\n');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export interface CheckedQuiz {
  questions: GeneratedQuestion[];
  /** Questions the reply held that were not kept (malformed, repeated, wrong difficulty, beyond the count). */
  dropped: number;
}

/** The usable questions of a reply, at most `request.count`. */
export function checkQuizReply(reply: ModelReply, request: Pick<QuizRequest, 'count' | 'difficulty'>): CheckedQuiz {
  const payload = replyPayload(reply);
  const items = payload && typeof payload === 'object' && Array.isArray((payload as { questions?: unknown }).questions)
    ? (payload as { questions: unknown[] }).questions : [];
  const seen = new Set<string>();
  const questions: GeneratedQuestion[] = [];
  for (const item of items) {
    const parsed = GeneratedQuestion.safeParse(item);
    if (!parsed.success) continue;
    const question = parsed.data;
    // The game shows the difficulty badge of what was asked; a question of another level would mislead.
    if (request.difficulty !== 'mixed' && question.difficulty !== request.difficulty) continue;
    const key = normalised(question.question);
    if (seen.has(key)) continue;
    seen.add(key);
    if (questions.length < request.count) questions.push(question);
  }
  return { questions, dropped: items.length - questions.length };
}
