/** Progress calls by route name (types only from the contracts: no zod on the pages using them). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveGameRequest } from '@functions/progress/contract';
import { callApi } from '../../shared/api';
import { progressKeys } from './keys';

export const myProgressQuery = () =>
  queryOptions({
    queryKey: progressKeys.mine,
    queryFn: ({ signal }) => callApi('getMyProgress', { signal }),
  });

/** Saves a finished game (idempotent per gameId, so Retry is safe); the dashboard's figures change. */
export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGameRequest) => callApi('saveGame', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKeys.all }),
  });
}
