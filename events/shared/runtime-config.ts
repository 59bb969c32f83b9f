/**
 * Configuration the SPA reads at run time from /config.json: written by CDK on deploy
 * (infra/aws/constructs/web.ts), served by the local gateway locally (infra/local/gateway/), read
 * by frontend/src/shared/runtime-config.ts. Here, where the SPA and infra may both import it.
 */
export interface RuntimeConfig {
  environment: 'local' | 'aws';
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local only: the gateway's Cognito proxy (covers the emulator's missing token refresh call). */
  cognitoEndpoint?: string;
  /** USER_SRP_AUTH on AWS; USER_PASSWORD_AUTH locally, where the emulator can't check SRP proofs. */
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  supportPhone: string;
  supportEmail: string;
  /**
   * The conversations WebSocket ({socketUrl}?token={access token}; functions/conversations/socket-routes.ts).
   * Absent: the page polls only.
   */
  socketUrl?: string;
}
