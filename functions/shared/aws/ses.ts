/**
 * The SES (v2) client, created once per Lambda container and loaded on first use (lazy.ts).
 * Locally `AWS_ENDPOINT_URL` (read by the SDK itself) points it at the emulator, which keeps the
 * messages.
 */
import { lazyClient } from './lazy.js';

export const ses = lazyClient(
  () => import('@aws-sdk/client-sesv2'),
  (sdk) => new sdk.SESv2Client({}),
);
