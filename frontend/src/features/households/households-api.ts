/** Household calls by route name (types only from the contracts); each mutation refreshes the list it changes. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddLearnerRequest, LearnerDetails } from '@functions/households/contract';
import type { ApproveRequest } from '@functions/households/approval-contract';
import { callApi } from '../../shared/api';
import { householdKeys } from './keys';

/** The parent's consent records (one per child), shown on each child's card. */
export const consentsQuery = () =>
  queryOptions({
    queryKey: householdKeys.consents,
    queryFn: ({ signal }) => callApi('listConsents', { signal }),
  });

export const learnersQuery = () =>
  queryOptions({
    queryKey: householdKeys.learners,
    queryFn: ({ signal }) => callApi('listLearners', { signal }),
  });

function useLearnersChange<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.all }) });
}

export const useAddLearner = () => useLearnersChange((body: AddLearnerRequest) => callApi('addLearner', { body }));

export const useUpdateLearner = () =>
  useLearnersChange(({ learnerId, body }: { learnerId: string; body: LearnerDetails }) => callApi('updateLearner', { params: { learnerId }, body }));

/** The parent dashboard: every child's card and the month's spending, in one call. */
export const householdSummaryQuery = () =>
  queryOptions({
    queryKey: householdKeys.summary,
    queryFn: ({ signal }) => callApi('householdSummary', { signal }),
  });

export const useRemoveLearner = () => useLearnersChange((learnerId: string) => callApi('removeLearner', { params: { learnerId } }));

/** A pairing code for a child (replaces their previous one); the list shows no code, so nothing to refresh. */
export const useCreatePairingCode = () => useMutation({ mutationFn: (learnerId: string) => callApi('createPairingCode', { params: { learnerId } }) });

export const useUnlinkLearnerLogin = () => useLearnersChange((learnerId: string) => callApi('unlinkLearnerLogin', { params: { learnerId } }));

/** A student joins their family with the code: their profile (GET /api/me) now names the household. */
export function useJoinHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi('joinHousehold', { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The approval link page (public): who asks, until when; the token goes in the body, never the path. */
export const approvalViewQuery = (token: string) =>
  queryOptions({
    queryKey: [...householdKeys.all, 'approval', token] as const,
    queryFn: ({ signal }) => callApi('viewParentApproval', { body: { token }, signal }),
    retry: false,
  });

/** Approving makes the parent's household gain a child: every household view refreshes. */
export function useApproveChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveRequest) => callApi('approveParentApproval', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: householdKeys.all }),
  });
}

export const useDeclineChild = () => useMutation({ mutationFn: (token: string) => callApi('declineParentApproval', { body: { token } }) });

/** A waiting student asks for a new link (the server allows a few an hour: 429 beyond). */
export const useResendApproval = () => useMutation({ mutationFn: () => callApi('resendParentApproval', {}) });
