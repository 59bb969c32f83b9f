/** E-mail texts. Plain and short: many readers are on basic phones and metered data. */
import type { BookingCancelled, LessonCompleted, LessonReschedule, PayoutFailed, PayoutPaid, RefundProcessed, UserSignedUp } from '../../events/index.js';
import type { Booking } from '../bookings/contract.js';
import type { Course } from '../courses/contract.js';
import type { Profile } from '../profiles/contract.js';
import type { OutgoingEmail } from '../shared/email.js';
import { ksh, kshMinor, lessonTimeIn } from '../shared/display.js';

const SIGNATURE = "Africa's Learning Platform";

export function welcomeEmail(user: UserSignedUp, appOrigin: string): OutgoingEmail {
  const lines = [`Hello ${user.firstName},`, '', "Welcome to Africa's Learning Platform."];
  if (user.role === 'tutor') {
    lines.push(
      '',
      'Before you can teach and receive payments we need to verify your identity (KYC).',
      `Sign in and open your tutor dashboard to upload your documents: ${appOrigin}/tutor-dashboard`,
    );
  } else {
    lines.push('', `Find a tutor and book your first lesson: ${appOrigin}/browse-tutors`);
  }
  if (user.adminRequested) {
    lines.push('', 'Your request for admin access has been recorded. A super admin will review it.');
  }
  lines.push('', SIGNATURE);
  return { to: user.email, subject: "Welcome to Africa's Learning Platform", text: lines.join('\n') };
}


