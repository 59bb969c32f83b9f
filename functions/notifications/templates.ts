/**
 * E-mails, each in its reader's language (profile `language`, English when none is saved): the
 * texts in texts/<language>.ts, amounts and times through shared/display.ts in that language.
 * Plain and short: many readers are on basic phones and metered data.
 */
import type {
  BookingCancelled, DisputeDecided, LessonCompleted, LessonReschedule, PaymentConfirmed, PayoutDetailsChanged, PayoutFailed, PayoutPaid, PlanDeclined, PlanEnded, PlanPaused, RefundProcessed, UserSignedUp,
} from '../../events/index.js';
import type { Booking } from '../bookings/contract.js';
import type { Course } from '../courses/contract.js';
import type { PaidFor } from '../messaging/texts.js';
import type { Profile } from '../profiles/contract.js';
import type { OutgoingEmail } from '../shared/email.js';
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from '../../events/shared/language.js';
import { ksh, kshMinor, lessonTimeIn } from '../shared/display.js';
import { threadLink } from '../conversations/unread-rules.js';
import { emailTexts, type EmailTexts, type ReminderLead } from './texts/index.js';

const fullName = (p: Pick<Profile, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

/** Greeting, paragraphs (blank lines between) and the signature: the shape of every e-mail. */
const letter = (t: EmailTexts, firstName: string, ...paragraphs: string[][]): string =>
  [t.hello(firstName), '', ...paragraphs.flatMap((lines) => [...lines, '']), t.signature].join('\n');

export function welcomeEmail(user: UserSignedUp, appOrigin: string): OutgoingEmail {
  const t = emailTexts(user.language);
  const next = user.role === 'tutor'
    ? [t.welcome.tutorKyc, t.welcome.tutorDashboard(`${appOrigin}/tutor-dashboard`)]
    : [t.welcome.findTutor(`${appOrigin}/browse-tutors`)];
  const paragraphs = [[t.welcome.intro], next, ...(user.adminRequested ? [[t.welcome.adminRequested]] : [])];
  return { to: user.email, subject: t.welcome.subject, text: letter(t, user.firstName, ...paragraphs) };
}

/** Booking confirmed and paid: times in each reader's own zone and language. */
export function bookingConfirmedEmails(booking: Booking, student: Profile, tutor: Profile, appOrigin: string): Record<'student' | 'tutor', OutgoingEmail> {
  const details = (t: EmailTexts, reader: Profile) => [
    t.bookingConfirmed.subjectLine(booking.subject),
    t.when(lessonTimeIn(booking.scheduledAt, reader.timeZone, reader.language)),
    t.duration(booking.durationMinutes),
  ];
  const s = emailTexts(student.language);
  const r = emailTexts(tutor.language);
  return {
    student: {
      to: student.email,
      subject: s.bookingConfirmed.studentSubject(booking.subject, fullName(tutor)),
      text: letter(s, student.firstName, [s.bookingConfirmed.studentIntro],
        [...details(s, student), s.bookingConfirmed.paid(ksh(booking.totalAmount, student.language))], [s.yourBookings(`${appOrigin}/my-bookings`)]),
    },
    tutor: {
      to: tutor.email,
      subject: r.bookingConfirmed.tutorSubject(booking.subject, fullName(student)),
      text: letter(r, tutor.firstName, [r.bookingConfirmed.tutorIntro(fullName(student))], details(r, tutor),
        [r.yourDashboard(`${appOrigin}/tutor-dashboard`)]),
    },
  };
}

export function kycApprovedEmail(tutor: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(tutor.language);
  return {
    to: tutor.email,
    subject: t.kycApproved.subject,
    text: letter(t, tutor.firstName, t.kycApproved.body, [t.kycApproved.availability(`${appOrigin}/tutor-availability`)]),
  };
}

/**
 * "Your lesson starts in 24 hours / 1 hour", to one party: the time in the reader's zone, the
 * other party's name and the class link (the room opens 15 minutes before the start).
 */
export function lessonReminderEmail(
  booking: Pick<Booking, 'id' | 'subject' | 'scheduledAt' | 'durationMinutes'>, reader: Profile, other: Profile, lead: ReminderLead, appOrigin: string,
): OutgoingEmail {
  const t = emailTexts(reader.language);
  const startsIn = t.reminder.startsIn[lead];
  return {
    to: reader.email,
    subject: t.reminder.subject(booking.subject, fullName(other), startsIn),
    text: letter(t, reader.firstName, [t.reminder.intro(booking.subject, fullName(other), startsIn)],
      [t.when(lessonTimeIn(booking.scheduledAt, reader.timeZone, reader.language)), t.duration(booking.durationMinutes)],
      [t.reminder.join(`${appOrigin}/live-tutoring/${booking.id}`)]),
  };
}

/** A day after a lesson whose report is still missing, to its tutor: once. */
export function reportReminderEmail(
  lesson: Pick<Booking, 'id' | 'subject'>, tutor: Profile, studentName: string, editableUntil: string, appOrigin: string,
): OutgoingEmail {
  const t = emailTexts(tutor.language);
  return {
    to: tutor.email,
    subject: t.reportReminder.subject(lesson.subject, studentName),
    text: letter(t, tutor.firstName, t.reportReminder.body(lesson.subject, studentName, lessonTimeIn(editableUntil, tutor.timeZone, tutor.language)),
      [t.reportReminder.write(`${appOrigin}/lesson-report/${lesson.id}`)]),
  };
}

/** After a completed lesson, to the student: a short "How was your lesson?" note. */
export function lessonCompletedEmail(lesson: LessonCompleted, student: Profile, tutor: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(student.language);
  return {
    to: student.email,
    subject: t.lessonCompleted.subject(lesson.subject, fullName(tutor)),
    text: letter(t, student.firstName, t.lessonCompleted.body(lesson.subject, fullName(tutor)), [t.yourBookings(`${appOrigin}/my-bookings`)]),
  };
}

/** What a cancellation means for the student's money, in one sentence. */
function refundLine(t: EmailTexts, cancelled: BookingCancelled): string {
  if (!cancelled.paid) return t.cancelled.notPaid;
  if (cancelled.fromPack) return cancelled.refundDue ? t.cancelled.creditReturned : t.cancelled.creditUsed;
  return cancelled.refundDue ? t.cancelled.refunded : t.cancelled.notRefunded;
}

/** A booking was cancelled (or the tutor did not come), to both parties: who, when, and the money. */
export function bookingCancelledEmails(
  cancelled: BookingCancelled, student: Profile, tutor: Profile, appOrigin: string,
): Record<'student' | 'tutor', OutgoingEmail> {
  const email = (reader: Profile, other: Profile): OutgoingEmail => {
    const t = emailTexts(reader.language);
    const who = cancelled.noShow === 'tutor' ? t.cancelled.tutorNoShow
      : cancelled.refundedBySupport ? t.cancelled.refundedBySupport
      : cancelled.by === 'student' ? t.cancelled.cancelledBy(fullName(student))
        : cancelled.by === 'tutor' ? t.cancelled.cancelledBy(fullName(tutor)) : t.cancelled.cancelledByNobody;
    const when = lessonTimeIn(cancelled.scheduledAt, reader.timeZone, reader.language);
    return {
      to: reader.email,
      subject: t.cancelled.subject(cancelled.subject, fullName(other)),
      text: letter(t, reader.firstName,
        [t.cancelled.intro(cancelled.subject, fullName(other), when), who,
          ...(cancelled.reason && !cancelled.noShow && !cancelled.refundedBySupport ? [t.cancelled.reason(cancelled.reason)] : [])],
        [refundLine(t, cancelled)], [t.yourBookings(`${appOrigin}/my-bookings`)]),
    };
  };
  return { student: email(student, tutor), tutor: email(tutor, student) };
}

/** A weekly plan its tutor declined, to the family that set it up: the weekday and time in the reader's zone. */
export function planDeclinedEmail(declined: PlanDeclined, payer: Profile, tutor: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(payer.language);
  const weekly = lessonTimeIn(declined.firstLessonAt, payer.timeZone, payer.language);
  return {
    to: payer.email,
    subject: t.planDeclined.subject(declined.subject, fullName(tutor)),
    text: letter(t, payer.firstName,
      [t.planDeclined.intro(declined.subject, fullName(tutor), weekly), ...(declined.reason ? [t.planDeclined.reason(declined.reason)] : [])],
      [t.planDeclined.nothingCharged], [t.planDeclined.findAnother(`${appOrigin}/browse-tutors`)]),
  };
}

/**
 * A weekly plan its family ended (PlanEnded): one e-mail each, in each reader's language and zone.
 * The family reads what is refunded (in KES), what is kept and what is released; the tutor which
 * lessons left their calendar (refunded or released, both free their hours) and which still happen.
 */
export function planEndedEmails(ended: PlanEnded, payer: Profile, tutor: Profile, appOrigin: string): Record<'family' | 'tutor', OutgoingEmail> {
  const f = emailTexts(payer.language);
  const r = emailTexts(tutor.language);
  const { family: familyLines, tutor: tutorLines } = planEndedEmailLines(ended, payer, tutor);
  // The tutor stopped teaching (suspended): the family is told why, and that nothing was kept.
  const stopped = ended.cause === 'tutor_stopped';
  return {
    family: {
      to: payer.email,
      subject: f.planEnded.subject(ended.subject, fullName(tutor)),
      text: letter(f, payer.firstName, [stopped ? f.planEnded.familyIntroTutorStopped(ended.subject, fullName(tutor)) : f.planEnded.familyIntro(ended.subject, fullName(tutor))],
        familyLines, [f.yourBookings(`${appOrigin}/my-bookings`)]),
    },
    tutor: {
      to: tutor.email,
      subject: r.planEnded.subject(ended.subject, fullName(payer)),
      text: letter(r, tutor.firstName,
        [stopped ? r.planEnded.tutorIntroStopped(ended.subject, fullName(payer)) : r.planEnded.tutorIntro(ended.subject, fullName(payer)), ...(ended.reason ? [r.planEnded.reason(ended.reason)] : [])],
        tutorLines, [r.yourDashboard(`${appOrigin}/tutor-dashboard`)]),
    },
  };
}

/** What an ending (or a pause) did to the lessons, to the family and to the tutor: the same for both. */
function planEndedEmailLines(ended: Pick<PlanEnded, 'refunded' | 'refundMinor' | 'kept' | 'released'>, payer: Profile, tutor: Profile): Record<'family' | 'tutor', string[]> {
  const dates = (starts: readonly string[], reader: Profile) => [...starts].sort().map((s) => lessonTimeIn(s, reader.timeZone, reader.language)).join('; ');
  const f = emailTexts(payer.language);
  const familyLines = [
    ended.refunded.length ? f.planEnded.refunded(ended.refunded.length, kshMinor(ended.refundMinor, 'KES', payer.language), dates(ended.refunded, payer)) : f.planEnded.nothingRefunded,
    ...(ended.kept.length ? [f.planEnded.kept(dates(ended.kept, payer))] : []),
    ...(ended.released.length ? [f.planEnded.released(dates(ended.released, payer))] : []),
  ];
  const r = emailTexts(tutor.language);
  const off = [...ended.refunded, ...ended.released];
  const tutorLines = [
    ...(off.length ? [r.planEnded.tutorReleased(dates(off, tutor))] : []),
    ...(ended.kept.length ? [r.planEnded.tutorKept(dates(ended.kept, tutor))] : []),
  ];
  return { family: familyLines, tutor: tutorLines };
}

/**
 * Some weeks of a weekly plan its family paused (PlanPaused): one e-mail each, in each reader's
 * language and zone, naming the weeks, then what happened to their lessons as an ending says it.
 */
export function planPausedEmails(paused: PlanPaused, payer: Profile, tutor: Profile, appOrigin: string): Record<'family' | 'tutor', OutgoingEmail> {
  const lines = planEndedEmailLines(paused, payer, tutor);
  const week = (reader: Profile) => new Intl.DateTimeFormat(INTL_LOCALES[reader.language ?? DEFAULT_LANGUAGE], { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${paused.from}T00:00:00Z`));
  const f = emailTexts(payer.language);
  const r = emailTexts(tutor.language);
  return {
    family: {
      to: payer.email,
      subject: f.planPaused.subject(paused.subject, fullName(tutor)),
      text: letter(f, payer.firstName, [f.planPaused.familyIntro(paused.subject, fullName(tutor), paused.weeks, week(payer))],
        [...lines.family, f.planPaused.goesOn], [f.yourBookings(`${appOrigin}/my-bookings`)]),
    },
    tutor: {
      to: tutor.email,
      subject: r.planPaused.subject(paused.subject, fullName(payer)),
      text: letter(r, tutor.firstName,
        [r.planPaused.tutorIntro(paused.subject, fullName(payer), paused.weeks, week(tutor)), ...(paused.reason ? [r.planEnded.reason(paused.reason)] : [])],
        [...lines.tutor, r.planPaused.goesOn], [r.yourDashboard(`${appOrigin}/tutor-dashboard`)]),
    },
  };
}

/**
 * Moving a lesson (LessonReschedule), to the party who did not take the step, and to both once a
 * move is accepted; times in each reader's zone and language.
 */
export function lessonRescheduleEmails(
  change: LessonReschedule, student: Profile, tutor: Profile, appOrigin: string,
): Partial<Record<'student' | 'tutor', OutgoingEmail>> {
  const links = { student: `${appOrigin}/my-bookings`, tutor: `${appOrigin}/tutor-dashboard` };
  const email = (to: 'student' | 'tutor'): OutgoingEmail => {
    const [reader, other] = to === 'student' ? [student, tutor] : [tutor, student];
    const t = emailTexts(reader.language);
    const at = (iso: string) => lessonTimeIn(iso, reader.timeZone, reader.language);
    const step = t.reschedule[change.step];
    return {
      to: reader.email,
      subject: t.reschedule.subject(step.subject, change.subject, fullName(other)),
      text: letter(t, reader.firstName,
        [...step.lines(fullName(other), at(change.previousStart), at(change.proposedStart)), t.duration(change.durationMinutes)],
        [t.yourBookings(links[to])]),
    };
  };
  const otherThanActor = change.actor === 'student' ? 'tutor' : 'student';
  return change.step === 'accepted' ? { student: email('student'), tutor: email('tutor') } : { [otherThanActor]: email(otherThanActor) };
}

/**
 * A payment confirmed (PaymentConfirmed), to the payer (the parent who paid for a child): the
 * receipt they keep, with the amount the provider verified and its reference.
 */
export function paymentReceiptEmail(payment: Pick<PaymentConfirmed, 'amountMinor' | 'currency' | 'reference' | 'occurredAt'>, paidFor: PaidFor, payer: Profile): OutgoingEmail {
  const t = emailTexts(payer.language);
  const amount = kshMinor(payment.amountMinor, payment.currency, payer.language);
  const what = paidFor.purpose === 'lesson' ? t.paymentReceipt.lesson(paidFor.subject, paidFor.otherName) : t.paymentReceipt.course(paidFor.title);
  return {
    to: payer.email,
    subject: t.paymentReceipt.subject(amount, what),
    text: letter(t, payer.firstName, [t.paymentReceipt.intro],
      [t.paymentReceipt.paidFor(what), t.paymentReceipt.amount(amount), t.paymentReceipt.reference(payment.reference),
        t.paymentReceipt.paidOn(lessonTimeIn(payment.occurredAt, payer.timeZone, payer.language))],
      [t.paymentReceipt.keep]),
  };
}

/** A refund reached Paystack's "processed" (RefundProcessed), to the student who paid. */
export function refundProcessedEmail(refund: RefundProcessed, student: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(student.language);
  const amount = kshMinor(refund.amountMinor, refund.currency, student.language);
  return {
    to: student.email,
    subject: t.refundProcessed.subject(amount),
    text: letter(t, student.firstName, t.refundProcessed.body(amount, refund.reference), [t.yourBookings(`${appOrigin}/my-bookings`)]),
  };
}

/** A dispute was decided (DisputeDecided): the outcome and the team's note, to the student and the tutor, each in their language. */
export function disputeDecidedEmails(decided: DisputeDecided, student: Profile, tutor: Profile, appOrigin: string): Record<'student' | 'tutor', OutgoingEmail> {
  const email = (reader: Profile, side: 'student' | 'tutor'): OutgoingEmail => {
    const t = emailTexts(reader.language);
    const d = t.disputeDecided;
    const amount = kshMinor(decided.refundMinor ?? 0, 'KES', reader.language);
    const paid = kshMinor(decided.paidMinor, 'KES', reader.language);
    const outcome = side === 'student'
      ? (decided.outcome === 'release' ? d.studentOutcome.release
        : decided.outcome === 'full_refund' ? d.studentOutcome.full_refund(amount) : d.studentOutcome.partial_refund(amount, paid))
      : (decided.outcome === 'release' ? d.tutorOutcome.release
        : decided.outcome === 'full_refund' ? d.tutorOutcome.full_refund : d.tutorOutcome.partial_refund(amount, paid));
    const link = side === 'student' ? t.yourBookings(`${appOrigin}/my-bookings`) : t.yourDashboard(`${appOrigin}/tutor-dashboard`);
    return {
      to: reader.email,
      subject: d.subject(decided.subject),
      text: letter(t, reader.firstName, [d.intro(decided.subject, lessonTimeIn(decided.scheduledAt, reader.timeZone, reader.language)), outcome, d.note(decided.note)], [link]),
    };
  };
  return { student: email(student, 'student'), tutor: email(tutor, 'tutor') };
}

/** A paid course enrolment is confirmed: where to start learning. */
export function courseEnrolledEmail(course: Pick<Course, 'id' | 'title' | 'tutor'>, student: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(student.language);
  return {
    to: student.email,
    subject: t.courseEnrolled.subject(course.title),
    text: letter(t, student.firstName, [t.courseEnrolled.intro(course.title, fullName(course.tutor))],
      [t.courseEnrolled.open(`${appOrigin}/courses/${course.id}`)]),
  };
}

/** A course certificate was issued: the learner gets its public link (the same one its QR code opens). */
export function certificateIssuedEmail(
  cert: { code: string; courseTitle: string; tutorName: string }, learner: Profile, appOrigin: string,
): OutgoingEmail {
  const t = emailTexts(learner.language);
  return {
    to: learner.email,
    subject: t.certificateIssued.subject(cert.courseTitle),
    text: letter(t, learner.firstName, [t.certificateIssued.congratulations(cert.courseTitle, cert.tutorName)],
      [t.certificateIssued.link(`${appOrigin}/certificates/${cert.code}`), t.certificateIssued.code(cert.code)]),
  };
}

/**
 * "Your payout details changed", to the tutor, after every add or change: the mask and the time
 * (in the tutor's zone), so someone who took over the account cannot quietly redirect payouts.
 */
export function payoutDetailsChangedEmail(change: PayoutDetailsChanged, tutor: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(tutor.language);
  const where = change.method === 'mpesa' ? `M-Pesa ${change.maskedNumber}` : `${change.institution} ${change.maskedNumber}`;
  const p = t.payoutDetailsChanged;
  return {
    to: tutor.email,
    subject: p.subject,
    text: letter(t, tutor.firstName,
      [change.firstTime ? p.added : p.changed, p.paidTo(where), p.when(lessonTimeIn(change.changedAt, tutor.timeZone, tutor.language))],
      [p.notYou, `${appOrigin}/tutor-dashboard?tab=earnings`]),
  };
}

/** A payout reached the tutor (PayoutPaid). */
export function payoutPaidEmail(payout: PayoutPaid, tutor: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(tutor.language);
  const amount = kshMinor(payout.amountMinor, 'KES', tutor.language);
  return {
    to: tutor.email,
    subject: t.payoutPaid.subject(amount),
    text: letter(t, tutor.firstName, [t.payoutPaid.sent(amount, payout.reference), t.payoutPaid.timing],
      [t.payoutPaid.earnings(`${appOrigin}/tutor-dashboard`)]),
  };
}

/** A conversation message waited unread for 10 minutes: who wrote, the start of it, the link to the thread. */
export function conversationUnreadEmail(
  reader: Pick<Profile, 'email' | 'firstName' | 'language'>, senderName: string, quote: string, conversationId: string, appOrigin: string,
): OutgoingEmail {
  const t = emailTexts(reader.language);
  return {
    to: reader.email,
    subject: t.conversationUnread.subject(senderName),
    text: letter(t, reader.firstName, [t.conversationUnread.wrote(senderName), `"${quote || t.conversationUnread.attachment}"`],
      [t.conversationUnread.reply(threadLink(conversationId, appOrigin))], [t.conversationUnread.why]),
  };
}

/** A payout failed or was reversed (PayoutFailed): the money is available again. */
export function payoutFailedEmail(payout: PayoutFailed, tutor: Profile, appOrigin: string): OutgoingEmail {
  const t = emailTexts(tutor.language);
  const amount = kshMinor(payout.amountMinor, 'KES', tutor.language);
  return {
    to: tutor.email,
    subject: t.payoutFailed.subject(amount),
    text: letter(t, tutor.firstName, [t.payoutFailed.failed(amount, payout.reference, payout.reason), t.payoutFailed.next],
      [t.payoutPaid.earnings(`${appOrigin}/tutor-dashboard`)]),
  };
}

/** A child's solo sign-up waits for this parent: who asked, what stays closed meanwhile, the single-use link. */
export function parentApprovalMessages(
  request: { firstName: string; lastName: string; parentEmail: string; parentPhone?: string; language?: Language },
  token: string, expiresAt: Date, appOrigin: string,
): { email: OutgoingEmail; sms?: { to: string; text: string } } {
  const t = emailTexts(request.language);
  const student = fullName(request);
  // The token in the fragment: it never reaches a server's access log (the page posts it in a body).
  const link = `${appOrigin}/parent-approval#${token}`;
  const expiresOn = new Intl.DateTimeFormat(INTL_LOCALES[request.language ?? DEFAULT_LANGUAGE], { dateStyle: 'long', timeZone: 'Africa/Nairobi' }).format(expiresAt);
  return {
    email: {
      to: request.parentEmail,
      subject: t.parentApproval.subject(student),
      text: [t.parentApproval.greeting, '', t.parentApproval.intro(student), '', t.parentApproval.limits, '', t.parentApproval.approve(link, expiresOn), '',
        t.parentApproval.notYou, '', t.signature].join('\n'),
    },
    ...(request.parentPhone ? { sms: { to: request.parentPhone, text: t.parentApproval.sms(student, link) } } : {}),
  };
}
