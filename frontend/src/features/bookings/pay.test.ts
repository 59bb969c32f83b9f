import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { checkoutMessages } from '../../shared/checkout';
import { authorizationTarget, paymentStartError, PaymentRedirectError } from './pay';

describe('starting a payment', () => {
  it('goes only to an http(s) authorization URL', () => {
    expect(authorizationTarget({ authorizationUrl: 'https://checkout.paystack.com/abc', reference: 'R' })).toBe('https://checkout.paystack.com/abc');
    expect(authorizationTarget({ authorizationUrl: 'http://localhost:4192/checkout/x', reference: 'R' })).toBe('http://localhost:4192/checkout/x');
    expect(authorizationTarget({ authorizationUrl: 'javascript:alert(1)', reference: 'R' })).toBeNull();
    expect(authorizationTarget({ authorizationUrl: '', reference: 'R' })).toBeNull();
    expect(authorizationTarget(undefined)).toBeNull();
  });

  it('explains a failure with the spec texts, or the API\'s own reason', () => {
    expect(paymentStartError(new PaymentRedirectError())).toBe('Payment Error: Unable to redirect to payment page. Please try again.');
    const expired = new ApiError(422, 'hold_expired', 'This booking was not paid in time and its time has been released. Please book again.', true);
    expect(paymentStartError(expired)).toBe(`Payment Error: ${expired.message}`);
    expect(paymentStartError(new ApiError(502, 'http_error', 'Request failed (HTTP 502)'))).toBe(checkoutMessages.failed);
    expect(paymentStartError(new TypeError('boom'))).toBe('Payment Error: Failed to initiate payment');
  });
});
