/**
 * What the lessons job does to a paid lesson at a given moment. Pure,
 * unit-tested; the job (lessons.ts) reads the lessons and acts.
 *
 * Reminders: each has a mark before the start (24 h, 1 h). A reminder is due from its mark until
 * the next reminder's mark (the 1 h one: until the start), so a run that comes late still sends
 * it, and at most one kind is due at any moment. It goes only to a lesson that was already paid
 * when its mark passed: a lesson paid 3 h ahead gets the 1 h reminder and no late "24 hours"
 * one (its confirmation e-mail has just told them the time); one paid 30 minutes ahead gets none.
 * A rescheduled lesson's reminders start over for its new time, counted from when it moved.
 *
 * Completion: once the scheduled end has passed, a confirmed, paid lesson that BOTH its tutor
 * and its student joined is completed. A lesson nobody (or only one party) attended is left as
 * it is, for the no-show and refund rules.
 *
 * No-shows: once the end plus NO_SHOW_GRACE_MS has passed, a lesson still not completed is
 * settled by who stayed away: the tutor (whether or not the student came, or a tutor who ended
 * the class early before the student joined) → the student is refunded; only the student →
 * completed, the tutor is paid. The tutor's End settles the same way at once (live/service.ts).
 */
import type { Booking } from '../../bookings/contract.js';
import { REPORT_DUE_HOURS } from '../../reports/rules.js';

const HOUR_MS = 3_600_000;

export const REMINDERS = [
  { kind: '24h', leadMs: 24 * HOUR_MS },
  { kind: '1h', leadMs: HOUR_MS },
] as const;
export type Reminder = (typeof REMINDERS)[number];
export type ReminderKind = Reminder['kind'];

const REPORT_DUE_MS = REPORT_DUE_HOURS * HOUR_MS;

/** The longest lead: how far ahead the job looks for lessons to remind of. */
export const REMINDER_HORIZON_MS = REMINDERS[0].leadMs;
/** How far back the job looks for lessons to complete: a run may be late, but not by days. */
export const COMPLETION_LOOKBACK_MS = 48 * HOUR_MS;

type Lesson = Pick<Booking, 'scheduledAt' | 'durationMinutes' | 'status' | 'paymentStatus' | 'paidAt' | 'rescheduledAt'>;

const isConfirmedAndPaid = (lesson: Lesson) => lesson.status === 'confirmed' && lesson.paymentStatus === 'paid';

/** The reminder due for this lesson now, if any. */
export function dueReminder(lesson: Lesson, now: Date): Reminder | undefined {
  if (!isConfirmedAndPaid(lesson)) return undefined;
  const start = Date.parse(lesson.scheduledAt);
  const t = now.getTime();
  return REMINDERS.find((reminder, i) => {
    const mark = start - reminder.leadMs;
    const until = start - (REMINDERS[i + 1]?.leadMs ?? 0);
    // Older bookings have no paidAt: they were paid before any mark we could miss. A moved lesson
    // counts from its move, like a lesson paid then: no late "24 hours" for one moved 3 h ahead.
    const settledAt = lesson.rescheduledAt ?? lesson.paidAt;
    const settledBeforeMark = !settledAt || Date.parse(settledAt) <= mark;
    return t >= mark && t < until && settledBeforeMark;
  });
}

export const lessonEnd = (lesson: Pick<Booking, 'scheduledAt' | 'durationMinutes'>): Date =>
  new Date(Date.parse(lesson.scheduledAt) + lesson.durationMinutes * 60_000);

/** A confirmed, paid lesson whose scheduled end has passed: the job then looks at who joined. */
export const awaitsCompletion = (lesson: Lesson, now: Date): boolean =>
  isConfirmedAndPaid(lesson) && lessonEnd(lesson).getTime() <= now.getTime();

/** Whether the job completes this lesson now: its end has passed and both parties joined. */
export function readyToComplete(
  lesson: Lesson & Pick<Booking, 'tutorId' | 'studentId'>, joinedUserIds: ReadonlySet<string>, now: Date,
): boolean {
  return awaitsCompletion(lesson, now) && joinedUserIds.has(lesson.tutorId) && joinedUserIds.has(lesson.studentId);
}

/** After the end, how long a late "end class" or attendance record still has to arrive. */
export const NO_SHOW_GRACE_MS = 15 * 60_000;

/**
 * Who stayed away from a lesson whose class ended at `endedAt` (the tutor pressed End, or, for a
 * class nobody ended, the time the job looks), or undefined when both came. The student pays
 * only for a lesson they were given: the tutor is the absent party when they never joined, and
 * when they closed the class before its scheduled end without the student having joined (the
 * student could still have come). Only a tutor who kept the class open until the scheduled end
 * waited for a student who never came.
 */
export function absentWhenEnded(
  lesson: Pick<Booking, 'scheduledAt' | 'durationMinutes' | 'tutorId' | 'studentId'>, joinedUserIds: ReadonlySet<string>, endedAt: Date,
): 'student' | 'tutor' | undefined {
  if (!joinedUserIds.has(lesson.tutorId)) return 'tutor';
  if (joinedUserIds.has(lesson.studentId)) return undefined;
  return endedAt.getTime() < lessonEnd(lesson).getTime() ? 'tutor' : 'student';
}

