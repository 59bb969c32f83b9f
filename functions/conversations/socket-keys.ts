/**
 * Open WebSocket connections in the single table (docs/data-model.md "Conversations"). Pure.
 *   connection  pk SOCKETS#{ownerId}  sk CONN#{connectionId}   one per open socket, gone by TTL a few hours on
 * Stored under the inbox owner (a tutor, an adult student, or the household a parent pays for),
 * the same owner a conversation's side names: a push to a side is one Query, and reaches every
 * person who reads that side (a parent and their linked learners).
 */
import * as z from 'zod';

/** API Gateway closes a WebSocket after 2 hours at most; the item outlives it a little, then goes by TTL. */
export const CONNECTION_TTL_SECONDS = 3 * 3600;

export const socketsPartition = (ownerId: string) => `SOCKETS#${ownerId}`;
export const connectionKey = (ownerId: string, connectionId: string) => ({ pk: socketsPartition(ownerId), sk: `CONN#${connectionId}` });

export const ConnectionItem = z.object({ connectionId: z.string(), userId: z.string(), connectedAt: z.string() });
export type ConnectionItem = z.infer<typeof ConnectionItem>;

export function connectionItem(ownerId: string, c: ConnectionItem, nowSeconds: number): Record<string, unknown> {
  return { ...connectionKey(ownerId, c.connectionId), entity: 'SocketConnection', ...c, expiresAt: nowSeconds + CONNECTION_TTL_SECONDS };
}

/** What a socket receives when something its reader's page shows changed: their inbox state (the same object GET /api/me/inbox answers). */
export const InboxFrame = z.object({ type: z.literal('inbox'), version: z.number().int(), unread: z.number().int(), conversationId: z.string() });
export type InboxFrame = z.infer<typeof InboxFrame>;
