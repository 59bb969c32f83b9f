/**
 * Configuration the SPA reads at run time from /config.json (written by CDK on deploy, served by
 * the local gateway locally; its shape is in events/shared/runtime-config.ts), so one build runs
 * in every environment. Fetched only when auth code is needed, in parallel with the auth chunk,
 * so signed-out first loads pay nothing.
 */
import type { RuntimeConfig } from '../../../events/shared/runtime-config';

export type { RuntimeConfig };

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
