/**
 * The CloudFront client (invalidations after a record's page is rewritten), created once per Lambda
 * container and loaded on first use (lazy.ts). Locally no distribution is configured and nothing calls it.
 */
import { lazyClient } from './lazy.js';

export const cloudFront = lazyClient(
  () => import('@aws-sdk/client-cloudfront'),
  (sdk) => new sdk.CloudFrontClient({}),
);
