import { describe, expect, it } from 'vitest';
import { bookingMessages, paymentMessages } from '../../../../functions/bookings/contract';
import { bookingUiMessages, callbackMessages } from './messages';

describe('booking texts stay the API\'s (spec §8)', () => {
  it('copies the contract texts exactly', () => {
    expect(bookingUiMessages.tutorNotVerified).toBe(bookingMessages.tutorNotVerified);
    expect(bookingUiMessages.missingInformation).toBe(`Missing Information: ${bookingMessages.missingInformation}`);
    expect(bookingUiMessages.created).toBe(`Booking Created - ${bookingMessages.created}`);
    expect(bookingUiMessages.bookingFailed).toBe(`Booking Error: ${bookingMessages.failed}`);
    expect(callbackMessages.failedText).toBe(paymentMessages.failed);
  });
});
