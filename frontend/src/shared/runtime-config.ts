/**
 * Configuration the SPA reads at run time from /config.json (written by CDK on deploy, served by
 * the local gateway locally), so one build runs in every environment. Fetched only when auth
 * code is needed, in parallel with the auth chunk, so signed-out first loads pay nothing.
 */
export interface RuntimeConfig {
  environment: 'local' | 'aws';
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Local only: the gateway's Cognito proxy (covers the emulator's missing token refresh call). */
  cognitoEndpoint?: string;
  /** USER_SRP_AUTH on AWS; USER_PASSWORD_AUTH locally, where the emulator can't check SRP proofs. */
  authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  supportPhone: string;
  supportEmail: string;
}

let pending: Promise<RuntimeConfig> | undefined;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { cache: 'no-cache' })
    .then((res) => {
      if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
      return res.json() as Promise<RuntimeConfig>;
    })
    .catch((error: unknown) => {
      // A dropped mobile connection must not poison the page for good: the next call retries.
      pending = undefined;
      throw error;
    });
  return pending;
}
