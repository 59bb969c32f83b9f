/**
 * The conversations WebSocket's $connect authoriser (a Lambda REQUEST authoriser: WebSocket APIs
 * have no JWT authoriser). Browsers cannot set headers on a WebSocket, so the Cognito access token
 * comes as `?token=`; it is verified as the HTTP API's authoriser does (signature, issuer, client,
 * the access-token scope) and the caller's id and groups reach $connect in the context.
 */
import type { APIGatewayAuthorizerResult, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { CognitoJwtVerifier } from 'aws-jwt-verify';

/** The scope the HTTP API requires too (infra/aws/definitions.ts ACCESS_TOKEN_SCOPE): ID tokens carry none. */
const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

export interface SocketVerifier {
  verify(token: string): Promise<{ sub: string; 'cognito:groups'?: unknown }>;
}

let verifier: SocketVerifier | undefined;
const envVerifier = (): SocketVerifier => {
  verifier ??= CognitoJwtVerifier.create({
    userPoolId: process.env.USER_POOL_ID!, tokenUse: 'access', clientId: process.env.USER_POOL_CLIENT_ID!, scope: ACCESS_TOKEN_SCOPE,
  }) as unknown as SocketVerifier;
  return verifier;
};

/**
 * Allow with the caller in the context, or throw "Unauthorized" (API Gateway then refuses the
 * upgrade with 401). Exported for the local gateway, which hands in a verifier holding the emulator's keys.
 */
export async function authorizeSocket(event: Pick<APIGatewayRequestAuthorizerEvent, 'methodArn' | 'queryStringParameters'>, v: SocketVerifier): Promise<APIGatewayAuthorizerResult> {
  const token = event.queryStringParameters?.token;
  if (!token) throw new Error('Unauthorized');
  let claims: Awaited<ReturnType<SocketVerifier['verify']>>;
  try {
    claims = await v.verify(token);
  } catch {
    throw new Error('Unauthorized');
  }
  const groups = Array.isArray(claims['cognito:groups']) ? (claims['cognito:groups'] as unknown[]).map(String) : [];
  return {
    principalId: claims.sub,
    policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }] },
    // Context values are strings, numbers or booleans only.
    context: { userId: claims.sub, groups: groups.join(' ') },
  };
}

export const handler = (event: APIGatewayRequestAuthorizerEvent) => authorizeSocket(event, envVerifier());
