/**
 * Dispute calls by route name (types only from the contracts) and the mutations, each
 * invalidating the reports they change.
 */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DecideDisputeRequest, ReportProblemRequest } from '@functions/disputes/contract';
import { callApi } from '../../shared/api';
import { disputeKeys } from './keys';

export const OPEN_DISPUTES_PAGE_SIZE = 10;

export const myDisputesQuery = () =>
  queryOptions({
    queryKey: disputeKeys.mine,
    queryFn: ({ signal }) => callApi('listMyDisputes', { signal }),
    select: (data) => data.disputes,
  });

export const openDisputesQuery = () =>
  infiniteQueryOptions({
    queryKey: disputeKeys.open,
    queryFn: ({ pageParam, signal }) =>
      callApi('listOpenDisputes', { query: { limit: OPEN_DISPUTES_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: ReportProblemRequest }) => callApi('reportProblem', { params: { bookingId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
  });
}

export function useDecideDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, body }: { bookingId: string; body: DecideDisputeRequest }) => callApi('decideDispute', { params: { bookingId }, body }),
    // Settled either way: a refused decision may mean another admin decided it meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: disputeKeys.all }),
  });
}
