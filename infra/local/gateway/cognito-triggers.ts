/**
 * Cognito's Lambda triggers, which moto never runs, emulated in front of it: SignUp runs the
 * pre-sign-up trigger and ResendConfirmationCode (which moto lacks) the custom-message trigger,
 * the same handlers CDK wires to the user pool (functions/auth/handlers/), in-process as the
 * gateway runs route handlers. A failing trigger answers as Cognito does
 * (UserLambdaValidationException "PreSignUp failed with error …"), and a client with a secret
 * needs a right SECRET_HASH, which moto does not check. Everything else goes to moto unchanged.
 *
 * Both the browser's calls (the gateway's /cognito proxy) and the API's own (the handlers'
 * AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER, pointed at {@link startCognitoFront}) pass here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { LocalResources } from '../emulators/provision.js';
import { closeServer, listen, readBody, send } from '../http.js';
import { repoRoot } from '../settings.js';
import { lambdaContext, loadHandler } from './lambda-context.js';

const functionsDir = join(repoRoot, 'functions');
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface CognitoAnswer { status: number; body: string; contentType: string }

const error = (type: string, message: string): CognitoAnswer =>
  ({ status: 400, body: JSON.stringify({ __type: type, message }), contentType: 'application/x-amz-json-1.1' });
const ok = (body: unknown): CognitoAnswer =>
  ({ status: 200, body: JSON.stringify(body), contentType: 'application/x-amz-json-1.1' });

/** Cognito shows the delivery address masked (a***@e***). */
const masked = (email: string) => email.replace(/^(.).*@(.).*$/, '$1***@$2***');

export function cognitoWithTriggers(resources: LocalResources) {
  async function moto(action: string, body: string): Promise<CognitoAnswer> {
    const res = await fetch(`${resources.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${action}` },
      body,
    });
    return { status: res.status, body: await res.text(), contentType: res.headers.get('content-type') ?? 'application/x-amz-json-1.1' };
  }

  /** The pool's client, or null when the id is not one of its clients. */
  async function describeClient(clientId: string): Promise<{ ClientSecret?: string } | null> {
    const out = await moto('DescribeUserPoolClient', JSON.stringify({ UserPoolId: resources.userPoolId, ClientId: clientId }));
    if (out.status !== 200) return null;
    return (JSON.parse(out.body) as { UserPoolClient: { ClientSecret?: string } }).UserPoolClient;
  }

  /** Cognito's check of a confidential client's SECRET_HASH; null when it passes. */
  function secretHashProblem(clientId: string, secret: string | undefined, username: string, given: string | undefined): CognitoAnswer | null {
    if (!secret) return null;
    if (!given) return error('NotAuthorizedException', `Client ${clientId} is configured with secret but SECRET_HASH was not received`);
    const expected = Buffer.from(createHmac('sha256', secret).update(username + clientId).digest('base64'));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      return error('NotAuthorizedException', `Unable to verify secret hash for client ${clientId}`);
    }
    return null;
  }

  /** Runs a trigger handler; its error message as Cognito words it, or null when it passed. */
  async function runTrigger(handler: string, label: string, event: Record<string, unknown>): Promise<CognitoAnswer | null> {
    try {
      const fn = await loadHandler(functionsDir, handler);
      await fn(event, lambdaContext(handler));
      return null;
    } catch (failure) {
      return error('UserLambdaValidationException', `${label} failed with error ${(failure as Error).message}.`);
    }
  }

  const triggerEvent = (triggerSource: string, clientId: string, userName: string, request: Record<string, unknown>) => ({
    version: '1', region: resources.region, userPoolId: resources.userPoolId, userName, triggerSource,
    callerContext: { awsSdkVersion: 'local', clientId },
    request, response: {},
  });

  async function signUp(body: string): Promise<CognitoAnswer> {
    const input = JSON.parse(body) as { ClientId?: string; Username?: string; SecretHash?: string; UserAttributes?: { Name: string; Value: string }[] };
    const clientId = input.ClientId ?? '';
    const client = await describeClient(clientId);
    if (!client) return moto('SignUp', body);
    const problem = secretHashProblem(clientId, client.ClientSecret, input.Username ?? '', input.SecretHash);
    if (problem) return problem;
    const userAttributes = Object.fromEntries((input.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    const refused = await runTrigger('auth/handlers/pre-sign-up', 'PreSignUp',
      triggerEvent('PreSignUp_SignUp', clientId, input.Username ?? '', { userAttributes, validationData: {} }));
    return refused ?? moto('SignUp', body);
  }

  async function resendConfirmationCode(body: string): Promise<CognitoAnswer> {
    const input = JSON.parse(body) as { ClientId?: string; Username?: string; SecretHash?: string };
    const clientId = input.ClientId ?? '';
    const username = input.Username ?? '';
    const client = await describeClient(clientId);
    if (!client) return error('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    const problem = secretHashProblem(clientId, client.ClientSecret, username, input.SecretHash);
    if (problem) return problem;
    const delivery = ok({ CodeDeliveryDetails: { Destination: masked(username), DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    const user = await moto('AdminGetUser', JSON.stringify({ UserPoolId: resources.userPoolId, Username: username }));
    // The pool's clients prevent user-existence errors: an unknown user gets the same answer, and no message.
    if (user.status !== 200) return delivery;
    const found = JSON.parse(user.body) as { UserStatus?: string; UserAttributes?: { Name: string; Value: string }[] };
    if (found.UserStatus === 'CONFIRMED') return error('InvalidParameterException', 'User is already confirmed.');
    const userAttributes = Object.fromEntries((found.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
    const refused = await runTrigger('auth/handlers/custom-message', 'CustomMessage',
      triggerEvent('CustomMessage_ResendCode', clientId, username, { userAttributes, codeParameter: '{####}', usernameParameter: null }));
    // moto sends no e-mail: the answer is what a sent code gets.
    return refused ?? delivery;
  }

  /** One Cognito call (its X-Amz-Target and JSON body), with the triggers Cognito would run. */
  return async function handle(target: string, body: string): Promise<CognitoAnswer> {
    const action = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : target;
    if (action === 'SignUp') return signUp(body);
    if (action === 'ResendConfirmationCode') return resendConfirmationCode(body);
    return moto(action, body);
  };
}

/**
 * An endpoint for the handlers' own Cognito calls (the SDK's AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER),
 * on a free port of the loopback: the API's sign-up meets the same triggers as a browser's.
 */
export async function startCognitoFront(resources: LocalResources): Promise<{ url: string; close(): Promise<void> }> {
  const handle = cognitoWithTriggers(resources);
  const server = createServer((req, res) => {
    (async () => {
      const body = (await readBody(req, 10 * 1024 * 1024)).toString('utf8');
      const answer = await handle(String(req.headers['x-amz-target'] ?? ''), body);
      send(res, answer.status, answer.body, { 'content-type': answer.contentType });
    })().catch((failure: unknown) => {
      console.error('[cognito] request failed', failure);
      if (!res.headersSent) send(res, 502, JSON.stringify({ __type: 'InternalErrorException', message: 'local Cognito front failed' }));
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  return { url: `http://127.0.0.1:${port}`, close: () => closeServer(server) };
}
