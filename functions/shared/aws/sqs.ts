/**
 * The SQS client, created once per Lambda container and loaded on first use (lazy.ts): only the
 * jobs that fan work out to a queue send to SQS. Locally `AWS_ENDPOINT_URL` points it at the emulator.
 */
import { lazyClient } from './lazy.js';

export const sqs = lazyClient(
  () => import('@aws-sdk/client-sqs'),
  (sdk) => new sdk.SQSClient({}),
);
