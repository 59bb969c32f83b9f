/**
 * The study assistant's calls by route name (types only from the contracts): the student's
 * conversations, sending a message (the reply is saved with it, so the conversation is refreshed
 * from the answer), and deleting a conversation.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatRequest, Conversation } from '@functions/ai/contract';
import { callApi } from '../../shared/api';
import { activeLanguage } from '../../shared/i18n/language';
import { useActiveLearner } from '../households';
import { assistantKeys } from './keys';

export const conversationsQuery = () =>
  queryOptions({
    queryKey: assistantKeys.list,
    queryFn: ({ signal }) => callApi('listConversations', { signal }),
    select: (data) => data.conversations,
  });

export const conversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: assistantKeys.one(conversationId),
    queryFn: ({ signal }) => callApi('getConversation', { params: { conversationId }, signal }),
  });

/** The input as the page holds it (the server applies the defaults). */
export type ChatInput = Pick<ChatRequest, 'type' | 'subject' | 'difficulty' | 'prompt' | 'conversationId'>;

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  const { learnerId } = useActiveLearner();
  return useMutation({
    // The assistant answers in the language the student reads; for a parent, at the grade of the child they act for.
    mutationFn: (body: ChatInput) => callApi('sendChatMessage', { body: { ...body, language: activeLanguage(), ...(learnerId ? { learnerId } : {}) } }),
    onSuccess: ({ conversation, sent, reply }) => {
      // The exchange as saved joins the conversation on screen without another read.
      queryClient.setQueryData<Conversation>(assistantKeys.one(conversation.id), (current) => ({
        ...conversation, messages: [...(current?.messages ?? []), sent, reply],
      }));
      void queryClient.invalidateQueries({ queryKey: assistantKeys.list });
    },
  });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => callApi('deleteConversation', { params: { conversationId } }),
    onSettled: (_result, _error, conversationId) => {
      queryClient.removeQueries({ queryKey: assistantKeys.one(conversationId) });
      return queryClient.invalidateQueries({ queryKey: assistantKeys.list });
    },
  });
}
