/**
 * Leaving for the payment provider's page: for a booking (features/bookings) or a course
 * enrolment (features/courses). Only an http(s) URL is followed.
 */
import type { InitializePaymentResponse } from '@functions/bookings/contract';
import { ApiError } from './api';
import { apiText } from './messages/text';

/** The "Payment Error" texts, in the active language (read when shown: toasts are no components). */
export const checkoutMessages = {
  get redirectFailed() {
    return apiText('payment.redirectFailed');
  },
  get failed() {
    return apiText('payment.failed');
  },
  error: (message: string) => apiText('payment.error', { message }),
};

/** The provider page to go to, or null when the reply has no usable http(s) URL. */
export function authorizationTarget(reply: Partial<InitializePaymentResponse> | undefined, base = 'http://localhost'): string | null {
  const raw = reply?.authorizationUrl;
  if (typeof raw !== 'string' || !raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export class PaymentRedirectError extends Error {
  constructor() {
    super('The payment reply had no authorization URL');
    this.name = 'PaymentRedirectError';
  }
}

/** Sends the browser to the provider's page; throws PaymentRedirectError when the reply names none. */
export function goToCheckout(reply: Partial<InitializePaymentResponse> | undefined): void {
  const target = authorizationTarget(reply, window.location.href);
  if (!target) throw new PaymentRedirectError();
  window.location.assign(target);
}

/** The toast for a failed start: the API's own reason (hold expired, already enrolled …) when it gave one. */
export function paymentStartError(error: unknown): string {
  if (error instanceof PaymentRedirectError) return checkoutMessages.redirectFailed;
  if (error instanceof ApiError && (error.fromServer || error.status === 0 || error.status === 401)) {
    return checkoutMessages.error(error.message);
  }
  return checkoutMessages.failed;
}
