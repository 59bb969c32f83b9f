/**
 * The booking rules: who can book whom, when, for how much. The server decides the amount and
 * the student (from the token); the client only chooses tutor, subject, start and duration.
 */
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../shared/http.js';
import type { Profile } from '../profiles/contract.js';
import { getProfile } from '../profiles/service.js';
import { AccountSuspended, BusinessRuleViolated, Conflict, DomainError, Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { logger } from '../shared/logger.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { BOOKING_WINDOW_DAYS, isHourlyRateInRange, TRIAL_MINUTES } from '../tutors/catalog.js';
import { listSlots, requireTutor, tutorSchedule } from '../tutors/service.js';
import { lessonTimeProblem } from '../tutors/schedule.js';
import { learnerOfCaller, type ActingLearner } from '../households/acting-learner.js';
import { bookingMessages, CreateBookingRequest, CreateTrialBookingRequest, type Booking, type BookingLearner } from './contract.js';
import { trialLearnerKey, trialPrice, trialStillCounts } from './trial.js';
import {
  claimOwedCompletion, createBookingWithLocks, createTrialWithLocks, trialHolder, TrialTaken, getBooking, hourHolders, HourTaken, listStudentBookings, listTutorBookings, studentBookingsBetween, studentBookingsFrom,
  markBookingCompleted, markCompletionPublished, paidLessonsOn, type LessonCompletionReason,
} from './repository.js';
import { publishEvent } from '../shared/events.js';
import { paidBookingItem } from './keys.js';
import {
  bookableSubjects, bookingAmount, coveredHours, effectiveBooking, holdMinutes, overlappedHours, tutorRate, utcDayPieces,
} from './rules.js';

/** What other domains read and change of bookings: they call these, never the repository. */
export { bookedHours, getBooking, getBookings, markBookingPaymentFailed } from './repository.js';
/** A weekly plan writes its lessons' bookings in its own transactions (functions/plans). */
export { holdUnpaidLessons, newBookingPuts, removeUnpaidBookings } from './repository.js';
/** A tutor's late cancellations and no-shows, for super admins. */
export { payerHasPaidLessonWith, tutorRecord } from './repository.js';

const party = (p: { id: string; firstName: string; lastName: string; profilePhotoUrl?: string }) =>
  ({ id: p.id, firstName: p.firstName, lastName: p.lastName, ...(p.profilePhotoUrl ? { profilePhotoUrl: p.profilePhotoUrl } : {}) });

export async function createBooking(student: AuthUser, input: CreateBookingRequest, now = new Date()): Promise<Booking> {
  const request = CreateBookingRequest.parse(input);
  const parties = await bookingParties(student, request);
  return placeBooking(student, request, parties, await offeredHours(parties, request, now), now);
}

/** Every hour of the lesson must be one the calendar offers (the same rule decides both), with the tutor's notice: the hours it covers. */
async function offeredHours(parties: BookingParties, request: { start: string; durationMinutes: number }, now: Date): Promise<string[]> {
  const start = new Date(request.start).toISOString();
  const hours = coveredHours(start, request.durationMinutes);
  const schedule = tutorSchedule(parties.tutor, await listSlots(parties.tutor.id));
  const problem = lessonTimeProblem(schedule, start, hours, now, BOOKING_WINDOW_DAYS);
  if (problem === 'unavailable') throw new BusinessRuleViolated('slot_unavailable', bookingMessages.slotUnavailable);
  if (problem === 'too_soon') throw new BusinessRuleViolated('too_soon', bookingMessages.tooSoon(schedule.minNoticeHours));
  return hours;
}

/**
 * The local demo lesson (infra/local/demo/seed.ts, never a route): a newcomer must be able to hold a
 * class minutes after `npm start`, which the calendar (whole hours, the tutor's notice) never
 * offers. Every other rule of createBooking holds, and it holds each whole hour it overlaps, so
 * nobody can book the tutor over it.
 */
export async function createDemoLesson(student: AuthUser, input: CreateBookingRequest, now = new Date()): Promise<Booking> {
  const request = CreateBookingRequest.parse(input);
  const parties = await bookingParties(student, request);
  return placeBooking(student, request, parties, overlappedHours(request.start, request.durationMinutes), now);
}

interface BookingParties { tutor: Profile; student: Profile; learner: BookingLearner | null; rate: number }

/** What a booking keeps of the child it is for: what the tutor may see, nothing more. */
const learnerSnapshot = (l: ActingLearner): BookingLearner => ({ id: l.learnerId, firstName: l.firstName, grade: l.grade, curriculum: l.curriculum });

/**
 * Who may book whom, what and at which rate (everything but the time). The payer is always the
 * caller; a parent's `learnerId` names the child it is for, only ever one of the caller's own
 * (404 otherwise, before anything is written).
 */
async function bookingParties(student: AuthUser, request: Pick<CreateBookingRequest, 'tutorId' | 'subject' | 'learnerId'>): Promise<BookingParties> {
  const [tutor, studentProfile, learner] = await Promise.all([
    requireTutor(request.tutorId), getProfile(student.id), learnerOfCaller(student, request.learnerId),
  ]);
  if (!studentProfile) throw new NotFound('Profile not found');
  if (tutor.id === student.id) throw new BusinessRuleViolated('own_booking', 'You cannot book yourself.');
  if (tutor.kycStatus !== 'approved') throw new BusinessRuleViolated('tutor_not_verified', bookingMessages.tutorNotVerified);
  // A suspension (moderation) stops new lessons both ways; booked ones stay for support to settle.
  if (tutor.suspension) throw new BusinessRuleViolated('tutor_suspended', bookingMessages.tutorSuspended);
  if (studentProfile.suspension) throw new AccountSuspended(bookingMessages.payerSuspended);
  // A rate outside KSh 200–50,000 (older data) could not be paid, or not sensibly.
  const rate = tutorRate(tutor);
  if (!isHourlyRateInRange(rate)) throw new BusinessRuleViolated('rate_out_of_range', bookingMessages.rateOutOfRange);
  if (!bookableSubjects(tutor).includes(request.subject)) throw new ValidationFailed(bookingMessages.subjectNotOffered);
  return { tutor, student: studentProfile, learner: learner && learnerSnapshot(learner), rate };
}

/**
 * A weekly plan's lessons as unwritten bookings, each with the hours it holds: the same parties,
 * checks, amount and snapshot as createBooking, pending and unpaid, held until `holdExpiresAt` and
 * linked to the plan. The plan writes them (newBookingPuts); the time checks are the plan's own.
 */
export async function planBookingDrafts(
  student: AuthUser, request: Pick<CreateBookingRequest, 'tutorId' | 'subject' | 'learnerId'>,
  lessons: ReadonlyArray<{ start: string; durationMinutes: 60 | 90 | 120 }>, plan: { id: string; holdExpiresAt: string }, now: Date,
): Promise<Array<{ booking: Booking; hours: string[] }>> {
  const parties = await bookingParties(student, request);
  return lessons.map((lesson) => {
    const booking = newBooking(student, { ...request, start: lesson.start, durationMinutes: lesson.durationMinutes }, parties, now);
    return { booking: { ...booking, holdExpiresAt: plan.holdExpiresAt, planId: plan.id }, hours: overlappedHours(lesson.start, lesson.durationMinutes) };
  });
}

/**
 * A lesson paid by a pack's credit, as an unwritten booking with the hours it locks: every check of
 * createBooking (parties, the tutor's calendar, notice), already paid and confirmed (no hold, so
 * its hour locks never run out), in the paid lessons index, linked to the pack. The pack writes it
 * together with taking the credit (functions/packs).
 */
export async function packBookingDraft(
  student: AuthUser, request: CreateBookingRequest, pack: { id: string }, now: Date,
): Promise<{ booking: Booking; hours: string[]; item: Record<string, unknown> }> {
  const parties = await bookingParties(student, request);
  const hours = await offeredHours(parties, request, now);
  const { holdExpiresAt: _held, ...draft } = newBooking(student, request, parties, now);
  const booking: Booking = { ...draft, status: 'confirmed', paymentStatus: 'paid', paidAt: now.toISOString(), packId: pack.id };
  return { booking, hours, item: paidBookingItem(booking, hours) };
}

/** Why an hour of a pack lesson is taken (as for any booking). */
export const packHourTaken = (studentId: string, tutorId: string, hours: string[], now: Date) => takenBy(studentId, tutorId, hours, now);

function newBooking(student: AuthUser, request: Omit<CreateBookingRequest, 'durationMinutes'> & { durationMinutes: number }, parties: BookingParties, now: Date): Booking {
  const { tutor, rate } = parties;
  return {
    id: randomUUID(),
    studentId: student.id,
    tutorId: tutor.id,
    subject: request.subject,
    scheduledAt: new Date(request.start).toISOString(),
    durationMinutes: request.durationMinutes,
    hourlyRate: rate,
    ...bookingAmount(request.durationMinutes, rate),
    currency: 'KES',
    ...(request.notes ? { notes: request.notes } : {}),
    status: 'pending',
    paymentStatus: 'pending',
    holdExpiresAt: new Date(now.getTime() + holdMinutes() * 60_000).toISOString(),
    createdAt: now.toISOString(),
    tutor: party(tutor),
    student: party(parties.student),
    ...(parties.learner ? { learner: parties.learner } : {}),
  };
}

/**
 * A trial lesson: 30 minutes in a slot the tutor's calendar offers, at the price of the tutor's
 * trial offer now (never the client's), at most once per learner per tutor. The learner's trial
 * marker is written in the booking's own transaction, so two trials booked at once give one. An
 * earlier trial that no longer counts (trial.ts trialStillCounts) is replaced, on the condition
 * that the marker still names it. A free trial is confirmed at once with no payment; a paid one
 * holds its hour until paid through the normal checkout.
 */
export async function createTrialBooking(student: AuthUser, input: CreateTrialBookingRequest, now = new Date()): Promise<Booking> {
  const request = CreateTrialBookingRequest.parse(input);
  const parties = await bookingParties(student, request);
  const offer = parties.tutor.trialLesson;
  if (!offer) throw new BusinessRuleViolated('no_trial', bookingMessages.noTrial);
  const learnerKey = trialLearnerKey({ studentId: student.id, learnerId: parties.learner?.id });
  const earlier = await trialHolder(parties.tutor.id, learnerKey);
  const earlierBooking = earlier ? await getBooking(earlier) : null;
  if (earlierBooking && trialStillCounts(earlierBooking, now)) throw new Conflict('trial_used', bookingMessages.trialUsed);
  const hours = await offeredHours(parties, { start: request.start, durationMinutes: TRIAL_MINUTES }, now);
  const drafted = newBooking(student, { ...request, durationMinutes: TRIAL_MINUTES }, parties, now);
  const priced: Booking = { ...drafted, ...trialPrice(offer), trial: true };
  const { holdExpiresAt: _noHold, ...free } = priced;
  const booking: Booking = priced.amountMinor === 0 ? { ...free, status: 'confirmed', paymentStatus: 'paid', paidAt: now.toISOString() } : priced;
  try {
    await createTrialWithLocks(booking, hours, learnerKey, earlier, now);
  } catch (error) {
    if (error instanceof TrialTaken) throw new Conflict('trial_used', bookingMessages.trialUsed);
    if (error instanceof HourTaken) throw await takenBy(student.id, parties.tutor.id, hours, now);
    throw error;
  }
  await announceCreated(booking);
  return booking;
}

/** Writes the unpaid booking and its hour locks in one transaction (the hold starts now). */
async function placeBooking(
  student: AuthUser, request: CreateBookingRequest, parties: BookingParties, hours: string[], now: Date,
): Promise<Booking> {
  const { tutor } = parties;
  const booking = newBooking(student, request, parties, now);
  try {
    await createBookingWithLocks(booking, hours, now);
  } catch (error) {
    if (error instanceof HourTaken) throw await takenBy(student.id, tutor.id, hours, now);
    throw error;
  }
  await announceCreated(booking);
  return booking;
}

async function announceCreated(booking: Booking): Promise<void> {
  countBusinessEvent(BusinessMetric.bookingCreated);
  // The week's bookings are counted from this event (admin's platform-stats consumer), outside the booking's transaction.
  await publishEvent('BookingCreated', {
    bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, subject: booking.subject,
    scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes, occurredAt: booking.createdAt,
  }).catch((error: Error) => logger.error('BookingCreated not published', { error, bookingId: booking.id }));
}

/**
 * Why an hour is taken: by someone else (slot_taken), or by this student's own unpaid hold
 * (own_hold, with its bookingId so the SPA can offer to pay it) or paid lesson (already_booked).
 */
async function takenBy(studentId: string, tutorId: string, hours: string[], now: Date): Promise<DomainError> {
  const holders = await Promise.all((await hourHolders(tutorId, hours)).map((id) => getBooking(id)));
  const mine = holders.find((b) => b && b.studentId === studentId);
  if (!mine) return new Conflict('slot_taken', bookingMessages.slotTaken);
  const own = effectiveBooking(mine, now);
  if (own.paymentStatus === 'paid') return new Conflict('already_booked', bookingMessages.alreadyBooked);
  return new DomainError(409, 'own_hold', bookingMessages.ownHold, { bookingId: own.id });
}

/** A booking for its student or tutor; "Booking not found" / "Access Denied" otherwise. */
export async function bookingForParticipant(user: AuthUser, bookingId: string, now = new Date()): Promise<Booking> {
  const found = await getBooking(bookingId);
  if (!found) throw new NotFound(bookingMessages.notFound);
  if (found.studentId !== user.id && found.tutorId !== user.id) throw new Forbidden(bookingMessages.notYours);
  const { lockedHours: _hours, ...booking } = found;
  return effectiveBooking(booking, now);
}

/** A payer's bookings (a parent's: every child's) scheduled from `from` on, as they stand now: the parent dashboard's window. */
export async function payerBookingsFrom(payerId: string, from: Date, now = new Date()): Promise<Booking[]> {
  return (await studentBookingsFrom(payerId, from.toISOString())).map((b) => effectiveBooking(b, now));
}

/** A payer's bookings scheduled in [from, to), as they stand now (the weekly progress report's weeks). */
export async function payerBookingsBetween(payerId: string, from: Date, to: Date, now = new Date()): Promise<Booking[]> {
  return (await studentBookingsBetween(payerId, from.toISOString(), to.toISOString())).map((b) => effectiveBooking(b, now));
}

/**
 * Tutors see bookings where they teach; students and parents those they booked. A child's own
 * login also sees the lessons their parent booked for them (stored under the parent, the payer),
 * and none of their siblings'.
 */
export async function myBookings(user: AuthUser, now = new Date()): Promise<Booking[]> {
  if (user.groups.includes('tutor')) return (await listTutorBookings(user.id)).map((b) => effectiveBooking(b, now));
  const linked = user.role === 'student' ? await learnerOfCaller(user, undefined) : null;
  const [own, forThem] = await Promise.all([
    listStudentBookings(user.id),
    linked ? listStudentBookings(linked.parentId) : Promise.resolve([]),
  ]);
  const mine = forThem.filter((b) => b.learner?.id === linked?.learnerId);
  return [...own, ...mine]
    .sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))
    .map((b) => effectiveBooking(b, now));
}

