import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages, paymentMessages } from '@functions/bookings/messages';
import { lookupOf as lookup } from '../../shared/i18n/lookup';
import { useBookText } from './book-text';
import { useCallbackText } from './callback-text';
import { bookingUiMessages, callbackMessages, listMessages, verifyPaymentToast } from './messages';
import { useMyBookingsText } from './mine-text';
import { useBookingsText } from './text';

beforeAll(() => i18n.activate('en'));

describe('booking and payment texts', () => {
  it('are the spec wording', () => {
    const ui = bookingUiMessages(lookup(useBookText));
    expect(ui.missingInformation).toBe(`Missing Information: ${bookingMessages.missingInformation}`);
    expect(ui.missingInformation).toBe('Missing Information: Please fill in all required fields');
    expect(ui.bookingFailed).toBe(`Booking Error: ${bookingMessages.failed}`);
    expect(ui.bookingError('Slot taken')).toBe('Booking Error: Slot taken');
    expect(ui.tutorNotVerified).toBe(bookingMessages.tutorNotVerified);
    expect(callbackMessages(lookup(useCallbackText)).failedText).toBe(paymentMessages.failed);
    const list = listMessages(lookup(useBookingsText));
    expect(list.emptyTitle).toBe('No Bookings Found');
    expect(list.tutorEmpty).toBe('No bookings yet.');
  });
});

describe('Verify Payment toast', () => {
  const t = lookup(useMyBookingsText);
  it('titles the outcome the server found, never "Verified" over "still processing"', () => {
    expect(verifyPaymentToast({ status: 'success', paymentStatus: 'paid', message: paymentMessages.verified }, t))
      .toEqual({ kind: 'success', text: `Payment Verified: ${paymentMessages.verified}` });
    const pending = verifyPaymentToast({ status: 'pending', paymentStatus: 'pending', message: paymentMessages.pending }, t);
    expect(pending).toEqual({ kind: 'info', text: `Payment Pending: ${paymentMessages.pending}` });
    expect(pending.text).not.toContain('Verified');
    const failed = verifyPaymentToast({ status: 'failed', paymentStatus: 'failed', message: paymentMessages.failed }, t);
    expect(failed.kind).toBe('error');
    expect(failed.text).not.toContain('Payment Verified');
  });
});
