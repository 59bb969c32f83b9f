/**
 * The "Booking and payment" texts as the SPA shows them, in the active language:
 * each takes its page's message lookup. The English catalogs spell out the spec's toast titles
 * joined to the API's own texts (functions/bookings/messages.ts); messages.test.ts keeps the two
 * the same. The payment start's own texts are shared/checkout.ts's (courses show them too).
 */
import type { BookText } from './book-text';
import type { CallbackText } from './callback-text';
import type { MyBookingsText } from './mine-text';
import type { BookingsText } from './text';

export const bookingUiMessages = (t: BookText) => ({
  missingInformation: t('toast.missingInformation'),
  bookingError: (message: string) => t('toast.error', { message }),
  bookingFailed: t('toast.failed'),
  tutorNotVerified: t('tutorNotVerified'),
  startGone: t('startGone'),
});

/**
 * Verify Payment's toast: the title says what the server found, so "still processing" never
 * comes under "Payment Verified". `message` is the server's, already in the reader's language.
 */
export function verifyPaymentToast(
  result: { status: string; paymentStatus?: string; message: string },
  t: MyBookingsText,
): { kind: 'success' | 'info' | 'error'; text: string } {
  const { message } = result;
  if (result.status === 'success' || result.paymentStatus === 'paid') return { kind: 'success', text: t('verified', { message }) };
  if (result.status === 'pending') return { kind: 'info', text: t('verifyPending', { message }) };
  return { kind: 'error', text: t('notVerified', { message }) };
}

export const callbackMessages = (t: CallbackText) => ({
  verifying: t('verifying'),
  successTitle: t('successTitle'),
  successText: t('successText'),
  emailNote: t('emailNote'),
  failedTitle: t('failedTitle'),
  failedText: t('failedText'),
  stillProcessing: t('stillProcessing'),
});

export const listMessages = (t: BookingsText) => ({
  emptyTitle: t('list.emptyTitle'),
  empty: t('list.empty'),
  loadError: t('list.loadError'),
  noUpcoming: t('list.noUpcoming'),
  noUpcomingText: t('list.noUpcomingText'),
  tutorEmpty: t('list.tutorEmpty'),
});
