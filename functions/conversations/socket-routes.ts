/**
 * The conversations WebSocket API's routes: CDK (infra/aws/constructs/sockets.ts) and the local
 * gateway (infra/local/gateway/sockets.ts) both read this, as the HTTP API reads routes.ts.
 * Browsers connect to `{socketUrl}?token={Cognito access token}` (RuntimeConfig.socketUrl) and
 * receive InboxFrame JSON frames (socket-keys.ts); what they send goes to $default.
 */
export const SOCKET_STAGE = 'ws';

export const socketRoutes = {
  authorizer: 'conversations/handlers/socket-authorize',
  $connect: 'conversations/handlers/socket-connect',
  $disconnect: 'conversations/handlers/socket-disconnect',
  $default: 'conversations/handlers/socket-default',
} as const;
