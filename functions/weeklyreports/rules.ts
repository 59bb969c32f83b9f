/**
 * The weekly progress report's rules (pure): Nairobi's weeks and the report composed from one
 * learner's week. A week is an ISO week (2026-W48) of Nairobi's calendar, Monday 00:00 to Sunday
 * 23:59 EAT; Kenya keeps no daylight saving, so EAT is always UTC+3 and a week is exactly 7 days.
 */
import type { WeeklyReport } from './contract.js';

import { reportWeekAt, shiftWeek, weekBounds, weekDays, weekOf, isWeek, WEEK_PATTERN } from './week-catalog.js';

export { isWeek, reportWeekAt, shiftWeek, weekBounds, weekDays, weekOf, WEEK_PATTERN };

const within = (iso: string, { start, end }: { start: Date; end: Date }) => {
  const t = new Date(iso).getTime();
  return t >= start.getTime() && t < end.getTime();
};

export interface WeekLesson {
  bookingId: string;
  subject: string;
  scheduledAt: string;
  durationMinutes: number;
  status: string;
  tutorName?: string;
}
export interface WeekHomework { bookingId: string; subject: string; text: string; dueDate?: string }
export interface WeekGame { subject: string; percent: number; finishedAt: string }

/** What a learner's week is composed from (read by the service from each domain by key). */
export interface WeekFacts {
  week: string;
  learner: { id: string; firstName: string };
  /** The learner's lessons around the week (held, booked, cancelled): the rules pick. */
  lessons: readonly WeekLesson[];
  /** Approved reports' topics by lesson. */
  topics: ReadonlyMap<string, readonly string[]>;
  /** Homework from approved reports of recent lessons (the rules keep those due this week). */
  homework: readonly WeekHomework[];
  games: readonly WeekGame[];
  courses: ReadonlyArray<{ courseId: string; title: string; percent: number }>;
}

const average = (values: readonly number[]) => values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;

/**
 * One learner's week, or null when nothing happened in it (no lesson held, no homework due, no
 * game played): no message then. Courses and next week's lessons fill a report but do not make one.
 */
export function composeWeeklyReport(facts: WeekFacts): WeeklyReport | null {
  const bounds = weekBounds(facts.week);
  const next = weekBounds(shiftWeek(facts.week, 1));
  const { monday, sunday } = weekDays(facts.week);
  const bySoonest = <T extends { scheduledAt: string }>(a: T, b: T) => a.scheduledAt.localeCompare(b.scheduledAt);
  const lessons = facts.lessons.filter((l) => l.status === 'completed' && within(l.scheduledAt, bounds)).sort(bySoonest)
    .map(({ bookingId, subject, scheduledAt, durationMinutes, tutorName }) => ({
      bookingId, subject, scheduledAt, durationMinutes, topics: [...(facts.topics.get(bookingId) ?? [])], ...(tutorName ? { tutorName } : {}),
    }));
  const homework = facts.homework.filter((h) => h.dueDate !== undefined && h.dueDate >= monday && h.dueDate <= sunday)
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? ''))
    .map(({ bookingId, subject, text, dueDate }) => ({ bookingId, subject, text, dueDate: dueDate! }));
  const games = facts.games.filter((g) => within(g.finishedAt, bounds));
  if (!lessons.length && !homework.length && !games.length) return null;
  const subjects = [...new Set(games.map((g) => g.subject))].sort();
  const nextWeek = facts.lessons.filter((l) => l.status === 'confirmed' && within(l.scheduledAt, next)).sort(bySoonest)
    .map(({ bookingId, subject, scheduledAt, durationMinutes, tutorName }) => ({ bookingId, subject, scheduledAt, durationMinutes, ...(tutorName ? { tutorName } : {}) }));
  return {
    week: facts.week, learnerId: facts.learner.id, learnerName: facts.learner.firstName, monday, sunday,
    lessons,
    homework,
    games: {
      played: games.length,
      averagePercent: average(games.map((g) => g.percent)),
      bySubject: subjects.map((subject) => {
        const mine = games.filter((g) => g.subject === subject);
        return { subject, played: mine.length, averagePercent: average(mine.map((g) => g.percent))! };
      }),
    },
    courses: facts.courses.map(({ courseId, title, percent }) => ({ courseId, title, percent })),
    nextWeek,
  };
}
