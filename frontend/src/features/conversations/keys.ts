/** Query keys of conversations: the inbox state (polled), the list, and each thread. */
export const conversationKeys = {
  all: ['conversations'] as const,
  inbox: ['conversations', 'inbox'] as const,
  list: ['conversations', 'list'] as const,
  threads: ['conversations', 'thread'] as const,
  thread: (conversationId: string) => ['conversations', 'thread', conversationId] as const,
};
