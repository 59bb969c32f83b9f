/**
 * The conversations WebSocket's connections: $connect stores the connection under the caller's
 * inbox owner (whose page a push updates), $disconnect removes it; $default takes the browser's
 * keep-alive pings and answers nothing (API Gateway closes a socket idle for 10 minutes).
 */
import { parseGroupsClaim, resolveRole } from '../auth/roles.js';
import type { AuthUser } from '../shared/http.js';
import { inboxOwnerOf } from './service.js';
import * as sockets from './socket-repository.js';

/** The part of an API Gateway WebSocket event these handlers read; `authorizer` is the authoriser's context. */
export interface SocketEvent {
  requestContext: { connectionId: string; routeKey: string; authorizer?: { userId?: unknown; groups?: unknown } };
  body?: string;
}

export interface SocketResult { statusCode: number; body?: string }

function userOf(event: SocketEvent): AuthUser | null {
  const { userId, groups } = event.requestContext.authorizer ?? {};
  if (typeof userId !== 'string' || !userId) return null;
  const list = parseGroupsClaim(typeof groups === 'string' && groups ? `[${groups}]` : undefined);
  return { id: userId, groups: list, role: resolveRole(list) };
}

export async function connect(event: SocketEvent, now = new Date()): Promise<SocketResult> {
  const user = userOf(event);
  if (!user) return { statusCode: 401 };
  await sockets.putConnection(await inboxOwnerOf(user), { connectionId: event.requestContext.connectionId, userId: user.id, connectedAt: now.toISOString() }, now);
  return { statusCode: 200 };
}

export async function disconnect(event: SocketEvent): Promise<SocketResult> {
  const user = userOf(event);
  // Left to its TTL when the context is missing; a push to it meets 410 and drops it first.
  if (user) await sockets.deleteConnection(await inboxOwnerOf(user), event.requestContext.connectionId);
  return { statusCode: 200 };
}
