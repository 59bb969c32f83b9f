/**
 * Spec §8 "Booking and payment" texts the SPA shows. The API's own texts live in
 * functions/bookings/contract.ts, which builds zod schemas at module level: the light pages
 * (callback, my bookings, dashboards) use these copies instead, and a unit test keeps every
 * copy equal to the contract's text.
 */

export const bookingUiMessages = {
  missingInformation: 'Missing Information: Please fill in all required fields',
  created: 'Booking Created - Your booking has been created successfully. Proceed with payment to confirm.',
  bookingError: (message: string) => `Booking Error: ${message}`,
  bookingFailed: 'Booking Error: Failed to create booking',
  paymentRedirectFailed: 'Payment Error: Unable to redirect to payment page. Please try again.',
  paymentFailed: 'Payment Error: Failed to initiate payment',
  paymentError: (message: string) => `Payment Error: ${message}`,
  paymentVerified: (message: string) => `Payment Verified: ${message}`,
  /** = bookingMessages.tutorNotVerified */
  tutorNotVerified: "This tutor is still completing identity verification and can't be booked yet.",
  startGone: 'That time has just been taken. Please choose another time.',
} as const;

export const callbackMessages = {
  verifying: 'Verifying your payment…',
  successTitle: 'Payment Successful!',
  successText: 'Your booking has been confirmed!',
  emailNote: 'A confirmation e-mail has been sent to you.',
  failedTitle: 'Payment Failed',
  /** = paymentMessages.failed */
  failedText: 'Payment could not be verified',
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
