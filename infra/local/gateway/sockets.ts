/**
 * The local stand-in for the conversations WebSocket API (API Gateway WebSocket API on AWS,
 * infra/aws/constructs/sockets.ts): the same URL shape ({origin}/{stage}?token=…), the same
 * authoriser code on the upgrade (refused with 401 like API Gateway), the $connect, $disconnect and
 * $default handlers invoked in-process with API Gateway's WebSocket events, and the management
 * API ({origin}/{stage}/@connections/{id}: POST sends, GET describes, DELETE closes; 410 Gone for
 * an unknown id) that the real SDK client reaches over HTTP through its endpoint setting.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authorizeSocket, type SocketVerifier } from '../../../functions/conversations/handlers/socket-authorize.js';
import { SOCKET_STAGE, socketRoutes } from '../../../functions/conversations/socket-routes.js';
import { readBody, send } from '../http.js';
import { lambdaContext, loadHandler } from './lambda-context.js';

/** API Gateway's frame limit for WebSocket APIs (128 KB a message). */
const MAX_FRAME_BYTES = 128 * 1024;
const socketPath = `/${SOCKET_STAGE}`;
const managementPath = new RegExp(`^/${SOCKET_STAGE}/@connections/([^/]+)$`);

export interface LocalSockets {
  /** True when the request was the WebSocket upgrade this serves (handled or refused). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** True when the request was for the management API (and is answered). */
  manage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  close(): void;
}

interface Open { ws: WebSocket; context: Record<string, unknown>; connectedAt: number }

/** A connection id shaped like API Gateway's (12 characters, base64 alphabet, URL-safe here). */
const connectionIdOf = () => `${randomBytes(8).toString('base64url')}=`;

export function localSockets(functionsDir: string, verifier: SocketVerifier): LocalSockets {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const open = new Map<string, Open>();

  function event(routeKey: string, eventType: string, connectionId: string, req: IncomingMessage | undefined, context: Record<string, unknown>, body?: string) {
    const now = Date.now();
    return {
      requestContext: {
        routeKey, eventType, connectionId, messageId: randomUUID(), requestId: randomUUID(),
        apiId: 'local', stage: SOCKET_STAGE, domainName: req?.headers.host ?? 'localhost',
        connectedAt: open.get(connectionId)?.connectedAt ?? now, requestTimeEpoch: now,
        authorizer: { principalId: context.userId, ...context },
      },
      ...(body !== undefined ? { body, isBase64Encoded: false } : {}),
    };
  }

  async function invoke(route: keyof typeof socketRoutes, e: unknown): Promise<{ statusCode?: number }> {
    const handler = await loadHandler(functionsDir, socketRoutes[route]);
    return ((await handler(e, lambdaContext(socketRoutes[route]))) ?? {}) as { statusCode?: number };
  }

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${JSON.stringify({ message: text })}`);
  };

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) {
    const connectionId = connectionIdOf();
    let context: Record<string, unknown>;
    try {
      const query = Object.fromEntries(url.searchParams);
      const allowed = await authorizeSocket({ methodArn: `arn:aws:execute-api:local:000000000000:local/${SOCKET_STAGE}/$connect`, queryStringParameters: query }, verifier);
      context = allowed.context ?? {};
    } catch {
      return refuse(socket, 401, 'Unauthorized');
    }
    const connected = await invoke('$connect', event('$connect', 'CONNECT', connectionId, req, context));
    if ((connected.statusCode ?? 200) >= 300) return refuse(socket, 403, 'Forbidden');
    wss.handleUpgrade(req, socket, head, (ws) => {
      open.set(connectionId, { ws, context, connectedAt: Date.now() });
      ws.on('message', (data) => {
        void invoke('$default', event('$default', 'MESSAGE', connectionId, req, context, data.toString())).catch((error: unknown) => {
          console.error('[gateway] $default threw', error);
        });
      });
      ws.on('close', () => {
        open.delete(connectionId);
        void invoke('$disconnect', event('$disconnect', 'DISCONNECT', connectionId, req, context)).catch((error: unknown) => {
          console.error('[gateway] $disconnect threw', error);
        });
      });
    });
  }

  return {
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      if (url.pathname !== socketPath) return false;
      handleUpgrade(req, socket, head, url).catch((error: unknown) => {
        console.error('[gateway] WebSocket $connect failed', error);
        refuse(socket, 500, 'Internal Server Error');
      });
      return true;
    },
    async manage(req, res, url) {
      const match = managementPath.exec(url.pathname);
      if (!match) return false;
      const connection = open.get(decodeURIComponent(match[1]!));
      const gone = () => send(res, 410, JSON.stringify({ message: 'Gone' }), { 'content-type': 'application/json' });
      if (!['POST', 'GET', 'DELETE'].includes(req.method ?? '')) send(res, 405, 'Method Not Allowed');
      else if (!connection) gone();
      else if (req.method === 'POST') {
        connection.ws.send((await readBody(req, MAX_FRAME_BYTES)).toString('utf8'));
        send(res, 200, '');
      } else if (req.method === 'GET') {
        send(res, 200, JSON.stringify({ connectedAt: new Date(connection.connectedAt).toISOString() }), { 'content-type': 'application/json' });
      } else {
        connection.ws.close(1000);
        send(res, 204, '');
      }
      return true;
    },
    close() {
      for (const { ws } of open.values()) ws.terminate();
      wss.close();
    },
  };
}
