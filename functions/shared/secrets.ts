/**
 * An outside provider's secret (API key), from wherever the environment says it lives
 * (names from integration-env.ts, e.g. PAYSTACK_SECRET_KEY / PAYSTACK_SECRET_PARAMETER):
 *
 * - Locally (infra/local) and in tests: `{ID}_SECRET_KEY` holds the secret itself (the local
 *   sandbox's obviously fake key). It wins when set.
 * - On AWS: `{ID}_SECRET_PARAMETER` names an SSM Parameter Store **SecureString** (CDK sets it on
 *   the functions holding the provider's grant, infra/aws/integrations.ts; the operator creates the
 *   parameter after deploy, docs/operations.md).
 *
 * Why SSM Parameter Store and not Secrets Manager: each value is one opaque string rotated by hand
 * in the provider's dashboard (Secrets Manager's managed rotation has nothing to rotate it with),
 * a standard SecureString costs nothing while a secret costs a monthly fee per secret, and both
 * are KMS-encrypted with IAM on the single parameter ARN. The decrypted value is kept in memory
 * for {@link SECRET_CACHE_SECONDS}, so a warm Lambda makes at most one GetParameter call per five
 * minutes, and a rolled key is picked up within five minutes without a redeploy (or at once
 * through `forceFetch`). A few lines of cache here rather than Powertools' SSMProvider: that
 * module imports the SSM client at load, so every handler importing the payment service paid for
 * it (the SSM client here loads on first use, aws/lazy.ts).
 */
import { ssm } from './aws/ssm.js';
import { providerEnvNames } from './integration-env.js';

export const SECRET_CACHE_SECONDS = 5 * 60;

/** Reads one SecureString parameter, decrypted (the seam the unit tests replace). */
export type ParameterReader = (name: string, options: { maxAge: number; forceFetch: boolean }) => Promise<string | undefined>;

export class SecretNotConfigured extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretNotConfigured';
  }
}

const cached = new Map<string, { value: string | undefined; until: number }>();
const readFromSsm: ParameterReader = async (name, { maxAge, forceFetch }) => {
  const hit = cached.get(name);
  if (hit && !forceFetch && hit.until > Date.now()) return hit.value;
  const { client, sdk } = await ssm();
  const out = await client.send(new sdk.GetParameterCommand({ Name: name, WithDecryption: true }));
  cached.set(name, { value: out.Parameter?.Value, until: Date.now() + maxAge * 1000 });
  return out.Parameter?.Value;
};

export interface SecretSource {
  /** `forceFetch`: bypass the cache (after the provider refused the key, e.g. a rolled key). */
  (options?: { forceFetch?: boolean }): Promise<string>;
  /** True when the secret comes from SSM, so refetching it can change it. */
  readonly refreshable: boolean;
}

/** Which provider, and how its secret is called in messages ("Paystack secret key"). */
export interface ProviderSecret { providerId: string; label: string }

/** A secret source over the given environment (tests pass their own environment and reader). */
export function secretSource(
  { providerId, label }: ProviderSecret, env: NodeJS.ProcessEnv = process.env, readParameter: ParameterReader = readFromSsm,
): SecretSource {
  const names = providerEnvNames(providerId);
  const source = async (options: { forceFetch?: boolean } = {}): Promise<string> => {
    const direct = env[names.secretValue];
    if (direct) return direct;
    const name = env[names.secretParameter];
    if (!name) {
      throw new SecretNotConfigured(`${label} is not configured: set ${names.secretParameter} (SSM SecureString name) or ${names.secretValue}.`);
    }
    let value: string | undefined;
    try {
      value = await readParameter(name, { maxAge: SECRET_CACHE_SECONDS, forceFetch: options.forceFetch ?? false });
    } catch (error) {
      // The SDK's message names the parameter and the reason (ParameterNotFound, AccessDenied …), never the value.
      throw new SecretNotConfigured(`Could not read the ${label} from SSM parameter ${name}: ${(error as Error).message}`);
    }
    const secret = value?.trim();
    if (!secret) throw new SecretNotConfigured(`SSM parameter ${name} is empty; put the ${label} in it (see docs/operations.md).`);
    return secret;
  };
  return Object.defineProperty(source, 'refreshable', { get: () => !env[names.secretValue] }) as SecretSource;
}

/** The provider's API base URL from the environment, else its production URL (read at each call). */
export function providerBaseUrl(providerId: string, productionUrl: string, env: NodeJS.ProcessEnv = process.env): string {
  return (env[providerEnvNames(providerId).baseUrl] ?? productionUrl).replace(/\/+$/, '');
}
