/**
 * Weekly progress reports: one learner's Nairobi week (lessons held and their approved topics,
 * homework due, quiz games, course progress, next week's lessons), composed on demand from each
 * domain's own items by key (rules.ts composes). The Sunday job sends it to the learner's payer
 * (a child's parent, or the adult student themself) once per learner and week (sending.ts); the page reads any
 * past week the same way, so what the e-mail said and what the page shows are the same report.
 */
import { getBooking, payerBookingsBetween } from '../bookings/service.js';
import { coursesInProgress } from '../courses/service.js';
import { learnerOfCaller } from '../households/acting-learner.js';
import { getProfile } from '../profiles/service.js';
import { gamesBetween } from '../progress/service.js';
import { approvedReportsOf } from '../reports/service.js';
import { NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import type { WeeklyReport, WeeklyReportResponse } from './contract.js';
import type { ActiveLearner } from './keys.js';
import { noteWeeklyActivity } from './activity.js';
import { activeLearner } from './repository.js';
import { composeWeeklyReport, isWeek, shiftWeek, weekBounds, weekDays, weekOf } from './rules.js';

export const weeklyReportMessages = {
  notFound: 'We could not find that learner\'s weekly report.',
  badWeek: 'That week does not exist. Give it as 2026-W48.',
} as const;

/** How far back a week's homework may have been set (a lesson's homework due up to 4 weeks on). */
const HOMEWORK_WEEKS_BACK = 4;
export type Learner = Pick<ActiveLearner, 'ownerId' | 'recipientId' | 'learnerId'> & { firstName: string };

/** The learner's week, or null when nothing happened in it. */
export async function composeFor(learner: Learner, week: string): Promise<WeeklyReport | null> {
  const { start, end } = weekBounds(week);
  const nextEnd = weekBounds(shiftWeek(week, 1)).end;
  const from = weekBounds(shiftWeek(week, -HOMEWORK_WEEKS_BACK)).start;
  const [bookings, games, courses] = await Promise.all([
    payerBookingsBetween(learner.recipientId, from, nextEnd),
    gamesBetween(learner.ownerId, start, end),
    coursesInProgress(learner.ownerId),
  ]);
  // The payer's partition holds every child's lessons: only this learner's (or, for the payer's
  // own, those booked for no child) are read further.
  const lessons = bookings.filter((b) => (learner.learnerId ? b.learner?.id === learner.learnerId : !b.learner));
  const reports = await approvedReportsOf(lessons.filter((l) => l.status === 'completed' && l.scheduledAt < end.toISOString()).map((l) => l.id));
  return composeWeeklyReport({
    week, learner: { id: learner.ownerId, firstName: learner.firstName },
    lessons: lessons.map((l) => ({ bookingId: l.id, subject: l.subject, scheduledAt: l.scheduledAt, durationMinutes: l.durationMinutes, status: l.status })),
    topics: new Map(reports.map((r) => [r.bookingId, r.fields.topics])),
    homework: reports.flatMap((r) => (r.fields.homework ? [{ bookingId: r.bookingId, subject: r.subject, text: r.fields.homework.text, dueDate: r.fields.homework.dueDate }] : [])),
    games: games.map(({ subject, percent, finishedAt }) => ({ subject, percent, finishedAt })),
    courses,
  });
}

/**
 * Whose week the caller may read: a parent their household's learners (another family's is 404
 * like one that never existed), a student their own (a linked child login: their learner), a
 * super admin any learner that ever had activity.
 */
async function readableLearner(user: AuthUser, learnerId: string): Promise<Learner> {
  if (user.groups.includes('super_admin')) {
    const found = await activeLearner(learnerId);
    if (!found) throw new NotFound(weeklyReportMessages.notFound);
    return { ...found, firstName: found.firstName ?? (await getProfile(found.recipientId))?.firstName ?? '' };
  }
  if (user.role === 'student' || user.role === 'parent') {
    const linked = user.role === 'student' ? await learnerOfCaller(user, undefined) : null;
    if (linked?.learnerId === learnerId) return { ownerId: learnerId, recipientId: linked.parentId, learnerId, firstName: linked.firstName };
    if (!linked && learnerId === user.id) return { ownerId: user.id, recipientId: user.id, firstName: (await getProfile(user.id))?.firstName ?? '' };
    if (user.role === 'parent') {
      const learner = await learnerOfCaller(user, learnerId).catch(() => null);
      if (learner) return { ownerId: learnerId, recipientId: user.id, learnerId, firstName: learner.firstName };
    }
  }
  throw new NotFound(weeklyReportMessages.notFound);
}

/** GET /api/me/learners/{learnerId}/weekly-reports/{week}: the week's report (null when nothing happened), with the weeks either side. */
export async function readWeeklyReport(user: AuthUser, learnerId: string, week: string, now = new Date()): Promise<WeeklyReportResponse> {
  if (!isWeek(week)) throw new NotFound(weeklyReportMessages.badWeek);
  const learner = await readableLearner(user, learnerId);
  const following = shiftWeek(week, 1);
  return {
    week, previousWeek: shiftWeek(week, -1), nextWeek: following <= weekOf(now) ? following : null, ...weekDays(week),
    learner: { id: learnerId, firstName: learner.firstName },
    report: await composeFor(learner, week),
  };
}

/** Nairobi's noon of a due date (yyyy-mm-dd), inside that day's week whatever the hour. */
const dueNoon = (date: string) => new Date(`${date}T09:00:00Z`);

/**
 * Marks the lesson's learner active in the lesson's week and, once its report is approved with
 * homework, in the week the homework is due (a report with nothing else that week still says so).
 */
export async function markLessonWeeks(bookingId: string): Promise<void> {
  const booking = await getBooking(bookingId);
  if (!booking || booking.status !== 'completed') return;
  const [report] = await approvedReportsOf([bookingId]);
  const due = report?.fields.homework?.dueDate;
  await noteWeeklyActivity({
    ownerId: booking.learner?.id ?? booking.studentId, recipientId: booking.studentId,
    learner: booking.learner ? { learnerId: booking.learner.id, firstName: booking.learner.firstName } : null,
  }, [new Date(booking.scheduledAt), ...(due ? [dueNoon(due)] : [])]);
}
