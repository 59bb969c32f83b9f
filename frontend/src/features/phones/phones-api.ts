/** Phones calls by route name (types only from the contracts); each mutation refreshes what it changes. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { phoneKeys } from './keys';

export const myPhoneQuery = () =>
  queryOptions({
    queryKey: phoneKeys.mine,
    queryFn: ({ signal }) => callApi('getMyPhone', { signal }),
  });

export function useRequestCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) => callApi('requestPhoneCode', { body: { phone } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneKeys.mine }),
  });
}

export function useConfirmCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi('confirmPhoneCode', { body: { code } }),
    // A wrong code changes the tries left too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: phoneKeys.mine }),
  });
}

export function useRemovePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('removeMyPhone', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: phoneKeys.mine }),
  });
}