const fullName = (p: Pick<Profile, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

/** Booking confirmed and paid: times in each reader's own zone. */
export function bookingConfirmedEmails(booking: Booking, student: Profile, tutor: Profile, appOrigin: string): Record<'student' | 'tutor', OutgoingEmail> {
  const details = (zone: string) => [
    `Subject: ${booking.subject}`,
    `When: ${lessonTimeIn(booking.scheduledAt, zone)}`,
    `Duration: ${booking.durationMinutes} minutes`,
  ];
  return {
    student: {
      to: student.email,
      subject: `Booking confirmed: ${booking.subject} with ${tutor.firstName} ${tutor.lastName}`,
      text: [`Hello ${student.firstName},`, '', 'Your payment was received and your lesson is confirmed.', '',
        ...details(student.timeZone), `Paid: ${ksh(booking.totalAmount)}`, '',
        `Your bookings: ${appOrigin}/my-bookings`, '', SIGNATURE].join('\n'),
    },
    tutor: {
      to: tutor.email,
      subject: `New booking: ${booking.subject} with ${student.firstName} ${student.lastName}`,
      text: [`Hello ${tutor.firstName},`, '', `${student.firstName} ${student.lastName} booked and paid for a lesson.`, '',
        ...details(tutor.timeZone), '', `Your dashboard: ${appOrigin}/tutor-dashboard`, '', SIGNATURE].join('\n'),
    },
  };
}

export function kycApprovedEmail(tutor: Profile, appOrigin: string): OutgoingEmail {
  return {
    to: tutor.email,
    subject: 'You are verified: students can now book you',
    text: [`Hello ${tutor.firstName},`, '', 'Your identity documents have been approved. Your profile now shows the Verified badge',
      'and students can book and pay for lessons with you.', '',
      `Make sure your weekly availability is up to date: ${appOrigin}/tutor-availability`, '', SIGNATURE].join('\n'),
  };
}

/**
 * "Your lesson starts in 24 hours / 1 hour", to one party: the time in the reader's zone, the
 * other party's name and the class link (the room opens 15 minutes before the start).
 */
export function lessonReminderEmail(
  booking: Pick<Booking, 'id' | 'subject' | 'scheduledAt' | 'durationMinutes'>, reader: Profile, other: Profile, startsIn: string, appOrigin: string,
): OutgoingEmail {
  return {
    to: reader.email,
    subject: `Reminder: ${booking.subject} with ${fullName(other)} in ${startsIn}`,
    text: [`Hello ${reader.firstName},`, '', `Your ${booking.subject} lesson with ${fullName(other)} starts in ${startsIn}.`, '',
      `When: ${lessonTimeIn(booking.scheduledAt, reader.timeZone)}`, `Duration: ${booking.durationMinutes} minutes`, '',
      `Join the class (it opens 15 minutes before the start): ${appOrigin}/live-tutoring/${booking.id}`, '', SIGNATURE].join('\n'),
  };
}

/** After a completed lesson, to the student: a short "How was your lesson?" note. */
export function lessonCompletedEmail(lesson: LessonCompleted, student: Profile, tutor: Profile, appOrigin: string): OutgoingEmail {
  return {
    to: student.email,
    subject: `How was your lesson? ${lesson.subject} with ${fullName(tutor)}`,
    text: [`Hello ${student.firstName},`, '', `Your ${lesson.subject} lesson with ${fullName(tutor)} is complete. How was it?`,
      'We would love to hear how it went, and you can book your next lesson when you are ready.', '',
      `Your bookings: ${appOrigin}/my-bookings`, '', SIGNATURE].join('\n'),
  };
}

/** What a cancellation means for the student's money, in one sentence. */
function refundLine(cancelled: BookingCancelled): string {
  if (!cancelled.paid) return 'Nothing was paid for it, so nothing is charged.';
  if (cancelled.refundDue) return 'The student is refunded in full; the money reaches the original payment method within a few days.';
  return 'It was cancelled inside the free-cancellation window, so it is not refunded and the tutor is paid.';
}

/** A booking was cancelled (or the tutor did not come), to both parties: who, when, and the money. */
export function bookingCancelledEmails(
  cancelled: BookingCancelled, student: Profile, tutor: Profile, appOrigin: string,
): Record<'student' | 'tutor', OutgoingEmail> {
  const who = cancelled.noShow === 'tutor' ? 'The tutor did not join, so the lesson was cancelled.'
    : cancelled.by === 'student' ? `${fullName(student)} cancelled it.` : cancelled.by === 'tutor' ? `${fullName(tutor)} cancelled it.` : 'It was cancelled.';
  const email = (reader: Profile, other: Profile, link: string): OutgoingEmail => ({
    to: reader.email,
    subject: `Cancelled: ${cancelled.subject} with ${fullName(other)}`,
    text: [`Hello ${reader.firstName},`, '', `Your ${cancelled.subject} lesson with ${fullName(other)} on ${lessonTimeIn(cancelled.scheduledAt, reader.timeZone)} has been cancelled.`,
      who, ...(cancelled.reason && !cancelled.noShow ? [`Reason: ${cancelled.reason}`] : []), '', refundLine(cancelled), '',
      `Your bookings: ${appOrigin}${link}`, '', SIGNATURE].join('\n'),
  });
  return { student: email(student, tutor, '/my-bookings'), tutor: email(tutor, student, '/my-bookings') };
}

/**
 * Moving a lesson (LessonReschedule), to the party who did not take the step, and to both once a
 * move is accepted; times in each reader's zone.
 */
export function lessonRescheduleEmails(
  change: LessonReschedule, student: Profile, tutor: Profile, appOrigin: string,
): Partial<Record<'student' | 'tutor', OutgoingEmail>> {
  const links = { student: `${appOrigin}/my-bookings`, tutor: `${appOrigin}/tutor-dashboard` };
  const email = (to: 'student' | 'tutor', subject: string, lines: string[]): OutgoingEmail => {
    const [reader, other] = to === 'student' ? [student, tutor] : [tutor, student];
    const zone = reader.timeZone;
    return {
      to: reader.email,
      subject: `${subject}: ${change.subject} with ${fullName(other)}`,
      text: [`Hello ${reader.firstName},`, '', ...lines.map((line) => line
        .replace('{other}', fullName(other))
        .replace('{from}', lessonTimeIn(change.previousStart, zone))
        .replace('{to}', lessonTimeIn(change.proposedStart, zone))),
      `Duration: ${change.durationMinutes} minutes`, '', `Your bookings: ${links[to]}`, '', SIGNATURE].join('\n'),
    };
  };
  const otherThanActor = change.actor === 'student' ? 'tutor' : 'student';
  switch (change.step) {
    case 'proposed':
      return { [otherThanActor]: email(otherThanActor, 'New time proposed', [
        '{other} would like to move your lesson.', '', 'Now: {from}', 'Proposed: {to}', '', 'Accept or decline it in your bookings.']) };
    case 'accepted':
      return Object.fromEntries((['student', 'tutor'] as const).map((to) => [to, email(to, 'Lesson moved', [
        'Your lesson has a new time. Nothing more is charged.', '', 'Was: {from}', 'Now: {to}'])]));
    case 'declined':
      return { [otherThanActor]: email(otherThanActor, 'New time declined', [
        '{other} declined moving your lesson to {to}. It stays at {from}.']) };
    case 'withdrawn':
      return { [otherThanActor]: email(otherThanActor, 'Proposal withdrawn', [
        '{other} withdrew the proposal to move your lesson to {to}. It stays at {from}.']) };
  }
}

/** A refund reached Paystack's "processed" (RefundProcessed), to the student who paid. */
export function refundProcessedEmail(refund: RefundProcessed, student: Profile, appOrigin: string): OutgoingEmail {
  const amount = kshMinor(refund.amountMinor, refund.currency);
  return {
    to: student.email,
    subject: `Refund processed: ${amount}`,
    text: [`Hello ${student.firstName},`, '', `Your refund of ${amount} has been processed (payment reference ${refund.reference}).`,
      'It goes back to the card or M-Pesa account you paid with; your bank or M-Pesa may take a few days to show it.', '',
      `Your bookings: ${appOrigin}/my-bookings`, '', SIGNATURE].join('\n'),
  };
}

/** A paid course enrolment is confirmed (issue 12): where to start learning. */
export function courseEnrolledEmail(course: Pick<Course, 'id' | 'title' | 'tutor'>, student: Profile, appOrigin: string): OutgoingEmail {
  return {
    to: student.email,
    subject: `You're enrolled in ${course.title}`,
    text: [`Hello ${student.firstName},`, '', `Your payment is confirmed and you're enrolled in "${course.title}" by ${fullName(course.tutor)}.`, '',
      `Open the course and start with the first lesson: ${appOrigin}/courses/${course.id}`, '', SIGNATURE].join('\n'),
  };
}

/** A course certificate was issued: the learner gets its public link (the same one its QR code opens). */
export function certificateIssuedEmail(
  cert: { code: string; courseTitle: string; tutorName: string }, learner: Profile, appOrigin: string,
): OutgoingEmail {
  return {
    to: learner.email,
    subject: `Your certificate: ${cert.courseTitle}`,
    text: [
      `Hello ${learner.firstName},`, '',
      `Congratulations! You completed every lesson of "${cert.courseTitle}" with ${cert.tutorName}.`, '',
      `Your certificate (anyone can check it with this link): ${appOrigin}/certificates/${cert.code}`,
      `Certificate code: ${cert.code}`, '', SIGNATURE,
    ].join('\n'),
  };
}

/** A payout reached the tutor (PayoutPaid). */
export function payoutPaidEmail(payout: PayoutPaid, tutor: Profile, appOrigin: string): OutgoingEmail {
  const amount = kshMinor(payout.amountMinor);
  return {
    to: tutor.email,
    subject: `Payout sent: ${amount}`,
    text: [`Hello ${tutor.firstName},`, '', `Your payout of ${amount} has been sent to your payout account (reference ${payout.reference}).`,
      'M-Pesa usually shows it within minutes; a bank may take a working day.', '',
      `Your earnings: ${appOrigin}/tutor-dashboard`, '', SIGNATURE].join('\n'),
  };
}

/** A payout failed or was reversed (PayoutFailed): the money is available again. */
export function payoutFailedEmail(payout: PayoutFailed, tutor: Profile, appOrigin: string): OutgoingEmail {
  const amount = kshMinor(payout.amountMinor);
  return {
    to: tutor.email,
    subject: `Payout not completed: ${amount}`,
    text: [`Hello ${tutor.firstName},`, '', `Your payout of ${amount} (reference ${payout.reference}) did not go through: ${payout.reason}.`,
      'The money is back in your available balance. Check your payout details, then withdraw again or wait for the next weekly payout.', '',
      `Your earnings: ${appOrigin}/tutor-dashboard`, '', SIGNATURE].join('\n'),
  };
}
