/** Progress calls by route name (types only from the contracts: no zod on the pages using them). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveGameRequest } from '@functions/progress/contract';
import { callApi } from '../../shared/api';
import { scopeKey } from '../households';
import { progressKeys } from './keys';

/** The viewer's figures, or (a parent) the chosen child's. */
export const myProgressQuery = (learnerId?: string) =>
  queryOptions({
    queryKey: progressKeys.mine(scopeKey(learnerId)),
    queryFn: ({ signal }) => callApi('getMyProgress', { query: { learnerId }, signal }),
  });

/** Saves a finished game (idempotent per gameId, so Retry is safe); the dashboard's figures change. */
export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGameRequest) => callApi('saveGame', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressKeys.all }),
  });
}
