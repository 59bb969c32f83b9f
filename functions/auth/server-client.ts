/**
 * The API's own Cognito app client (sign-up and resent codes only, sign-up-gate.ts). Its id comes
 * from the environment: USER_POOL_SERVER_CLIENT_ID on the API's functions, or, on the Cognito
 * triggers (which the pool references, so they cannot reference its client without a cycle), the
 * SSM parameter USER_POOL_SERVER_CLIENT_ID_PARAMETER names. Its secret is read from Cognito itself
 * (DescribeUserPoolClient, grant identity:sign-up): nothing to copy into a parameter after a deploy.
 */
import { createHmac } from 'node:crypto';
import { cognito } from '../shared/aws/cognito.js';
import { ssm } from '../shared/aws/ssm.js';
import { config } from '../shared/config.js';

let clientId: Promise<string> | undefined;
let clientSecret: Promise<string> | undefined;

async function readClientId(): Promise<string> {
  const direct = process.env.USER_POOL_SERVER_CLIENT_ID;
  if (direct) return direct;
  const parameter = process.env.USER_POOL_SERVER_CLIENT_ID_PARAMETER;
  if (!parameter) throw new Error('Missing environment variable USER_POOL_SERVER_CLIENT_ID');
  const { client, sdk } = await ssm();
  const out = await client.send(new sdk.GetParameterCommand({ Name: parameter }));
  if (!out.Parameter?.Value) throw new Error(`SSM parameter ${parameter} has no value`);
  return out.Parameter.Value;
}

/** The server client's id (an app client id never changes while the client exists: kept per container). */
export function serverClientId(): Promise<string> {
  clientId ??= readClientId().catch((error: unknown) => {
    clientId = undefined;
    throw error;
  });
  return clientId;
}

async function readClientSecret(): Promise<string> {
  const { client, sdk } = await cognito();
  const out = await client.send(new sdk.DescribeUserPoolClientCommand({
    UserPoolId: config.userPoolId, ClientId: await serverClientId(),
  }));
  const secret = out.UserPoolClient?.ClientSecret;
  if (!secret) throw new Error('The server app client has no secret');
  return secret;
}

export function serverClientSecret(): Promise<string> {
  clientSecret ??= readClientSecret().catch((error: unknown) => {
    clientSecret = undefined;
    throw error;
  });
  return clientSecret;
}

/** Cognito's SECRET_HASH: Base64(HMAC-SHA256(key = client secret, message = username + client id)). */
export function secretHash(username: string, id: string, secret: string): string {
  return createHmac('sha256', secret).update(username + id).digest('base64');
}
