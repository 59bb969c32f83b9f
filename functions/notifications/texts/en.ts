/** The e-mails in English (the texts the product started with). */
import type { EmailTexts } from './types.js';

export const en: EmailTexts = {
  hello: (firstName) => `Hello ${firstName},`,
  signature: "Africa's Learning Platform",
  when: (time) => `When: ${time}`,
  duration: (minutes) => `Duration: ${minutes} minutes`,
  yourBookings: (link) => `Your bookings: ${link}`,
  yourDashboard: (link) => `Your dashboard: ${link}`,
  welcome: {
    subject: "Welcome to Africa's Learning Platform",
    intro: "Welcome to Africa's Learning Platform.",
    tutorKyc: 'Before you can teach and receive payments we need to verify your identity (KYC).',
    tutorDashboard: (link) => `Sign in and open your tutor dashboard to upload your documents: ${link}`,
    findTutor: (link) => `Find a tutor and book your first lesson: ${link}`,
    adminRequested: 'Your request for admin access has been recorded. A super admin will review it.',
  },
  bookingConfirmed: {
    studentSubject: (subject, tutorName) => `Booking confirmed: ${subject} with ${tutorName}`,
    studentIntro: 'Your payment was received and your lesson is confirmed.',
    subjectLine: (subject) => `Subject: ${subject}`,
    paid: (amount) => `Paid: ${amount}`,
    tutorSubject: (subject, studentName) => `New booking: ${subject} with ${studentName}`,
    tutorIntro: (studentName) => `${studentName} booked and paid for a lesson.`,
  },
  kycApproved: {
    subject: 'You are verified: students can now book you',
    body: ['Your identity documents have been approved. Your profile now shows the Verified badge',
      'and students can book and pay for lessons with you.'],
    availability: (link) => `Make sure your weekly availability is up to date: ${link}`,
  },
  reminder: {
    startsIn: { '24h': '24 hours', '1h': '1 hour' },
    subject: (subject, otherName, startsIn) => `Reminder: ${subject} with ${otherName} in ${startsIn}`,
    intro: (subject, otherName, startsIn) => `Your ${subject} lesson with ${otherName} starts in ${startsIn}.`,
    join: (link) => `Join the class (it opens 15 minutes before the start): ${link}`,
  },
  lessonCompleted: {
    subject: (subject, tutorName) => `How was your lesson? ${subject} with ${tutorName}`,
    body: (subject, tutorName) => [`Your ${subject} lesson with ${tutorName} is complete. How was it?`,
      'We would love to hear how it went, and you can book your next lesson when you are ready.'],
  },
  cancelled: {
    subject: (subject, otherName) => `Cancelled: ${subject} with ${otherName}`,
    intro: (subject, otherName, time) => `Your ${subject} lesson with ${otherName} on ${time} has been cancelled.`,
    tutorNoShow: 'The tutor did not join, so the lesson was cancelled.',
    cancelledBy: (name) => `${name} cancelled it.`,
    cancelledByNobody: 'It was cancelled.',
    reason: (reason) => `Reason: ${reason}`,
    notPaid: 'Nothing was paid for it, so nothing is charged.',
    refunded: 'The student is refunded in full; the money reaches the original payment method within a few days.',
    notRefunded: 'It was cancelled inside the free-cancellation window, so it is not refunded and the tutor is paid.',
  },
  reschedule: {
    subject: (step, subject, otherName) => `${step}: ${subject} with ${otherName}`,
    proposed: { subject: 'New time proposed', lines: (other, from, to) => [`${other} would like to move your lesson.`, '', `Now: ${from}`, `Proposed: ${to}`, '', 'Accept or decline it in your bookings.'] },
    accepted: { subject: 'Lesson moved', lines: (_other, from, to) => ['Your lesson has a new time. Nothing more is charged.', '', `Was: ${from}`, `Now: ${to}`] },
    declined: { subject: 'New time declined', lines: (other, from, to) => [`${other} declined moving your lesson to ${to}. It stays at ${from}.`] },
    withdrawn: { subject: 'Proposal withdrawn', lines: (other, from, to) => [`${other} withdrew the proposal to move your lesson to ${to}. It stays at ${from}.`] },
  },
  refundProcessed: {
    subject: (amount) => `Refund processed: ${amount}`,
    body: (amount, reference) => [`Your refund of ${amount} has been processed (payment reference ${reference}).`,
      'It goes back to the card or M-Pesa account you paid with; your bank or M-Pesa may take a few days to show it.'],
  },
  courseEnrolled: {
    subject: (title) => `You're enrolled in ${title}`,
    intro: (title, tutorName) => `Your payment is confirmed and you're enrolled in "${title}" by ${tutorName}.`,
    open: (link) => `Open the course and start with the first lesson: ${link}`,
  },
  certificateIssued: {
    subject: (title) => `Your certificate: ${title}`,
    congratulations: (title, tutorName) => `Congratulations! You completed every lesson of "${title}" with ${tutorName}.`,
    link: (link) => `Your certificate (anyone can check it with this link): ${link}`,
    code: (code) => `Certificate code: ${code}`,
  },
};
