import { describe, expect, it } from 'vitest';
import {
  composeWeeklyReport, isWeek, reportWeekAt, shiftWeek, weekBounds, weekDays, weekOf, type WeekFacts,
} from './rules.js';

const facts = (over: Partial<WeekFacts> = {}): WeekFacts => ({
  week: '2026-W48', learner: { id: 'l1', firstName: 'Amani' },
  lessons: [], topics: new Map(), homework: [], games: [], courses: [], ...over,
});
const lesson = (bookingId: string, scheduledAt: string, subject = 'Mathematics', status = 'completed') =>
  ({ bookingId, subject, scheduledAt, durationMinutes: 60, status });

describe('Nairobi weeks', () => {
  it('runs Monday 00:00 to Sunday 23:59 EAT', () => {
    // 2026-11-23 is a Monday; EAT is UTC+3.
    expect(weekBounds('2026-W48')).toEqual({ start: new Date('2026-11-22T21:00:00Z'), end: new Date('2026-11-29T21:00:00Z') });
    expect(weekDays('2026-W48')).toEqual({ monday: '2026-11-23', sunday: '2026-11-29' });
  });

  it('puts Sunday 23:30 EAT in that week and Monday 00:10 EAT in the next', () => {
    expect(weekOf(new Date('2026-11-29T20:30:00Z'))).toBe('2026-W48');
    expect(weekOf(new Date('2026-11-29T21:10:00Z'))).toBe('2026-W49');
  });

  it('crosses years as ISO weeks do', () => {
    expect(weekOf(new Date('2026-12-31T12:00:00Z'))).toBe('2026-W53');
    expect(shiftWeek('2026-W53', 1)).toBe('2027-W01');
    expect(shiftWeek('2027-W01', -1)).toBe('2026-W53');
    expect(isWeek('2026-W53')).toBe(true);
    expect(isWeek('2027-W53')).toBe(false);
    expect(isWeek('2026-W00')).toBe(false);
    expect(isWeek('2026-48')).toBe(false);
  });

  it('reports the week whose Sunday 18:00 EAT has passed', () => {
    expect(reportWeekAt(new Date('2026-11-29T15:00:00Z'))).toBe('2026-W48'); // Sunday 18:00 EAT
    expect(reportWeekAt(new Date('2026-11-29T14:59:00Z'))).toBe('2026-W47'); // an hour early: last week
    expect(reportWeekAt(new Date('2026-12-02T09:00:00Z'))).toBe('2026-W48'); // a late retry on Wednesday
  });
});

describe('composeWeeklyReport', () => {
  it('makes none of an empty week, nor of one with only courses or next week\'s lessons', () => {
    expect(composeWeeklyReport(facts())).toBeNull();
    expect(composeWeeklyReport(facts({
      courses: [{ courseId: 'c1', title: 'KCSE Chemistry', percent: 40 }],
      lessons: [lesson('b9', '2026-12-01T06:00:00Z', 'Chemistry', 'confirmed'), lesson('b8', '2026-11-25T06:00:00Z', 'Chemistry', 'cancelled')],
    }))).toBeNull();
  });

  it('counts a lesson at Sunday 23:30 EAT and leaves one at Monday 00:10 EAT to the next week', () => {
    const report = composeWeeklyReport(facts({
      lessons: [lesson('late', '2026-11-29T20:30:00Z'), lesson('next', '2026-11-29T21:10:00Z'), lesson('before', '2026-11-22T20:59:00Z')],
    }));
    expect(report?.lessons.map((l) => l.bookingId)).toEqual(['late']);
  });

  it('lists lessons with their topics, homework due in the week, games by subject and next week\'s lessons', () => {
    const report = composeWeeklyReport(facts({
      lessons: [
        lesson('chem', '2026-11-26T14:00:00Z', 'Chemistry'), lesson('math', '2026-11-24T14:00:00Z', 'Mathematics'),
        lesson('soon', '2026-12-02T14:00:00Z', 'Physics', 'confirmed'), lesson('far', '2026-12-09T14:00:00Z', 'Physics', 'confirmed'),
      ],
      topics: new Map([['chem', ['Moles']], ['math', ['Fractions', 'Ratios']]]),
      homework: [
        { bookingId: 'old', subject: 'Mathematics', text: 'Exercise 4', dueDate: '2026-11-29' },
        { bookingId: 'chem', subject: 'Chemistry', text: 'Balance equations', dueDate: '2026-12-01' },
        { bookingId: 'x', subject: 'Chemistry', text: 'No date' },
        { bookingId: 'early', subject: 'English', text: 'Essay', dueDate: '2026-11-23' },
      ],
      games: [
        { subject: 'Mathematics', percent: 80, finishedAt: '2026-11-24T10:00:00Z' },
        { subject: 'Chemistry', percent: 50, finishedAt: '2026-11-25T10:00:00Z' },
        { subject: 'Mathematics', percent: 61, finishedAt: '2026-11-26T10:00:00Z' },
        { subject: 'Mathematics', percent: 0, finishedAt: '2026-11-20T10:00:00Z' },
      ],
      courses: [{ courseId: 'c1', title: 'KCSE Chemistry', percent: 40 }],
    }));
    expect(report).toMatchObject({
      week: '2026-W48', learnerName: 'Amani', monday: '2026-11-23', sunday: '2026-11-29',
      lessons: [{ bookingId: 'math', topics: ['Fractions', 'Ratios'] }, { bookingId: 'chem', topics: ['Moles'] }],
      homework: [{ bookingId: 'early', dueDate: '2026-11-23' }, { bookingId: 'old', dueDate: '2026-11-29' }],
      games: {
        played: 3, averagePercent: 64,
        bySubject: [{ subject: 'Chemistry', played: 1, averagePercent: 50 }, { subject: 'Mathematics', played: 2, averagePercent: 71 }],
      },
      courses: [{ title: 'KCSE Chemistry', percent: 40 }],
      nextWeek: [{ bookingId: 'soon' }],
    });
  });

  it('makes a report of homework due alone, without topics for a lesson not yet reported', () => {
    const report = composeWeeklyReport(facts({ homework: [{ bookingId: 'b', subject: 'English', text: 'Read', dueDate: '2026-11-25' }] }));
    expect(report?.games).toEqual({ played: 0, averagePercent: null, bySubject: [] });
    expect(composeWeeklyReport(facts({ lessons: [lesson('b', '2026-11-24T06:00:00Z')] }))?.lessons[0]?.topics).toEqual([]);
  });
});
