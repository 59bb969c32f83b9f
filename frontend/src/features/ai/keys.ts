/** Query keys of the study assistant's conversations; invalidate `all` after a message or a deletion. */
export const assistantKeys = {
  all: ['ai-conversations'] as const,
  list: ['ai-conversations', 'list'] as const,
  one: (conversationId: string) => ['ai-conversations', 'one', conversationId] as const,
};
