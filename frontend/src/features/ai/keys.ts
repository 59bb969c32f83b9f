/**
 * Query keys of the study assistant's conversations (the viewer's own, or a parent's chosen
 * child's: `scope`); invalidate `all` after a message or a deletion.
 */
export const assistantKeys = {
  all: ['ai-conversations'] as const,
  list: (scope: string) => ['ai-conversations', scope, 'list'] as const,
  one: (scope: string, conversationId: string) => ['ai-conversations', scope, 'one', conversationId] as const,
};
