import { describe, expect, it } from 'vitest';
import { bookingUiMessages, callbackMessages, listMessages } from './messages';

describe('booking and payment texts (spec §8, §2)', () => {
  it('are the spec wording', () => {
    expect(bookingUiMessages.missingInformation).toBe('Missing Information: Please fill in all required fields');
    expect(bookingUiMessages.created).toBe('Booking Created - Your booking has been created successfully. Proceed with payment to confirm.');
    expect(bookingUiMessages.bookingFailed).toBe('Booking Error: Failed to create booking');
    expect(bookingUiMessages.paymentVerified('Payment verified. Your booking is confirmed.')).toBe('Payment Verified: Payment verified. Your booking is confirmed.');
    expect(bookingUiMessages.tutorNotVerified).toBe("This tutor is still completing identity verification and can't be booked yet.");
    expect(callbackMessages.failedText).toBe('Payment could not be verified');
    expect(listMessages.emptyTitle).toBe('No Bookings Found');
    expect(listMessages.tutorEmpty).toBe('No bookings yet.');
  });
});
