/**
 * The Paystack secret key, from wherever the environment says it lives.
 *
 * - Locally (infra/local) and in tests: `PAYSTACK_SECRET_KEY` holds the key itself (the local
 *   sandbox's obviously fake `sk_test_local_sandbox_…`). It wins when set.
 * - On AWS: `PAYSTACK_SECRET_PARAMETER` names an SSM Parameter Store **SecureString** (CDK sets
 *   it on the functions with the `payments:secret` grant; the operator creates the parameter
 *   after deploy, README "Payments (Paystack)").
 *
 * Why SSM Parameter Store and not Secrets Manager: the value is one opaque string that is
 * rotated by hand in the Paystack dashboard (Secrets Manager's managed rotation has nothing to
 * rotate it with), a standard SecureString costs nothing while a secret costs a monthly fee per
 * secret, and both are KMS-encrypted with IAM on the single parameter ARN. Powertools' SSM
 * provider caches the decrypted value in memory for {@link SECRET_CACHE_SECONDS}, so a warm
 * Lambda makes at most one GetParameter call per five minutes, and a rolled key is picked up
 * within five minutes without a redeploy (or at once through `forceFetch`).
 */
import { SSMProvider } from '@aws-lambda-powertools/parameters/ssm';

export const SECRET_CACHE_SECONDS = 5 * 60;

/** Reads one SecureString parameter, decrypted (the seam the unit tests replace). */
export type ParameterReader = (name: string, options: { maxAge: number; forceFetch: boolean }) => Promise<string | undefined>;

export class PaymentSecretNotConfigured extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSecretNotConfigured';
  }
}

let ssm: SSMProvider | undefined;
const readFromSsm: ParameterReader = async (name, { maxAge, forceFetch }) => {
  ssm ??= new SSMProvider();
  return ssm.get(name, { decrypt: true, maxAge, forceFetch });
};

export interface SecretKeySource {
  /** `forceFetch`: bypass the cache (after Paystack answered 401 "Invalid key", e.g. a rolled key). */
  (options?: { forceFetch?: boolean }): Promise<string>;
  /** True when the key comes from SSM, so refetching it can change it. */
  readonly refreshable: boolean;
}

/** A key source over the given environment (tests pass their own environment and reader). */
export function secretKeySource(env: NodeJS.ProcessEnv = process.env, readParameter: ParameterReader = readFromSsm): SecretKeySource {
  const source = async (options: { forceFetch?: boolean } = {}): Promise<string> => {
    const direct = env.PAYSTACK_SECRET_KEY;
    if (direct) return direct;
    const name = env.PAYSTACK_SECRET_PARAMETER;
    if (!name) {
      throw new PaymentSecretNotConfigured('Payments are not configured: set PAYSTACK_SECRET_PARAMETER (SSM SecureString name) or PAYSTACK_SECRET_KEY.');
    }
    let value: string | undefined;
    try {
      value = await readParameter(name, { maxAge: SECRET_CACHE_SECONDS, forceFetch: options.forceFetch ?? false });
    } catch (error) {
      // The SDK's message names the parameter and the reason (ParameterNotFound, AccessDenied …), never the value.
      throw new PaymentSecretNotConfigured(`Could not read the Paystack secret key from SSM parameter ${name}: ${(error as Error).message}`);
    }
    const key = value?.trim();
    if (!key) throw new PaymentSecretNotConfigured(`SSM parameter ${name} is empty; put the Paystack secret key in it (README "Payments (Paystack)").`);
    return key;
  };
  return Object.defineProperty(source, 'refreshable', { get: () => !env.PAYSTACK_SECRET_KEY }) as SecretKeySource;
}

/** The key for this process's environment (cached for five minutes when it comes from SSM). */
export const paystackSecretKey: SecretKeySource = secretKeySource();
