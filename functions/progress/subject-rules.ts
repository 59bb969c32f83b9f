/**
 * Progress by subject (pure): one learner's approved lesson reports (topics, homework) and quiz
 * games grouped by subject and by week of the household's calendar, so a parent sees whether a
 * subject's scores are rising. Weeks run Monday 00:00 to Sunday 23:59 in the learner's zone; an
 * item's week is the calendar day it fell on there (dayIn), so any zone and any offset work alike.
 */
import { TUTOR_SUBJECTS } from '../tutors/catalog.js';
import { SUBJECT_PROGRESS_LIMITS } from './catalog.js';
import type { SubjectProgress, SubjectWeek } from './contract.js';
import { averagePercent, dayIn } from './rules.js';

export { SUBJECT_PROGRESS_LIMITS };

const DAY_MS = 86_400_000;

/** A calendar day `days` after `day` (yyyy-mm-dd; negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week `day` (yyyy-mm-dd) falls in. */
export function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The Mondays of the `count` weeks ending with the one `now` falls in (in `timeZone`), oldest first. */
export function weekStarts(now: Date, timeZone: string, count: number = SUBJECT_PROGRESS_LIMITS.weeks): string[] {
  const current = mondayOf(dayIn(now, timeZone));
  return Array.from({ length: count }, (_, i) => addDays(current, (i - count + 1) * 7));
}

/**
 * The instants to read between: wide enough for any zone (UTC−12 to UTC+14) around the first
 * Monday's and the week after the last one's midnights; the rules then keep only what fell in a
 * week by its calendar day. `weeksBack` widens the start (homework of earlier lessons).
 */
export function readWindow(weeks: readonly string[], weeksBack = 0): { from: Date; to: Date } {
  const first = addDays(weeks[0]!, -7 * weeksBack);
  const end = addDays(weeks[weeks.length - 1]!, 7);
  return { from: new Date(Date.parse(`${first}T00:00:00Z`) - 14 * 3_600_000), to: new Date(Date.parse(`${end}T00:00:00Z`) + 12 * 3_600_000) };
}

/** Spellings that name a catalog subject without being it. */
const ALIASES: Record<string, string> = {
  maths: 'Mathematics', math: 'Mathematics', mathematic: 'Mathematics',
  chem: 'Chemistry', bio: 'Biology', phys: 'Physics',
  swahili: 'Kiswahili', 'english language': 'English', 'cre': 'Religious Education', 'ict': 'Computer Science',
};
const CATALOG = new Map<string, string>(TUTOR_SUBJECTS.map((name) => [name.toLowerCase(), name]));
/** Exam names a tutor may put before a subject ("KCSE Chemistry"): the subject is the same. */
const EXAM_PREFIX = /^(kcse|kcpe|igcse|cbc|gcse|a-level|o-level)\s+/;

/**
 * How a subject's spelling is grouped: games name the AI catalog's subjects, lessons the
 * booking's free text (trimmed, any case, "Maths", "KCSE Chemistry"). A spelling of a catalog
 * subject groups under the catalog's name; any other under its own words, any case.
 */
export function subjectKey(spelling: string): { key: string; name: string } {
  const words = spelling.trim().replace(/\s+/g, ' ');
  const lower = words.toLowerCase();
  const bare = lower.replace(EXAM_PREFIX, '');
  const known = CATALOG.get(lower) ?? CATALOG.get(bare) ?? ALIASES[lower] ?? ALIASES[bare];
  return known ? { key: known.toLowerCase(), name: known } : { key: lower, name: words };
}

export interface SubjectGame { subject: string; correctCount: number; questionCount: number; finishedAt: string }
export interface SubjectLesson {
  bookingId: string;
  subject: string;
  scheduledAt: string;
  /** The approved report's topics. */
  topics: readonly string[];
  homework: { dueDate?: string | undefined; done: boolean } | null;
}

export interface SubjectFacts {
  now: Date;
  timeZone: string;
  games: readonly SubjectGame[];
  /** Reported lessons from `homeworkWeeksBack` weeks before the first week on. */
  lessons: readonly SubjectLesson[];
  weeks?: number;
}

interface Tally { lessons: number; homeworkDue: number; homeworkDone: number; gamesPlayed: number; correct: number; questions: number }
const emptyTally = (): Tally => ({ lessons: 0, homeworkDue: 0, homeworkDone: 0, gamesPlayed: 0, correct: 0, questions: 0 });
const figures = ({ correct, questions, ...counts }: Tally) => ({ ...counts, averagePercent: averagePercent(correct, questions) });

/** The learner's figures by subject (alphabetical) and week; subjects with nothing in the weeks are left out. */
export function composeSubjectProgress(facts: SubjectFacts): SubjectProgress {
  const { timeZone } = facts;
  const weeks = weekStarts(facts.now, timeZone, facts.weeks);
  const index = new Map(weeks.map((monday, i) => [monday, i]));
  const weekIndexOfDay = (day: string) => index.get(mondayOf(day));
  const subjects = new Map<string, { name: string; weeks: Tally[]; topics: Array<{ topic: string; date: string; at: string }> }>();
  const subjectOf = (spelling: string) => {
    const { key, name } = subjectKey(spelling);
    let entry = subjects.get(key);
    if (!entry) subjects.set(key, entry = { name, weeks: weeks.map(emptyTally), topics: [] });
    return entry;
  };

  for (const game of facts.games) {
    const i = weekIndexOfDay(dayIn(new Date(game.finishedAt), timeZone));
    if (i === undefined) continue;
    const tally = subjectOf(game.subject).weeks[i]!;
    tally.gamesPlayed++;
    tally.correct += game.correctCount;
    tally.questions += game.questionCount;
  }
  for (const lesson of facts.lessons) {
    const day = dayIn(new Date(lesson.scheduledAt), timeZone);
    const held = weekIndexOfDay(day);
    // Homework without a due date is counted in its lesson's week.
    const due = lesson.homework ? weekIndexOfDay(lesson.homework.dueDate ?? day) : undefined;
    if (held === undefined && due === undefined) continue;
    const entry = subjectOf(lesson.subject);
    if (held !== undefined) {
      entry.weeks[held]!.lessons++;
      for (const topic of lesson.topics) entry.topics.push({ topic, date: day, at: lesson.scheduledAt });
    }
    if (due !== undefined) {
      entry.weeks[due]!.homeworkDue++;
      if (lesson.homework?.done) entry.weeks[due]!.homeworkDone++;
    }
  }

  const all = emptyTally();
  const list = [...subjects.values()].sort((a, b) => a.name.localeCompare(b.name, 'en')).map((entry) => {
    const total = emptyTally();
    for (const week of entry.weeks) for (const field of Object.keys(total) as Array<keyof Tally>) total[field] += week[field];
    for (const field of Object.keys(all) as Array<keyof Tally>) all[field] += total[field];
    return {
      subject: entry.name,
      weeks: entry.weeks.map((tally, i): SubjectWeek => ({ weekStart: weeks[i]!, ...figures(tally) })),
      topics: entry.topics.sort((a, b) => b.at.localeCompare(a.at)).slice(0, SUBJECT_PROGRESS_LIMITS.topicsPerSubject)
        .map(({ topic, date }) => ({ topic, date })),
      totals: figures(total),
    };
  });
  return { timeZone, weeks, subjects: list, totals: figures(all) };
}
