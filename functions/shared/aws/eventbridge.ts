/**
 * The EventBridge client, created once per Lambda container and loaded on first use (lazy.ts:
 * the services that publish are imported by read-only handlers too). Locally `AWS_ENDPOINT_URL`
 * (read by the SDK itself) points it at the emulator.
 */
import { lazyClient } from './lazy.js';

export const eventBridge = lazyClient(
  () => import('@aws-sdk/client-eventbridge'),
  (sdk) => new sdk.EventBridgeClient({}),
);
