/** Privacy calls by route name (types only from the contracts); each mutation refreshes what it changes. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@functions/privacy/contract';
import { callApi } from '../../shared/api';
import { householdKeys } from '../households';
import { privacyKeys } from './keys';

/** While the job runs, the page asks again every few seconds, so "Ready" appears without a reload. */
const POLL_MS = 3000;

export const exportQuery = () =>
  queryOptions({
    queryKey: privacyKeys.export,
    queryFn: ({ signal }) => callApi('getDataExport', { signal }),
    refetchInterval: (query) => (query.state.data?.export?.status === 'running' ? POLL_MS : false),
  });

export const learnersQuery = () =>
  queryOptions({
    queryKey: privacyKeys.learners,
    queryFn: ({ signal }) => callApi('listLearners', { signal }),
  });

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('requestDataExport', {}),
    onSuccess: (status) => queryClient.setQueryData(privacyKeys.export, status),
  });
}

export function useDeleteLearnerData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (learnerId: string) => callApi('deleteLearnerData', { body: { learnerId } }),
    // The job removes the child within moments: the lists show it gone once it has.
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: privacyKeys.learners }),
      queryClient.invalidateQueries({ queryKey: householdKeys.all }),
    ]),
  });
}

export const useDeleteAccount = () => useMutation({ mutationFn: (body: DeleteAccountRequest) => callApi('deleteMyAccount', { body }) });
