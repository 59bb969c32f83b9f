/**
 * Starting a payment: initialize, then send the browser to the provider's
 * authorization page. Used by the booking form and by "Pay now" in My Bookings.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { goToCheckout } from '../../shared/checkout';
import { bookingKeys } from './keys';

export { authorizationTarget, paymentStartError, PaymentRedirectError } from '../../shared/checkout';

/** Initializes and leaves the page. Rejects (see paymentStartError) when that can't happen. */
export async function startPayment(bookingId: string): Promise<void> {
  goToCheckout(await callApi('initializePayment', { body: { bookingId } }));
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
