/**
 * The S3 client, created once per Lambda container and loaded on first use (lazy.ts). Locally
 * `AWS_ENDPOINT_URL` (read by the SDK itself) points it at the emulator.
 */
import { lazyClient } from './lazy.js';

export const s3 = lazyClient(
  () => import('@aws-sdk/client-s3'),
  // Emulators serve buckets by path, not by virtual host.
  (sdk) => new sdk.S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL) }),
);
