/**
 * The SSM client (providers' secrets, functions/shared/secrets.ts), created once per Lambda
 * container and loaded on first use (lazy.ts: the payment service is imported by handlers that
 * never read the secret). Locally the secrets come from the environment instead.
 */
import { lazyClient } from './lazy.js';

export const ssm = lazyClient(
  () => import('@aws-sdk/client-ssm'),
  (sdk) => new sdk.SSMClient({}),
);
