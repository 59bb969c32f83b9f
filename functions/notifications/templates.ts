/** E-mail texts. Plain and short: many readers are on basic phones and metered data. */
import type { UserSignedUp } from '../../events/index.js';
import type { Booking } from '../bookings/contract.js';
import type { Profile } from '../profiles/contract.js';
import type { OutgoingEmail } from '../shared/email.js';
import { ksh, zoneName } from '../shared/display.js';

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
  lines.push('', "Africa's Learning Platform");
  return { to: user.email, subject: "Welcome to Africa's Learning Platform", text: lines.join('\n') };
}

const lessonTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-KE', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(iso));


/** Booking confirmed and paid: times in each reader's own zone. */
export function bookingConfirmedEmails(booking: Booking, student: Profile, tutor: Profile, appOrigin: string): Record<'student' | 'tutor', OutgoingEmail> {
  const details = (zone: string) => [
    `Subject: ${booking.subject}`,
    `When: ${lessonTime(booking.scheduledAt, zone)} (${zoneName(zone, new Date(booking.scheduledAt))})`,
    `Duration: ${booking.durationMinutes} minutes`,
  ];
  return {
    student: {
      to: student.email,
      subject: `Booking confirmed: ${booking.subject} with ${tutor.firstName} ${tutor.lastName}`,
      text: [`Hello ${student.firstName},`, '', 'Your payment was received and your lesson is confirmed.', '',
        ...details(student.timeZone), `Paid: ${ksh(booking.totalAmount)}`, '',
        `Your bookings: ${appOrigin}/my-bookings`, '', "Africa's Learning Platform"].join('\n'),
    },
    tutor: {
      to: tutor.email,
      subject: `New booking: ${booking.subject} with ${student.firstName} ${student.lastName}`,
      text: [`Hello ${tutor.firstName},`, '', `${student.firstName} ${student.lastName} booked and paid for a lesson.`, '',
        ...details(tutor.timeZone), '', `Your dashboard: ${appOrigin}/tutor-dashboard`, '', "Africa's Learning Platform"].join('\n'),
    },
  };
}

export function kycApprovedEmail(tutor: Profile, appOrigin: string): OutgoingEmail {
  return {
    to: tutor.email,
    subject: 'You are verified: students can now book you',
    text: [`Hello ${tutor.firstName},`, '', 'Your identity documents have been approved. Your profile now shows the Verified badge',
      'and students can book and pay for lessons with you.', '',
      `Make sure your weekly availability is up to date: ${appOrigin}/tutor-availability`, '', "Africa's Learning Platform"].join('\n'),
  };
}
