/**
 * Conversation calls by route name (types only from the contracts), the inbox poll and the
 * mutations. Everything the page shows hangs off one object, the inbox state ({ version, unread }):
 * when its version moves, the list and the open thread are read again. Today the state arrives
 * by polling GET /api/me/inbox with If-None-Match; a pushed copy of the same object (a WebSocket)
 * would go through `applyInboxState` and change nothing else here.
 */
import { infiniteQueryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InboxState, StartConversationRequest } from '@functions/conversations/contract';
import { callApi, callApiIfChanged } from '../../shared/api';
import { conversationKeys } from './keys';

/** How often a visible page asks whether anything changed: often on the conversations page, rarely elsewhere (the header's count). */
export const POLL_ON_PAGE_MS = 3_000;
export const POLL_ELSEWHERE_MS = 30_000;

let lastEtag: string | undefined;

/** A new inbox state (polled or pushed): when it moved, the list and threads are read again. */
export function applyInboxState(queryClient: QueryClient, state: InboxState): void {
  const before = queryClient.getQueryData<InboxState>(conversationKeys.inbox);
  queryClient.setQueryData(conversationKeys.inbox, state);
  refreshOnChange(queryClient, before, state);
}

function refreshOnChange(queryClient: QueryClient, before: InboxState | undefined, after: InboxState): void {
  if (!before || before.version === after.version) return;
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
  void queryClient.invalidateQueries({ queryKey: conversationKeys.threads });
}

/** The caller's inbox state, polled every `intervalMs` while the tab is visible (null: not polled, e.g. signed out). */
export function useInboxState(intervalMs: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: conversationKeys.inbox,
    enabled: intervalMs !== null,
    refetchInterval: intervalMs ?? false,
    queryFn: async ({ signal }) => {
      const known = queryClient.getQueryData<InboxState>(conversationKeys.inbox);
      const answer = await callApiIfChanged('getInbox', known ? lastEtag : undefined, { signal });
      if (!answer) return known!;
      lastEtag = answer.etag;
      refreshOnChange(queryClient, known, answer.body);
      return answer.body;
    },
  });
}

export const LIST_PAGE_SIZE = 20;
export const THREAD_PAGE_SIZE = 30;

export const conversationsQuery = () =>
  infiniteQueryOptions({
    queryKey: conversationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      callApi('listInboxConversations', { query: { limit: LIST_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

/** The thread read backwards: the first page is the newest, each next page the one before. */
export const threadQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.thread(conversationId),
    queryFn: ({ pageParam, signal }) =>
      callApi('getConversationThread', { params: { conversationId }, query: { limit: THREAD_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.olderCursor || undefined,
  });

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationRequest) => callApi('startConversation', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.list }),
  });
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; text: string }) => callApi('sendConversationMessage', { params: { conversationId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('markConversationRead', { params: { conversationId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.inbox });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
  });
}

export function useBlock(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => callApi('blockConversation', { params: { conversationId }, body: { blocked } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useReport(conversationId: string) {
  return useMutation({
    mutationFn: (reason: string) => callApi('reportConversation', { params: { conversationId }, body: { reason } }),
  });
}

/** A message's client id: made once per typed message and kept until it is stored, so a retry stores it once. */
export const newClientId = () => crypto.randomUUID().replaceAll('-', '');
