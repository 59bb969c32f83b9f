/** Payout details calls by route name; saving invalidates the details it changed. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPayoutDetailsRequest } from '@functions/payouts/recipient-contract';
import { callApi } from '../../shared/api';
import { payoutKeys } from './keys';

export const myPayoutDetailsQuery = () =>
  queryOptions({ queryKey: payoutKeys.details, queryFn: ({ signal }) => callApi('getMyPayoutDetails', { signal }) });

/** Paystack's Kenyan banks; the server caches them an hour, so the page does too. */
export const payoutBanksQuery = () =>
  queryOptions({ queryKey: payoutKeys.banks, queryFn: ({ signal }) => callApi('listPayoutBanks', { signal }), staleTime: 60 * 60 * 1000 });

export function useSetPayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPayoutDetailsRequest) => callApi('setMyPayoutDetails', { body }),
    onSuccess: (details) => queryClient.setQueryData(payoutKeys.details, { details }),
  });
}
