/**
 * Conversation calls by route name (types only from the contracts), the inbox poll and the
 * mutations. Everything the page shows hangs off one object, the inbox state ({ version, unread }):
 * when its version moves, the list and the open thread are read again. The state arrives pushed
 * over the WebSocket (inbox-socket.ts) through `applyInboxState`, or, while the socket is not
 * open, by polling GET /api/me/inbox with If-None-Match.
 */
import { infiniteQueryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { InboxState, SendMessageRequest, StartConversationRequest } from '@functions/conversations/contract';
import { callApi, callApiIfChanged } from '../../shared/api';
import { useInboxSocket } from './inbox-socket';
import { conversationKeys } from './keys';

/** How often a visible page asks whether anything changed: often on the conversations page, rarely elsewhere (the header's count). */
export const POLL_ON_PAGE_MS = 3_000;
export const POLL_ELSEWHERE_MS = 30_000;

let lastEtag: string | undefined;

/** A new inbox state (polled or pushed): when it moved, the list and threads are read again. */
export function applyInboxState(queryClient: QueryClient, state: InboxState): void {
  const before = queryClient.getQueryData<InboxState>(conversationKeys.inbox);
  queryClient.setQueryData(conversationKeys.inbox, state);
  // Nothing known before (the first poll failed, e.g. behind a proxy): read again to be sure.
  refreshOnChange(queryClient, before ?? { version: -1, unread: 0 }, state);
}

function refreshOnChange(queryClient: QueryClient, before: InboxState | undefined, after: InboxState): void {
  if (!before || before.version === after.version) return;
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
  void queryClient.invalidateQueries({ queryKey: conversationKeys.threads });
}

/**
 * The caller's inbox state: pushed over the socket while it is open, else polled every
 * `intervalMs` while the tab is visible (null: neither, e.g. signed out).
 */
export function useInboxState(intervalMs: number | null) {
  const queryClient = useQueryClient();
  const onPushed = useCallback((state: InboxState) => applyInboxState(queryClient, state), [queryClient]);
  const live = useInboxSocket(intervalMs !== null, onPushed);
  // (Re)connected: one conditional read catches up with anything stored while the socket was closed.
  useEffect(() => {
    if (live) void queryClient.invalidateQueries({ queryKey: conversationKeys.inbox });
  }, [live, queryClient]);
  return useQuery({
    queryKey: conversationKeys.inbox,
    enabled: intervalMs !== null,
    refetchInterval: live ? false : (intervalMs ?? false),
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
    mutationFn: (body: SendMessageRequest) => callApi('sendConversationMessage', { params: { conversationId }, body }),
    // Not awaited: the message is stored once the POST answers, so Send is done; a slow or failing
    // inbox read (retried, shown by the page) must not keep the composer busy.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
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
