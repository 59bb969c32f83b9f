/**
 * Spec §8 "Booking and payment" texts as the SPA shows them: toast titles joined to the API's own
 * texts (functions/bookings/messages.ts, zod-free, so light pages can use them), plus the
 * screens' own wording.
 */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { bookingMessages, paymentMessages } from '../../../../functions/bookings/messages';
import { checkoutMessages } from '../../shared/checkout';

export const bookingUiMessages = {
  missingInformation: `Missing Information: ${bookingMessages.missingInformation}`,
  created: `Booking Created - ${bookingMessages.created}`,
  bookingError: (message: string) => `Booking Error: ${message}`,
  bookingFailed: `Booking Error: ${bookingMessages.failed}`,
  paymentRedirectFailed: checkoutMessages.redirectFailed,
  paymentFailed: checkoutMessages.failed,
  paymentError: checkoutMessages.error,
  paymentVerified: (message: string) => `Payment Verified: ${message}`,
  tutorNotVerified: bookingMessages.tutorNotVerified,
  startGone: 'That time has just been taken. Please choose another time.',
} as const;

/**
 * Verify Payment's toast: the title says what the server found, so "still processing" never
 * comes under "Payment Verified".
 */
export function verifyPaymentToast(result: { status: string; paymentStatus?: string; message: string }): {
  kind: 'success' | 'info' | 'error';
  text: string;
} {
  if (result.status === 'success' || result.paymentStatus === 'paid') return { kind: 'success', text: bookingUiMessages.paymentVerified(result.message) };
  if (result.status === 'pending') return { kind: 'info', text: `Payment Pending: ${result.message}` };
  return { kind: 'error', text: `Payment Not Verified: ${result.message}` };
}

export const callbackMessages = {
  verifying: 'Verifying your payment…',
  successTitle: 'Payment Successful!',
  successText: 'Your booking has been confirmed!',
  emailNote: 'A confirmation e-mail has been sent to you.',
  failedTitle: 'Payment Failed',
  failedText: paymentMessages.failed,
  stillProcessing: 'If money left your account, it may still be processing — check My Bookings in a few minutes.',
} as const;

export const listMessages = {
  emptyTitle: 'No Bookings Found',
  empty: "You don't have any bookings yet. Find a tutor and book your first session.",
  loadError: 'Could not load your bookings.',
  noUpcoming: 'No upcoming classes',
  noUpcomingText: 'Booked and paid sessions show here.',
  tutorEmpty: 'No bookings yet.',
} as const;
