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

const HOUR_MS = 3_600_000;

export const REMINDERS = [
  { kind: '24h', leadMs: 24 * HOUR_MS },
  { kind: '1h', leadMs: HOUR_MS },
] as const;
export type Reminder = (typeof REMINDERS)[number];
export type ReminderKind = Reminder['kind'];

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
 * Who never came to a lesson that is over (end + grace), when one of them did not: settled once.
 * `endedAt` is when the tutor ended its class, if they did.
 */
export function absentParty(
  lesson: Lesson & Pick<Booking, 'tutorId' | 'studentId'>, joinedUserIds: ReadonlySet<string>, now: Date, endedAt?: Date,
): 'student' | 'tutor' | undefined {
  if (!isConfirmedAndPaid(lesson) || lessonEnd(lesson).getTime() + NO_SHOW_GRACE_MS > now.getTime()) return undefined;
  return absentWhenEnded(lesson, joinedUserIds, endedAt ?? now);
}
