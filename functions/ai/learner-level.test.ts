import { describe, expect, it } from 'vitest';
import { GRADES } from '../households/grades-catalog.js';
import { learnerLevel } from './learner-level.js';
import { chatSystemPrompt, quizModelRequest, QUIZ_SYSTEM_PROMPT } from './prompts.js';

describe('learnerLevel (a learner\'s grade as the AI\'s level)', () => {
  it('names the curriculum, grade, stage and usual ages', () => {
    expect(learnerLevel('cbc-grade-7')).toBe('CBC (Competency-Based Curriculum), Grade 7, Junior School, learners aged about 12 to 13');
    expect(learnerLevel('cbc-pp1')).toBe('CBC (Competency-Based Curriculum), PP1, Pre-Primary, learners aged about 4 to 5');
    expect(learnerLevel('844-form-4')).toBe('8-4-4, Form 4, Secondary, learners aged about 17 to 18');
    expect(learnerLevel('igcse-year-10')).toBe('IGCSE / A-Level, Year 10 (IGCSE), IGCSE, learners aged about 14 to 15');
    expect(learnerLevel('university-year-2')).toBe('University, Year 2, University, adult learners');
    expect(learnerLevel('adult-learner')).toBe('Adult learning, Adult learner, Adult learning, adult learners');
  });
  it('has a level for every grade of the catalog, and none for an unknown id', () => {
    for (const grade of GRADES) expect(learnerLevel(grade.id)).toEqual(expect.any(String));
    expect(learnerLevel('grade-7')).toBeUndefined();
  });
  it('puts the level in the system prompts, and leaves them as they were without one', () => {
    const level = learnerLevel('cbc-grade-4')!;
    const ask = { subject: 'Mathematics', difficulty: 'easy', count: 3 } as const;
    expect(quizModelRequest(ask).system).toBe(QUIZ_SYSTEM_PROMPT);
    expect(quizModelRequest({ ...ask, level }).system).toContain(`Learner's level: ${level}.`);
    expect(chatSystemPrompt('explain_concept', 'Mathematics', 'easy')).not.toContain('Learner\'s level');
    expect(chatSystemPrompt('explain_concept', 'Mathematics', 'easy', undefined, level)).toContain(`Learner's level: ${level}.`);
  });
});
