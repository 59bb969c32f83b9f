import { describe, expect, it } from 'vitest';
import { composeSubjectProgress, mondayOf, readWindow, subjectKey, weekStarts, type SubjectGame, type SubjectLesson } from './subject-rules.js';

const NAIROBI = 'Africa/Nairobi';
/** Wednesday 26 Nov 2026, 09:00 EAT: the current week starts Monday 24 Nov. */
const now = new Date('2026-11-25T06:00:00Z');
const game = (subject: string, finishedAt: string, correctCount: number, questionCount = 10): SubjectGame => ({ subject, finishedAt, correctCount, questionCount });
const lesson = (subject: string, scheduledAt: string, topics: string[] = [], homework: SubjectLesson['homework'] = null): SubjectLesson =>
  ({ bookingId: `b-${scheduledAt}`, subject, scheduledAt, topics, homework });

describe('weeks', () => {
  it('twelve Mondays ending with this week\'s, oldest first, in the household\'s zone', () => {
    const weeks = weekStarts(now, NAIROBI);
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-09-07');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // a Sunday
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
  });

  it('Sunday 23:50 EAT is this week in Nairobi but Monday\'s in a zone ahead', () => {
    // Monday 30 Nov 00:10 EAT = Sunday 21:10 UTC.
    expect(weekStarts(new Date('2026-11-29T21:10:00Z'), NAIROBI).at(-1)).toBe('2026-11-30');
    expect(weekStarts(new Date('2026-11-29T21:10:00Z'), 'UTC').at(-1)).toBe('2026-11-23');
  });

  it('the read window covers every zone\'s midnights around the weeks (and the weeks before, for homework)', () => {
    const weeks = weekStarts(now, NAIROBI);
    const { from, to } = readWindow(weeks);
    expect(from.toISOString()).toBe('2026-09-06T10:00:00.000Z');
    expect(to.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(readWindow(weeks, 4).from.toISOString()).toBe('2026-08-09T10:00:00.000Z');
  });
});

describe('subject names', () => {
  it('a catalog subject in any case or spacing, with an exam before it or a short name, is the catalog\'s', () => {
    for (const spelling of ['Chemistry', 'chemistry', '  CHEMISTRY ', 'KCSE Chemistry', 'chem']) expect(subjectKey(spelling)).toEqual({ key: 'chemistry', name: 'Chemistry' });
    expect(subjectKey('Maths').name).toBe('Mathematics');
    expect(subjectKey('igcse maths').name).toBe('Mathematics');
    expect(subjectKey('Swahili').name).toBe('Kiswahili');
    expect(subjectKey('Art and  Design').name).toBe('Art and Design');
  });

  it('another subject keeps its own words, grouped whatever the case', () => {
    expect(subjectKey('Robotics club')).toEqual({ key: 'robotics club', name: 'Robotics club' });
    expect(subjectKey('ROBOTICS CLUB').key).toBe('robotics club');
  });
});

describe('progress by subject', () => {
  it('an empty learner has no subjects, twelve weeks and zero totals with no average', () => {
    const progress = composeSubjectProgress({ now, timeZone: NAIROBI, games: [], lessons: [] });
    expect(progress).toEqual({
      timeZone: NAIROBI, weeks: weekStarts(now, NAIROBI), subjects: [],
      totals: { lessons: 0, homeworkDue: 0, homeworkDone: 0, gamesPlayed: 0, averagePercent: null },
    });
  });

  it('groups several subjects alphabetically, games and lessons spelt differently under one name', () => {
    const progress = composeSubjectProgress({
      now, timeZone: NAIROBI,
      games: [game('Chemistry', '2026-11-24T08:00:00Z', 6), game('Mathematics', '2026-11-24T09:00:00Z', 9)],
      lessons: [lesson('KCSE chemistry ', '2026-11-23T12:00:00Z', ['Moles']), lesson('Maths', '2026-11-16T12:00:00Z', ['Fractions'])],
    });
    expect(progress.subjects.map((s) => s.subject)).toEqual(['Chemistry', 'Mathematics']);
    const chemistry = progress.subjects[0]!;
    expect(chemistry.weeks.at(-1)).toEqual({ weekStart: '2026-11-23', lessons: 1, homeworkDue: 0, homeworkDone: 0, gamesPlayed: 1, averagePercent: 60 });
    expect(chemistry.topics).toEqual([{ topic: 'Moles', date: '2026-11-23' }]);
    const maths = progress.subjects[1]!;
    expect(maths.weeks.at(-2)).toMatchObject({ weekStart: '2026-11-16', lessons: 1, gamesPlayed: 0, averagePercent: null });
    expect(maths.totals).toEqual({ lessons: 1, homeworkDue: 0, homeworkDone: 0, gamesPlayed: 1, averagePercent: 90 });
    expect(progress.totals).toEqual({ lessons: 2, homeworkDue: 0, homeworkDone: 0, gamesPlayed: 2, averagePercent: 75 });
  });

  it('a week without games has a null score, not 0; a week\'s score counts every answer once', () => {
    const progress = composeSubjectProgress({
      now, timeZone: NAIROBI,
      games: [game('Chemistry', '2026-11-10T08:00:00Z', 10, 10), game('Chemistry', '2026-11-11T08:00:00Z', 1, 5), game('Chemistry', '2026-11-24T08:00:00Z', 0)],
      lessons: [],
    });
    const weeks = progress.subjects[0]!.weeks;
    expect(weeks.find((w) => w.weekStart === '2026-11-09')?.averagePercent).toBe(73); // 11 of 15
    expect(weeks.find((w) => w.weekStart === '2026-11-16')).toMatchObject({ gamesPlayed: 0, averagePercent: null });
    expect(weeks.find((w) => w.weekStart === '2026-11-23')).toMatchObject({ gamesPlayed: 1, averagePercent: 0 });
    expect(weeks.filter((w) => w.averagePercent === null)).toHaveLength(10);
  });

  it('Sunday 23:30 EAT is the week before; Monday 00:10 EAT the week after', () => {
    const progress = composeSubjectProgress({
      now, timeZone: NAIROBI,
      games: [game('Physics', '2026-11-22T20:30:00Z', 5), game('Physics', '2026-11-22T21:10:00Z', 8)],
      lessons: [lesson('Physics', '2026-11-22T20:30:00Z', ['Waves']), lesson('Physics', '2026-11-22T21:10:00Z', ['Optics'])],
    });
    const weeks = progress.subjects[0]!.weeks;
    expect(weeks.at(-2)).toMatchObject({ weekStart: '2026-11-16', gamesPlayed: 1, averagePercent: 50, lessons: 1 });
    expect(weeks.at(-1)).toMatchObject({ weekStart: '2026-11-23', gamesPlayed: 1, averagePercent: 80, lessons: 1 });
    expect(progress.subjects[0]!.topics).toEqual([{ topic: 'Optics', date: '2026-11-23' }, { topic: 'Waves', date: '2026-11-22' }]);
    // The same instants in Lagos (UTC+1) are both Sunday: one week.
    const lagos = composeSubjectProgress({ now, timeZone: 'Africa/Lagos', games: [game('Physics', '2026-11-22T20:30:00Z', 5), game('Physics', '2026-11-22T21:10:00Z', 8)], lessons: [] });
    expect(lagos.subjects[0]!.weeks.at(-2)).toMatchObject({ gamesPlayed: 2, averagePercent: 65 });
  });

  it('homework counts in the week it is due (no due date: its lesson\'s), done or not; earlier lessons\' homework too', () => {
    const progress = composeSubjectProgress({
      now, timeZone: NAIROBI,
      games: [],
      lessons: [
        lesson('Biology', '2026-11-17T12:00:00Z', ['Cells'], { dueDate: '2026-11-24', done: true }),
        lesson('Biology', '2026-11-18T12:00:00Z', [], { done: false }),
        // Before the twelve weeks: not a lesson shown, but its homework is due in the first week.
        lesson('Biology', '2026-09-01T12:00:00Z', ['Old topic'], { dueDate: '2026-09-08', done: false }),
        // Before and due before: nothing.
        lesson('Biology', '2026-08-20T12:00:00Z', ['Older'], { dueDate: '2026-08-25', done: true }),
      ],
    });
    const biology = progress.subjects[0]!;
    expect(biology.weeks[0]).toMatchObject({ weekStart: '2026-09-07', lessons: 0, homeworkDue: 1, homeworkDone: 0 });
    expect(biology.weeks.at(-2)).toMatchObject({ lessons: 2, homeworkDue: 1, homeworkDone: 0 });
    expect(biology.weeks.at(-1)).toMatchObject({ lessons: 0, homeworkDue: 1, homeworkDone: 1 });
    expect(biology.totals).toEqual({ lessons: 2, homeworkDue: 3, homeworkDone: 1, gamesPlayed: 0, averagePercent: null });
    expect(biology.topics.map((t) => t.topic)).toEqual(['Cells']);
  });

  it('lists the newest 20 topics of a subject', () => {
    const lessons = Array.from({ length: 25 }, (_, i) => lesson('History', new Date(Date.parse('2026-10-01T08:00:00Z') + i * 86_400_000).toISOString(), [`Topic ${i}`]));
    const topics = composeSubjectProgress({ now, timeZone: NAIROBI, games: [], lessons }).subjects[0]!.topics;
    expect(topics).toHaveLength(20);
    expect(topics[0]).toEqual({ topic: 'Topic 24', date: '2026-10-25' });
    expect(topics.at(-1)?.topic).toBe('Topic 5');
  });
});
