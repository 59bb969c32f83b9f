/**
 * The CloudFront KeyValueStore client (the record pages' store, functions/sitepages/record-store.ts),
 * created once per Lambda container and loaded on first use (lazy.ts). Its API is signed with
 * SigV4A only: importing `@aws-sdk/signature-v4a` registers that signer. Neither package is in the
 * Lambda runtime's SDK, so the functions that use them bundle them (infra/aws/constructs/function.ts).
 *
 * Locally RECORD_STORE_ENDPOINT_ENV names the emulated store (infra/local): the service's endpoint
 * rules put the store's account in the host name (`{account}.localhost` does not resolve), so the
 * endpoint is taken as it is, signed as the service's own.
 */
import { lazyClient } from './lazy.js';

/** Set locally only: the emulated store's base URL on the local gateway (http://localhost:{port}/kvs). */
export const RECORD_STORE_ENDPOINT_ENV = 'RECORD_STORE_ENDPOINT';

export const keyValueStore = lazyClient(
  async () => {
    await import('@aws-sdk/signature-v4a');
    return import('@aws-sdk/client-cloudfront-keyvaluestore');
  },
  (sdk) => {
    const endpoint = process.env[RECORD_STORE_ENDPOINT_ENV];
    if (!endpoint) return new sdk.CloudFrontKeyValueStoreClient({});
    return new sdk.CloudFrontKeyValueStoreClient({
      endpoint,
      // The signing scheme still comes from the service's rules (SigV4A for cloudfront-keyvaluestore).
      endpointProvider: () => ({ url: new URL(endpoint) }),
    });
  },
);
