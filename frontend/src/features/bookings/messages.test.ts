import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../../../functions/bookings/messages';
import { bookingUiMessages, callbackMessages, listMessages, verifyPaymentToast } from './messages';

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

describe('Verify Payment toast', () => {
  it('titles the outcome the server found, never "Verified" over "still processing"', () => {
    expect(verifyPaymentToast({ status: 'success', paymentStatus: 'paid', message: paymentMessages.verified }))
      .toEqual({ kind: 'success', text: `Payment Verified: ${paymentMessages.verified}` });
    const pending = verifyPaymentToast({ status: 'pending', paymentStatus: 'pending', message: paymentMessages.pending });
    expect(pending).toEqual({ kind: 'info', text: `Payment Pending: ${paymentMessages.pending}` });
    expect(pending.text).not.toContain('Verified');
    const failed = verifyPaymentToast({ status: 'failed', paymentStatus: 'failed', message: paymentMessages.failed });
    expect(failed.kind).toBe('error');
    expect(failed.text).not.toContain('Payment Verified');
  });
});
