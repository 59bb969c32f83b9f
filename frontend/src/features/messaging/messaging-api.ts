/** Messaging calls by route name (types only from the contracts); saving refreshes what it changed. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferencesRequest } from '@functions/messaging/contract';
import { callApi } from '../../shared/api';
import { messagingKeys } from './keys';

export const preferencesQuery = () =>
  queryOptions({
    queryKey: messagingKeys.preferences,
    queryFn: ({ signal }) => callApi('getNotificationPreferences', { signal }),
  });

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesRequest) => callApi('putNotificationPreferences', { body }),
    onSuccess: (answer) => queryClient.setQueryData(messagingKeys.preferences, answer),
  });
}
