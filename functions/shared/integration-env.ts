/**
 * How a function finds an outside provider (payments, video, AI …): three environment variables
 * named after the provider's id. CDK sets the first two on the functions holding the provider's
 * grant (infra/aws/integrations.ts); the local stack sets the first and third (its sandbox and fake key).
 * No imports: infra and functions both read it.
 */
export function providerEnvNames(providerId: string) {
  const prefix = providerId.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  return {
    /** The provider's API base URL (production URL on AWS, the local sandbox locally). */
    baseUrl: `${prefix}_BASE_URL`,
    /** On AWS: the SSM SecureString holding the provider's secret. */
    secretParameter: `${prefix}_SECRET_PARAMETER`,
    /** Locally and in tests only: the secret itself (the sandbox's fake key). Wins when set. */
    secretValue: `${prefix}_SECRET_KEY`,
  };
}
