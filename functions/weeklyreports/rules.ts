/**
 * The weekly progress report's rules (pure): Nairobi's weeks and the report composed from one
 * learner's week. A week is an ISO week (2026-W48) of Nairobi's calendar, Monday 00:00 to Sunday
 * 23:59 EAT; Kenya keeps no daylight saving, so EAT is always UTC+3 and a week is exactly 7 days.
 */
import type { WeeklyReport } from './contract.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Africa/Nairobi is UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;
/** The job runs Sunday 18:00 EAT, 6 hours before the week ends. */
const SEND_BEFORE_WEEK_END_MS = 6 * HOUR_MS;

export const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

/** Monday 00:00 UTC of ISO week 1 of `year` (the week with the year's first Thursday). */
function isoYearStartUtc(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0
  return jan4 - weekday * DAY_MS;
}

/** The ISO week of Nairobi's calendar that `at` falls in. */
export function weekOf(at: Date): string {
  const local = at.getTime() + NAIROBI_OFFSET_MS;
  const day = new Date(local);
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const number = Math.floor((thursday.getTime() - isoYearStartUtc(year)) / WEEK_MS) + 1;
  return `${year}-W${String(number).padStart(2, '0')}`;
}

/** Whether `week` names a real ISO week (2026-W53 does not exist; 2026-W48 does). */
export function isWeek(week: string): boolean {
  const match = WEEK_PATTERN.exec(week);
  if (!match) return false;
  const [year, number] = [Number(match[1]), Number(match[2])];
  if (year < 2000 || year > 2999 || number < 1) return false;
  return weekOf(new Date(weekStart(week).getTime())) === week && number <= 53;
}

/** Monday 00:00 EAT of `week`, as an instant. */
export function weekStart(week: string): Date {
  const match = WEEK_PATTERN.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  return new Date(isoYearStartUtc(Number(match[1])) + (Number(match[2]) - 1) * WEEK_MS - NAIROBI_OFFSET_MS);
}

/** [start, end) of `week` as instants. */
export function weekBounds(week: string): { start: Date; end: Date } {
  const start = weekStart(week);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/** Monday's and Sunday's dates (yyyy-mm-dd, Nairobi) of `week`. */
export function weekDays(week: string): { monday: string; sunday: string } {
  const local = weekStart(week).getTime() + NAIROBI_OFFSET_MS;
  return { monday: new Date(local).toISOString().slice(0, 10), sunday: new Date(local + 6 * DAY_MS).toISOString().slice(0, 10) };
}

/** The week `by` weeks after (negative: before) `week`. */
export const shiftWeek = (week: string, by: number): string => weekOf(new Date(weekStart(week).getTime() + by * WEEK_MS));

/**
 * The week a run at `at` reports: the latest one whose Sunday 18:00 EAT has passed. On AWS the
 * run is that Sunday evening; a retry on Monday, or the local runner's timer on any day, still
 * names the same week, so its once-keys hold.
 */
export const reportWeekAt = (at: Date): string => shiftWeek(weekOf(new Date(at.getTime() + SEND_BEFORE_WEEK_END_MS)), -1);

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
