/** Payout details calls by route name; saving updates the details and refreshes what depends on them. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetPayoutDetailsRequest } from '@functions/payouts/recipient-contract';
import { callApi } from '../../shared/api';
import { payoutKeys as ledgerPayoutKeys } from '../ledger';
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
    onSuccess: async (details) => {
      queryClient.setQueryData(payoutKeys.details, { details });
      // The tutor's payouts say whether Withdraw is possible, and missing details block it.
      await queryClient.invalidateQueries({ queryKey: ledgerPayoutKeys.mine });
    },
  });
}
