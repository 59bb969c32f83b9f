import { describe, expect, it } from 'vitest';
import type { ModelReply } from './model.js';
import { checkQuizReply, QUIZ_TOOL } from './quiz-reply.js';

const good = (n: number, overrides: Record<string, unknown> = {}) => ({
  question: `What is ${n} + ${n}?`, options: [`${2 * n}`, `${2 * n + 1}`, `${2 * n + 2}`, `${2 * n + 3}`], correctIndex: 0,
  explanation: `${n} + ${n} = ${2 * n}.`, difficulty: 'easy', topic: 'Addition', ...overrides,
});
const toolReply = (input: unknown, name = QUIZ_TOOL.name): ModelReply => ({
  content: [{ toolUse: { name, input } }], stopReason: 'tool_use', usage: { inputTokens: 10, outputTokens: 10 },
});
const textReply = (text: string): ModelReply => ({ content: [{ text }], stopReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 10 } });
const asked = { count: 5, difficulty: 'easy' as const };

describe('quiz reply validation', () => {
  it('keeps well-formed questions from the forced tool call', () => {
    const { questions, dropped } = checkQuizReply(toolReply({ questions: [good(1), good(2), good(3)] }), asked);
    expect(questions.map((q) => q.question)).toEqual(['What is 1 + 1?', 'What is 2 + 2?', 'What is 3 + 3?']);
    expect(dropped).toBe(0);
  });

  it.each([
    ['a missing field (explanation)', { explanation: undefined }],
    ['a missing field (topic)', { topic: undefined }],
    ['three options', { options: ['1', '2', '3'] }],
    ['five options', { options: ['1', '2', '3', '4', '5'] }],
    ['duplicate options', { options: ['2', '3', '2', '4'] }],
    ['options that differ only in spaces', { options: ['2', ' 3', '3 ', '4'] }],
    ['an empty option', { options: ['2', '', '3', '4'] }],
    ['correctIndex 4', { correctIndex: 4 }],
    ['correctIndex -1', { correctIndex: -1 }],
    ['correctIndex "2"', { correctIndex: '2' }],
    ['correctIndex 1.5', { correctIndex: 1.5 }],
    ['an empty question', { question: '   ' }],
    ['an empty explanation', { explanation: '' }],
    ['an unknown difficulty', { difficulty: 'expert' }],
    ['options not an array', { options: 'A, B, C, D' }],
    ['a question far too long', { question: 'x'.repeat(501) }],
  ])('drops a question with %s', (_what, overrides) => {
    const { questions, dropped } = checkQuizReply(toolReply({ questions: [good(1), good(2, overrides)] }), asked);
    expect(questions.map((q) => q.question)).toEqual(['What is 1 + 1?']);
    expect(dropped).toBe(1);
  });

  it('drops a question that is not an object at all', () => {
    expect(checkQuizReply(toolReply({ questions: [good(1), 'What is 2 + 2?', null, 42, ['a']] }), asked).questions).toHaveLength(1);
  });

  it('drops repeated questions (same text ignoring case and spaces) and questions of another difficulty', () => {
    const reply = toolReply({ questions: [good(1), good(1, { question: '  what is 1 +  1? ' }), good(2, { difficulty: 'hard' })] });
    expect(checkQuizReply(reply, asked)).toMatchObject({ questions: [{ question: 'What is 1 + 1?' }], dropped: 2 });
    // A mixed quiz takes every difficulty.
    expect(checkQuizReply(reply, { count: 5, difficulty: 'mixed' }).questions).toHaveLength(2);
  });

  it('keeps at most the count asked', () => {
    const { questions, dropped } = checkQuizReply(toolReply({ questions: [good(1), good(2), good(3)] }), { count: 2, difficulty: 'easy' });
    expect(questions).toHaveLength(2);
    expect(dropped).toBe(1);
  });

  it('drops fields the schema does not name, keeping the question', () => {
    const { questions } = checkQuizReply(toolReply({ questions: [good(1, { id: 'q1', hint: 'think' })] }), asked);
    expect(questions[0]).not.toHaveProperty('hint');
    expect(questions[0]).not.toHaveProperty('id');
  });

  it.each([
    ['no questions list', toolReply({ quiz: [good(1)] })],
    ['questions not an array', toolReply({ questions: good(1) })],
    ['a tool input that is not an object', toolReply('{"questions": []}')],
    ['a tool input that is an array', toolReply([good(1)])],
    ['another tool\'s call', toolReply({ questions: [good(1)] }, 'other_tool')],
    ['an empty reply', { content: [], stopReason: 'end_turn', usage: { inputTokens: 0, outputTokens: 0 } } satisfies ModelReply],
    ['text without JSON', textReply('Sorry, I cannot help with that.')],
    ['broken JSON (cut off)', textReply('Here you go: {"questions": [{"question": "What is 2 + 2?", "options": ["3", "4"')],
    ['JSON that is a list, not an object', textReply('[1, 2, 3]')],
  ])('finds nothing usable in %s', (_what, reply) => {
    expect(checkQuizReply(reply, asked).questions).toEqual([]);
  });

  it('reads a JSON object with extra text around it when the model answered in text', () => {
    const reply = textReply(`Sure! Here is your quiz:\n${JSON.stringify({ questions: [good(1), good(2)] })}\nGood luck!`);
    expect(checkQuizReply(reply, asked).questions).toHaveLength(2);
  });

  it('gives the model a JSON Schema of the quiz (four options, index 0–3, the three difficulties)', () => {
    const schema = QUIZ_TOOL.inputSchema as { $schema?: string; required: string[]; properties: { questions: { items: { properties: Record<string, Record<string, unknown>>; required: string[] } } } };
    expect(schema.$schema).toBeUndefined();
    expect(schema.required).toEqual(['questions']);
    const item = schema.properties.questions.items;
    expect(item.required.sort()).toEqual(['correctIndex', 'difficulty', 'explanation', 'options', 'question', 'topic']);
    expect(item.properties.options).toMatchObject({ type: 'array', minItems: 4, maxItems: 4 });
    expect(item.properties.correctIndex).toMatchObject({ type: 'integer', minimum: 0, maximum: 3 });
    expect(item.properties.difficulty).toMatchObject({ enum: ['easy', 'medium', 'hard'] });
  });
});
