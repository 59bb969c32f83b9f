/**
 * Starting a payment (spec §4 booking flow): initialize, then send the browser to the provider's
 * authorization page. Used by the booking form and by "Pay now" in My Bookings.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InitializePaymentResponse } from '@functions/bookings/contract';
import { ApiError, callApi } from '../../shared/api';
import { bookingKeys } from './keys';
import { bookingUiMessages } from './messages';

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

/** The toast for a failed start: the API's own reason (hold expired, already paid …) when it gave one. */
export function paymentStartError(error: unknown): string {
  if (error instanceof PaymentRedirectError) return bookingUiMessages.paymentRedirectFailed;
  if (error instanceof ApiError && (error.fromServer || error.status === 0 || error.status === 401)) {
    return bookingUiMessages.paymentError(error.message);
  }
  return bookingUiMessages.paymentFailed;
}

export class PaymentRedirectError extends Error {
  constructor() {
    super('The payment reply had no authorization URL');
    this.name = 'PaymentRedirectError';
  }
}

/** Initializes and leaves the page. Rejects (see paymentStartError) when that can't happen. */
export async function startPayment(bookingId: string): Promise<void> {
  const reply = await callApi('initializePayment', { body: { bookingId } });
  const target = authorizationTarget(reply, window.location.href);
  if (!target) throw new PaymentRedirectError();
  window.location.assign(target);
}

/**
 * startPayment as a mutation. A refusal (hold expired, already paid …) means the list shows a
 * stale booking, so the booking lists are read again then; on success the page is leaving.
 */
export function useStartPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startPayment,
    onError: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
