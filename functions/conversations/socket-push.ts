/**
 * The real-time half of conversations (docs/decisions/2026-11-28-conversations-polling-now-websocket-next.md):
 * after a change is stored, each party's open WebSockets get that party's new inbox state through
 * API Gateway's management API (PostToConnection); a connection API Gateway no longer knows (410
 * Gone) is dropped. A push that fails costs nothing but latency: the page falls back to polling
 * the same inbox state, so nothing is lost and, the message being stored first, nothing doubles.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { logger } from '../shared/logger.js';
import { traceClient } from '../shared/tracer.js';
import type { InboxFrame } from './socket-keys.js';
import * as repository from './repository.js';
import * as sockets from './socket-repository.js';

/**
 * The management endpoint, https://{apiId}.execute-api.{region}.amazonaws.com/{stage} on AWS
 * (set only on the functions holding the conversations:push grant), the local gateway's locally.
 */
export const SOCKET_ENDPOINT_ENV = 'CONVERSATIONS_SOCKET_ENDPOINT';

let client: ApiGatewayManagementApiClient | undefined;
let clientEndpoint: string | undefined;

function management(endpoint: string): ApiGatewayManagementApiClient {
  if (!client || clientEndpoint !== endpoint) {
    client = traceClient(new ApiGatewayManagementApiClient({ endpoint }));
    clientEndpoint = endpoint;
  }
  return client;
}

const isGone = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'GoneException' || e.$metadata?.httpStatusCode === 410;
};

/** Sends `frame` to the owner's open `connections`; drops the ones that are gone. */
async function postTo(ownerId: string, connections: ReadonlyArray<{ connectionId: string }>, frame: InboxFrame, endpoint: string): Promise<void> {
  const data = new TextEncoder().encode(JSON.stringify(frame));
  await Promise.all(connections.map(async ({ connectionId }) => {
    try {
      await management(endpoint).send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
    } catch (error) {
      if (isGone(error)) await sockets.deleteConnection(ownerId, connectionId);
      else logger.warn('push to a connection failed', { connectionId, error: String(error) });
    }
  }));
}

/**
 * After a change to the conversation is stored: each owner's sockets get that owner's inbox state.
 * An owner with no open socket costs one Query (their inbox is read only for a push). Never
 * throws: the change is already stored and polling still finds it.
 */
export async function pushInboxStates(conversationId: string, ownerIds: readonly string[], now = new Date()): Promise<void> {
  const endpoint = process.env[SOCKET_ENDPOINT_ENV];
  if (!endpoint) return;
  await Promise.all([...new Set(ownerIds)].map(async (ownerId) => {
    try {
      const connections = await sockets.connectionsOf(ownerId, now);
      if (connections.length === 0) return;
      const state = await repository.inboxOf(ownerId);
      await postTo(ownerId, connections, { type: 'inbox', ...state, conversationId }, endpoint);
    } catch (error) {
      logger.warn('inbox push failed; the page polls instead', { error: String(error) });
    }
  }));
}