/**
 * The lesson's parties who joined its class, by the role the server gave each join: the tutor
 * moderates; every attendee is the student side, the payer or a child's own login attending the
 * lesson their parent booked for them (live/rules.ts attendsAsStudent), who joins under their own id.
 */
export function partiesWhoJoined(
  lesson: Pick<Booking, 'tutorId' | 'studentId'>, attendance: ReadonlyArray<{ userId: string; role: 'moderator' | 'attendee' }>,
): Set<string> {
  return new Set(attendance.flatMap((entry) => [entry.userId, entry.role === 'moderator' ? lesson.tutorId : lesson.studentId]));
}

/**
 * Who never came to a lesson that is over (end + grace), when one of them did not: settled once.
 * `endedAt` is when the tutor ended its class, if they did.
 */
export function absentParty(
  lesson: Lesson & Pick<Booking, 'tutorId' | 'studentId'>, joinedUserIds: ReadonlySet<string>, now: Date, endedAt?: Date,
): 'student' | 'tutor' | undefined {
  if (!isConfirmedAndPaid(lesson) || lessonEnd(lesson).getTime() + NO_SHOW_GRACE_MS > now.getTime()) return undefined;
  return absentWhenEnded(lesson, joinedUserIds, endedAt ?? now);
}

// ---- When each piece of a lesson's work comes due (the job finds it by start time, gsi3) ----

/**
 * A lesson's timed work, each kind on its own message, so a slow reminder never delays a
 * completion: the two reminders at their marks; `complete` at the scheduled end (a lesson both
 * joined); `settle` at the end plus NO_SHOW_GRACE_MS (completes one both joined, else settles the
 * no-show); `report-due` a day after the end (counts the lesson's report in its tutor's on-time
 * share and reminds a tutor who has not written it).
 */
export const LESSON_WORK_KINDS = ['reminder-24h', 'reminder-1h', 'complete', 'settle', 'report-due'] as const;
export type LessonWorkKind = (typeof LESSON_WORK_KINDS)[number];

/** How often the job runs (definitions.schedules `lessons`): a run with no cursor, or a retry, covers its own interval. */
export const RUN_INTERVAL_MS = 5 * 60_000;
/** A job that was down longer catches up only this far back (as the window it used to re-read). */
export const CATCH_UP_MS = COMPLETION_LOOKBACK_MS;

/**
 * The run at `now` does the work that came due in (from, now]: from the last finished run (the
 * cursor), at most CATCH_UP_MS back; with no cursor, or one at or after `now` (a retried or
 * overlapping run), its own interval.
 */
export function dueWindowStart(cursor: Date | undefined, now: Date): Date {
  const t = now.getTime();
  if (!cursor || cursor.getTime() >= t) return new Date(t - RUN_INTERVAL_MS);
  return new Date(Math.max(cursor.getTime(), t - CATCH_UP_MS));
}

/** Lessons starting in (startAfter, startUntil] (of one duration when given) whose `kind` came due in the window. */
export interface DueSlice { kind: LessonWorkKind; startAfter: Date; startUntil: Date; durationMinutes?: number }

/**
 * Where in the start-time index the work due in (from, to] sits: a reminder of lead L is due at
 * start − L, so its lessons start in (from + L, to + L]; the end-time work of a lesson of d
 * minutes is due at start + d (+ grace), one slice per bookable duration. Each slice is as wide
 * as the window: a run reads the lessons that came due, not the day's.
 */
export function dueSlices(from: Date, to: Date, durations: readonly number[]): DueSlice[] {
  const shifted = (kind: LessonWorkKind, byMs: number, durationMinutes?: number): DueSlice => ({
    kind, startAfter: new Date(from.getTime() + byMs), startUntil: new Date(to.getTime() + byMs), ...(durationMinutes ? { durationMinutes } : {}),
  });
  return [
    ...REMINDERS.map((reminder) => shifted(`reminder-${reminder.kind}`, reminder.leadMs)),
    ...durations.map((d) => shifted('complete', -d * 60_000, d)),
    ...durations.map((d) => shifted('settle', -d * 60_000 - NO_SHOW_GRACE_MS, d)),
    ...durations.map((d) => shifted('report-due', -d * 60_000 - REPORT_DUE_MS, d)),
  ];
}

/** Whether `kind` still concerns this lesson at `at` (the job sends only these; the worker asks again on the booking as it is). */
export function workStillDue(kind: LessonWorkKind, lesson: Lesson, at: Date): boolean {
  switch (kind) {
    case 'reminder-24h': return dueReminder(lesson, at)?.kind === '24h';
    case 'reminder-1h': return dueReminder(lesson, at)?.kind === '1h';
    case 'complete': return awaitsCompletion(lesson, at);
    case 'settle': return awaitsCompletion(lesson, at) && lessonEnd(lesson).getTime() + NO_SHOW_GRACE_MS <= at.getTime();
    case 'report-due': return lesson.status === 'completed' && lessonEnd(lesson).getTime() + REPORT_DUE_MS <= at.getTime();
  }
}
