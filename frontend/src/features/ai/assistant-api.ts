/**
 * The study assistant's calls by route name (types only from the contracts): the student's
 * conversations, sending a message (the reply is saved with it, so the conversation is refreshed
 * from the answer), and deleting a conversation. A parent's chosen child (`learnerId`) has
 * conversations of their own.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatRequest, Conversation } from '@functions/ai/contract';
import { callApi } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';
import { scopeKey } from '../households';
import { assistantKeys } from './keys';

export const conversationsQuery = (learnerId?: string) =>
  queryOptions({
    queryKey: assistantKeys.list(scopeKey(learnerId)),
    queryFn: ({ signal }) => callApi('listConversations', { query: { learnerId }, signal }),
    select: (data) => data.conversations,
  });

export const conversationQuery = (conversationId: string, learnerId?: string) =>
  queryOptions({
    queryKey: assistantKeys.one(scopeKey(learnerId), conversationId),
    queryFn: ({ signal }) => callApi('getConversation', { params: { conversationId }, query: { learnerId }, signal }),
  });

/** The input as the page holds it (the server applies the defaults). */
export type ChatInput = Pick<ChatRequest, 'type' | 'subject' | 'difficulty' | 'prompt' | 'conversationId'>;

export function useSendChatMessage(learnerId?: string) {
  const queryClient = useQueryClient();
  const scope = scopeKey(learnerId);
  return useMutation({
    // The assistant answers in the language the student reads.
    mutationFn: (body: ChatInput) =>
      callApi('sendChatMessage', { body: { ...body, language: activeLanguage(), ...(learnerId ? { learnerId } : {}) } }),
    onSuccess: ({ conversation, sent, reply }) => {
      // The exchange as saved joins the conversation on screen without another read.
      queryClient.setQueryData<Conversation>(assistantKeys.one(scope, conversation.id), (current) => ({
        ...conversation, messages: [...(current?.messages ?? []), sent, reply],
      }));
      void queryClient.invalidateQueries({ queryKey: assistantKeys.list(scope) });
    },
  });
}

export function useDeleteConversation(learnerId?: string) {
  const queryClient = useQueryClient();
  const scope = scopeKey(learnerId);
  return useMutation({
    mutationFn: (conversationId: string) => callApi('deleteConversation', { params: { conversationId }, query: { learnerId } }),
    onSettled: (_result, _error, conversationId) => {
      queryClient.removeQueries({ queryKey: assistantKeys.one(scope, conversationId) });
      return queryClient.invalidateQueries({ queryKey: assistantKeys.list(scope) });
    },
  });
}
