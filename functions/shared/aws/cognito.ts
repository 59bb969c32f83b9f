/**
 * The Cognito user pool client, created once per Lambda container and loaded on first use
 * (lazy.ts: every HTTP handler can reach the second-factor check, few call it). Locally
 * `AWS_ENDPOINT_URL` (read by the SDK itself) points it at the emulator.
 */
import { lazyClient } from './lazy.js';

export const cognito = lazyClient(
  () => import('@aws-sdk/client-cognito-identity-provider'),
  (sdk) => new sdk.CognitoIdentityProviderClient({}),
);
