/** Booking and payment texts; zod-free so light pages can show them. */
import { hourlyRateRange } from '../tutors/catalog.js';

export const bookingMessages = {
  missingInformation: 'Please fill in all required fields',
  created: 'Your booking has been created successfully. Proceed with payment to confirm.',
  failed: 'Failed to create booking',
  tutorNotVerified: "This tutor is still completing identity verification and can't be booked yet.",
  tutorSuspended: 'This tutor is not taking bookings at the moment.',
  payerSuspended: 'Your account is suspended, so you cannot book lessons. Please contact support.',
  slotUnavailable: 'This time is not available. Please choose another time.',
  slotTaken: 'Sorry, this time was just booked by someone else. Please choose another time.',
  ownHold: 'You are already holding this time with an unpaid booking. Pay for it in My Bookings to confirm it.',
  alreadyBooked: 'You already have a lesson with this tutor at this time.',
  subjectNotOffered: "This tutor doesn't teach that subject. Please choose one of the tutor's subjects.",
  holdExpired: 'This booking was not paid in time and its time has been released. Please book again.',
  alreadyPaid: 'This booking is already paid.',
  notFound: 'Booking not found',
  notYours: 'You are not authorized to access this booking',
  rateOutOfRange: `This tutor's hourly rate is outside ${hourlyRateRange}, so they can't be booked until they update it.`,
  noTrial: "This tutor doesn't offer a trial lesson.",
  trialUsed: 'This learner has already had a trial lesson with this tutor. Book a regular lesson instead.',
  tooSoon: (hours: number) => `This tutor needs at least ${hours} ${hours === 1 ? "hour's" : "hours'"} notice. Please choose a later time.`,
} as const;

export const paymentMessages = {
  verified: 'Payment verified. Your booking is confirmed.',
  failed: 'Payment could not be verified',
  pending: 'Payment is still processing. Please check again in a moment.',
  amountMismatch: 'The amount paid does not match the price. Our team will contact you.',
  unknownReference: 'Payment not found',
  /** "Payment Error / Failed to initiate payment". */
  initializeFailed: 'Failed to initiate payment. Please try again.',
  amountNotPayable: 'This booking has no payable amount. Please book the lesson again.',
  /** 409 from initialize: a cancelled booking is never charged. */
  bookingCancelled: 'This booking was cancelled, so it can no longer be paid. Please book again.',
  /** A course payment verified: the enrolment exists. */
  enrolled: 'Payment verified. You are enrolled in the course.',
  /** M-Pesa prompt (payments/mpesa-prompt.ts). */
  phoneInvalid: 'Enter a Safaricom M-Pesa number, e.g. 0712 345 678',
  promptSent: 'Check your phone and enter your M-Pesa PIN.',
  promptFailed: 'The M-Pesa prompt could not be sent. Please try again.',
  paybillWaiting: 'Pay with M-Pesa Pay Bill using the business number and account number shown.',
  paybillFailed: 'Paybill details could not be created. Please try again, or pay by card.',
} as const;

/** Moving a paid lesson to another time, in the tone of the texts above. */
export const rescheduleMessages = {
  notMovable: 'Only paid, upcoming lessons can be rescheduled.',
  started: 'This lesson has already started and can no longer be rescheduled.',
  insideWindow: (hours: number) => `Lessons can be rescheduled up to ${hours} hours before they start. Please contact your tutor.`,
  sameTime: 'Please choose a different time from the current one.',
  otherPartyProposed: 'There is already a proposal to move this lesson. Accept or decline it first.',
  noProposal: 'There is no proposal to move this lesson.',
  ownProposal: 'You proposed this time. The other party needs to accept it.',
  notProposer: 'Only the person who proposed the new time can withdraw it.',
  proposedTimePassed: 'The proposed time has passed. Please propose another time.',
} as const;
