/**
 * What the sandbox model answers: quizzes from the built-in banks as a model would write them, a
 * chat template, and the misbehaviours a marker in the text (or the sandbox's mode) asks for.
 */
import { bankQuestions, shuffled } from '../../../../functions/ai/banks/index.js';
import { QUIZ_SUBJECTS, type QuizDifficulty, type QuizSubject } from '../../../../functions/ai/contract.js';

export const SANDBOX_BEHAVIOURS = ['normal', 'fail', 'throttle', 'slow', 'invalid-json', 'wrong-shape', 'partial'] as const;
export type SandboxBehaviour = (typeof SANDBOX_BEHAVIOURS)[number];
export const sandboxMarker = (behaviour: Exclude<SandboxBehaviour, 'normal'>) => `[sandbox:${behaviour}]`;

/** "Subject: Physics", "Difficulty: hard", "Number of questions: 5" from the user turn (functions/ai/prompts.ts). */
export function quizAsked(userText: string): { subject: QuizSubject; difficulty: QuizDifficulty; count: number } {
  const line = (label: string) => new RegExp(`^${label}:\\s*(.+)$`, 'im').exec(userText)?.[1]?.trim();
  const subject = QUIZ_SUBJECTS.find((s) => s.toLowerCase() === line('Subject')?.toLowerCase()) ?? 'Mathematics';
  const difficultyText = line('Difficulty')?.toLowerCase() ?? '';
  const difficulty = (['easy', 'medium', 'hard'] as const).find((d) => difficultyText === d) ?? (difficultyText.startsWith('mixed') ? 'mixed' : 'medium');
  const count = Math.min(20, Math.max(1, Number.parseInt(line('Number of questions') ?? '5', 10) || 5));
  return { subject, difficulty, count };
}

/** Bank questions as a model would write them: no ids, another order, options shuffled. */
export function sandboxQuiz(userText: string) {
  const asked = quizAsked(userText);
  return bankQuestions(asked.subject, asked.difficulty, asked.count).map(({ id: _id, ...question }) => {
    const order = shuffled([0, 1, 2, 3]);
    return { ...question, options: order.map((i) => question.options[i]!), correctIndex: order.indexOf(question.correctIndex) };
  });
}

/**
 * The chat reply: says it is the sandbox, echoes the student's words (the page must show them as
 * text, whatever they hold) and uses the light formatting the real model is asked for.
 */
export function chatTemplate(lastText: string, earlierTurns: number): string {
  return [
    '**Local sandbox reply.** This is the local Bedrock sandbox, not a real AI model, so this reply is a template.',
    `You wrote: "${lastText.slice(0, 200)}"`,
    `- Earlier messages sent as context: ${earlierTurns}`,
    '- With a real model on AWS you would get a helpful answer here.',
  ].join('\n\n');
}

/** One of each malformed shape the adapter must drop. */
export function malformedQuestions(subject: string) {
  const base = { question: `Which is a ${subject} question?`, options: ['A', 'B', 'C', 'D'], correctIndex: 0, explanation: 'Because.', difficulty: 'easy', topic: subject };
  return [
    { ...base, options: ['A', 'B', 'C'] },
    { ...base, question: `${base.question} (5)`, options: ['A', 'B', 'C', 'D', 'E'] },
    { ...base, question: `${base.question} (dup)`, options: ['A', 'A', 'B', 'C'] },
    { ...base, question: `${base.question} (4)`, correctIndex: 4 },
    { ...base, question: `${base.question} (-1)`, correctIndex: -1 },
    { ...base, question: `${base.question} ("2")`, correctIndex: '2' },
    { ...base, question: '' },
    { ...base, question: `${base.question} (no explanation)`, explanation: undefined },
  ];
}

/** The tool lesson report drafts are asked through (functions/reports/draft.ts). */
export const LESSON_REPORT_TOOL = 'write_lesson_report';

/**
 * A lesson report draft as the model would record it: the tutor's notes (the quoted
 * "Tutor's notes" line of the user turn) as its topic, and a template for the rest.
 */
export function sandboxLessonReport(userText: string) {
  const notes = /^Tutor's notes:\s*"(.*)"\s*$/im.exec(userText)?.[1]?.trim() ?? 'the lesson';
  const subject = /^Subject:\s*(.+)$/im.exec(userText)?.[1]?.trim() ?? 'the subject';
  return {
    topics: [notes.slice(0, 60), `${subject} practice`],
    performance: 'getting_there',
    homework: `Practise ${subject} exercises on ${notes.slice(0, 60)}.`,
    nextSteps: `Local sandbox draft. Keep practising ${notes.slice(0, 60)} before the next lesson.`,
  };
}
