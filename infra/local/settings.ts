/**
 * Local configuration: environment variables with documented defaults (README "Configuration").
 * `npm start` and the test suite use different ports so both can run at once.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_NAME, DEFAULT_EMAIL_FROM, DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE } from '../aws/definitions.js';
import type { ProviderId } from '../aws/integrations.js';
import { sandboxes } from './sandboxes/index.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface LocalSettings {
  /** Where the AWS emulator listens (moto server, or LocalStack at the same address); all but DynamoDB. */
  endpoint: string;
  /** DynamoDB Local (AWS's own engine), reached through the SDK's AWS_ENDPOINT_URL_DYNAMODB. */
  dynamodbEndpoint: string;
  /** Start moto server / DynamoDB Local when nothing answers at their endpoints. */
  startEmulator: boolean;
  /** Refuse an emulator that is already running (the test suite wants its own). */
  freshEmulator: boolean;
  region: string;
  gatewayPort: number;
  /** Public origin of the app (the gateway serves SPA, /api and /cognito on one origin). */
  appOrigin: string;
  stage: string;
  names: {
    table: string;
    uploadsBucket: string;
    /** The web bucket's stand-in: locally it holds only the sitemap job's files and the tutors' pages and share images (the SPA is served from webDist). */
    webBucket: string;
    /** Where the emulated KeyValueStore of record pages keeps its items (emulators/keyvaluestore.ts; moto has no such API). */
    recordStoreBucket: string;
    /** That store's name, the last part of its ARN. */
    recordStore: string;
    userPool: string;
    userPoolClient: string;
    /** The API's own app client, with a secret (as infra/aws/constructs/identity.ts ServerClient). */
    userPoolServerClient: string;
    eventBus: string;
  };
  emailFrom: string;
  supportPhone: string;
  supportEmail: string;
  /** Seed demo users and data on start. */
  seed: boolean;
  /** Serve the built SPA from the gateway. */
  serveSpa: boolean;
  /** Where the built SPA is: frontend/dist, or another build (benchmarks compare an older one). */
  webDist: string;
  /** Port of each outside provider's sandbox (sandboxes/index.ts), by provider id. */
  sandboxPorts: Record<ProviderId, number>;
  /** Every timed job runs this often locally (ms); 0: only when asked (the test suite). */
  scheduleIntervalMs: number;
  /**
   * Apply the per-IP limits (infra/aws/rate-limits.ts) to loopback callers too. Off by default:
   * the test suite and a developer's browser all come from 127.0.0.1 (gateway/rate-limiter.ts).
   */
  rateLimitLoopback: boolean;
}

function int(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function loadSettings(env: NodeJS.ProcessEnv = process.env): LocalSettings {
  const gatewayPort = int(env.ALP_PORT, 3000);
  const stage = env.ALP_STAGE ?? 'local';
  const appOrigin = env.APP_ORIGIN ?? `http://localhost:${gatewayPort}`;
  return {
    endpoint: env.AWS_ENDPOINT_URL ?? `http://127.0.0.1:${int(env.ALP_EMULATOR_PORT, 4566)}`,
    dynamodbEndpoint: env.AWS_ENDPOINT_URL_DYNAMODB ?? `http://127.0.0.1:${int(env.ALP_DYNAMODB_PORT, 8000)}`,
    startEmulator: env.ALP_START_EMULATOR !== 'false',
    freshEmulator: env.ALP_FRESH_EMULATOR === 'true',
    region: env.AWS_REGION ?? 'us-east-1',
    gatewayPort,
    appOrigin,
    stage,
    names: {
      table: `${APP_NAME}-${stage}`,
      uploadsBucket: `${APP_NAME}-${stage}-uploads`,
      webBucket: `${APP_NAME}-${stage}-web`,
      recordStoreBucket: `${APP_NAME}-${stage}-key-value-stores`,
      recordStore: `${APP_NAME}-${stage}-record-pages`,
      userPool: `${APP_NAME}-${stage}-users`,
      userPoolClient: `${APP_NAME}-${stage}-spa`,
      userPoolServerClient: `${APP_NAME}-${stage}-server`,
      eventBus: `${APP_NAME}-${stage}-bus`,
    },
    emailFrom: env.EMAIL_FROM ?? DEFAULT_EMAIL_FROM,
    supportPhone: env.ALP_SUPPORT_PHONE ?? DEFAULT_SUPPORT_PHONE,
    supportEmail: env.ALP_SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    seed: env.ALP_SEED !== 'false',
    serveSpa: env.ALP_SERVE_SPA !== 'false',
    webDist: resolve(env.ALP_WEB_DIST ?? join(repoRoot, 'frontend', 'dist')),
    sandboxPorts: Object.fromEntries(Object.entries(sandboxes).map(([id, s]) => [id, int(env[s.portEnv], s.defaultPort)])) as Record<ProviderId, number>,
    rateLimitLoopback: env.ALP_RATE_LIMIT_LOOPBACK === 'true',
    scheduleIntervalMs: env.ALP_SCHEDULE_INTERVAL_MS === '0' ? 0 : int(env.ALP_SCHEDULE_INTERVAL_MS, 60_000),
  };
}