/**
 * Paid lessons starting in [from, to), soonest first, whatever their status now (confirmed,
 * completed …): one Query of the paid lessons index per UTC day the range touches, never a Scan.
 * Keep ranges to days (the lessons job looks 2 days back and 1 ahead; the admin list one day).
 */
export async function paidLessonsStartingBetween(from: Date, to: Date): Promise<Booking[]> {
  const days = await Promise.all(utcDayPieces(from, to).map((piece) => paidLessonsOn(piece.day, piece.from, piece.to)));
  return days.flat();
}

export type { LessonCompletionReason } from './repository.js';

/** How long the call that completed a lesson has to announce it before a later call may take over. */
const COMPLETION_PUBLISH_LEASE_MS = 60_000;

/**
 * The lesson took place: a paid, confirmed booking becomes completed and LessonCompleted is
 * published, exactly once however often this runs (a replayed end, the lessons job and the tutor
 * at once). An unpaid, cancelled or already completed booking is left as it is. Returns whether
 * this call completed it. Whether the lesson may be completed now (who, when, attendance) is the
 * caller's rule; this one guards only the booking's own state.
 */
export async function completeLesson(bookingId: string, reason: LessonCompletionReason, now = new Date()): Promise<boolean> {
  const completed = await markBookingCompleted(bookingId, now.toISOString(), reason);
  if (!completed) {
    // Completed before, but the publishing did not get done (a crash between the two): finish it,
    // once the completing call had its time (a call racing it must not announce it a second time).
    const owed = await claimOwedCompletion(bookingId, now.toISOString(), new Date(now.getTime() - COMPLETION_PUBLISH_LEASE_MS).toISOString());
    if (owed) await publishCompleted(owed, owed.completedAt ?? now.toISOString(), reason);
    return false;
  }
  await publishCompleted(completed, now.toISOString(), reason);
  return true;
}

/**
 * A student no-show is completed by the bookings' own write (cancel-service.ts settleNoShow): the
 * tutor is paid as for a lesson taught, so the completion is announced the same way (the ledger
 * earns the tutor's share on LessonCompleted).
 */
export async function announceNoShowCompletion(booking: Booking, completedAt: string): Promise<void> {
  await publishCompleted(booking, completedAt, 'student_no_show');
}

async function publishCompleted(booking: Booking, completedAt: string, reason: LessonCompletionReason): Promise<void> {
  await publishEvent('LessonCompleted', {
    bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, subject: booking.subject,
    scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes, reason, occurredAt: completedAt,
  });
  await markCompletionPublished(booking.id);
}
