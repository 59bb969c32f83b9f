/**
 * Problem payments for super admins: newest first from their sparse index, each with the payer,
 * the tutor, what was bought (the lesson's subject and start, or the course's title) and what to
 * do; resolving one records who did it and why (audited).
 */
import { getBookings } from '../bookings/service.js';
import { getCourses } from '../courses/service.js';
import { providerMismatches, resolveProviderMismatches } from '../ledger/service.js';
import { getProfiles } from '../profiles/service.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { Conflict, NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { inLanguage } from '../shared/messages.js';
import {
  describeMismatch, describeProblem, isProblemKind, paymentProblemMessages, problemMessages, type PaymentProblem, type PaymentProblemsQuery, type PaymentProblemsResponse,
} from './problems.js';
import { OPEN_PROBLEMS_PARTITION } from './keys.js';
import { getPaymentAttempt, openPaymentProblems, resolvePaymentProblemRecord } from './repository.js';

export const PROBLEMS_PAGE_SIZE = 20;

/** `language`: the problems' titles, actions and amounts are read in it (fields of the list, which httpRoute leaves as they are). */
export async function listPaymentProblems(query: PaymentProblemsQuery = {}, language: Language = DEFAULT_LANGUAGE): Promise<PaymentProblemsResponse> {
  const described = (kind: Parameters<typeof describeProblem>[0], amounts: Parameters<typeof describeProblem>[1]) => {
    const { title, action } = describeProblem(kind, amounts, language);
    return { title: inLanguage(title, language), action: inLanguage(action, language) };
  };
  const start = query.cursor ? decodeCursor(query.cursor, OPEN_PROBLEMS_PARTITION, OPEN_PROBLEMS_PARTITION) : undefined;
  const page = await openPaymentProblems(query.limit ?? PROBLEMS_PAGE_SIZE, start);
  // A mismatch's "payer" is whose money it is: the tutor of a transfer, the student of a charge.
  const whose = (item: (typeof page.items)[number]) => item.mismatch ? item.mismatch.tutorId ?? item.mismatch.studentId : (item.attempt ?? item.refund).studentId;
  // Names for the rows shown, read by key (BatchGet): people, booked lessons, courses.
  const paidFor = page.items.flatMap(({ attempt, refund }) => (attempt ?? refund ? [attempt ?? refund] : []));
  const bookingIds = paidFor.flatMap((p) => ('bookingId' in p && p.bookingId ? [p.bookingId] : []));
  const courseIds = paidFor.flatMap((p) => ('courseId' in p && p.courseId ? [p.courseId] : []));
  const [people, bookings, courses] = await Promise.all([
    getProfiles([...page.items.flatMap((item) => whose(item) ?? []), ...paidFor.map((p) => p.tutorId)]),
    getBookings([...new Set(bookingIds)]),
    getCourses([...new Set(courseIds)]),
  ]);
  const payers = new Map(people.map((p) => [p.id, p]));
  const lessons = new Map(bookings.map((b) => [b.id, { lessonSubject: b.subject, lessonAt: b.scheduledAt }]));
  const titles = new Map(courses.map((c) => [c.id, c.title]));
  /** The tutor's name and what was bought, as far as the records still hold them. */
  const boughtFrom = (p: { tutorId: string; bookingId?: string | undefined; courseId?: string | undefined; courseTitle?: string | undefined }) => {
    const tutor = payers.get(p.tutorId);
    const title = p.courseId ? titles.get(p.courseId) ?? p.courseTitle : undefined;
    return {
      ...(tutor ? { tutorName: `${tutor.firstName} ${tutor.lastName}` } : {}),
      ...(p.bookingId ? lessons.get(p.bookingId) : {}),
      ...(title ? { courseTitle: title } : {}),
    };
  };
  const payerOf = (studentId: string | undefined): PaymentProblem['payer'] => {
    const payer = studentId ? payers.get(studentId) : undefined;
    return {
      id: studentId ?? '', name: payer ? `${payer.firstName} ${payer.lastName}` : inLanguage(problemMessages.unknownPayer, language),
      ...(payer ? { email: payer.email } : {}),
    };
  };
  const problems = page.items.flatMap(({ attempt, refund, mismatch }): PaymentProblem[] => {
    if (mismatch) {
      const { title, action } = describeMismatch(mismatch, language);
      return [{
        reference: mismatch.reference, kind: 'provider_mismatch', title: inLanguage(title, language), action: inLanguage(action, language),
        payer: payerOf(mismatch.tutorId ?? mismatch.studentId),
        expectedMinor: mismatch.recordedMinor, paidMinor: mismatch.providerMinor, paidCurrency: 'KES', flaggedAt: mismatch.flaggedAt,
      }];
    }
    if (refund) {
      const amounts = { reference: refund.reference, expectedMinor: refund.amountMinor, paidMinor: refund.amountMinor, paidCurrency: 'KES' };
      return [{
        ...amounts, kind: 'refund_failed',
        ...described('refund_failed', { ...amounts, ...(refund.failureMessage ? { providerMessage: refund.failureMessage } : {}) }),
        ...(refund.courseId ? { courseId: refund.courseId } : { bookingId: refund.bookingId }), payer: payerOf(refund.studentId), ...boughtFrom(refund),
        flaggedAt: refund.failedAt ?? refund.requestedAt,
      }];
    }
    if (!isProblemKind(attempt.status)) return [];
    const amounts = {
      reference: attempt.reference,
      expectedMinor: attempt.amountMinor,
      paidMinor: attempt.providerAmountMinor ?? attempt.amountMinor,
      paidCurrency: attempt.providerCurrency ?? attempt.currency,
    };
    return [{
      ...amounts,
      kind: attempt.status,
      ...described(attempt.status, { ...amounts, purpose: attempt.purpose === 'course' ? 'course' : 'lesson' }),
      ...(attempt.purpose === 'course' ? { courseId: attempt.courseId }
        : attempt.purpose === 'pack' ? {}
          : { bookingId: attempt.purpose === 'plan' ? attempt.bookingIds[0]! : attempt.bookingId }),
      payer: payerOf(attempt.studentId),
      ...boughtFrom(attempt),
      flaggedAt: attempt.flaggedAt ?? attempt.paidAt ?? attempt.createdAt,
    }];
  });
  return { problems, ...(page.lastKey ? { nextCursor: encodeCursor(OPEN_PROBLEMS_PARTITION, page.lastKey) } : {}) };
}

/** Takes a problem off the list with a note of what was done; the audit record keeps who and when. */
export async function resolvePaymentProblem(user: AuthUser, reference: string, note: string, now = new Date()): Promise<void> {
  // A provider mismatch under this reference (the ledger's record keeps who resolved it and why).
  const mismatches = await providerMismatches(reference);
  if (mismatches.some((m) => !m.resolvedAt) && await resolveProviderMismatches(reference, { by: user.id, note, at: now.toISOString() })) return;
  const attempt = await getPaymentAttempt(reference);
  if (!attempt && mismatches.length) throw new Conflict('already_resolved', paymentProblemMessages.alreadyResolved);
  if (!attempt) throw new NotFound(paymentProblemMessages.notFound);
  if (attempt.resolvedAt) throw new Conflict('already_resolved', paymentProblemMessages.alreadyResolved);
  if (!isProblemKind(attempt.status)) throw new NotFound(paymentProblemMessages.notAProblem);
  const resolved = await resolvePaymentProblemRecord(attempt, { by: user.id, note, at: now.toISOString() });
  // Resolved at the same moment by another admin.
  if (!resolved) throw new Conflict('already_resolved', paymentProblemMessages.alreadyResolved);
}
