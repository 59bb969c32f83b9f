/**
 * Timed jobs run from a test: in this process, through the local schedule runner (the same
 * wrapper and input as on AWS), against the test stack's resources, at a scheduled time the test
 * chooses (a lesson's 24 h mark, its end …) rather than the clock's.
 */
import { schedules } from '../../infra/aws/definitions.js';
import { integrations } from '../../infra/aws/integrations.js';
import { startScheduleRunner } from '../../infra/local/gateway/event-runner.js';
import { handlerEnvironment } from '../../infra/local/emulators/provision.js';
import { localIntegrationEnvironment, sandboxes } from '../../infra/local/sandboxes/index.js';
import { loadSettings } from '../../infra/local/settings.js';
import { stack } from './api.js';

/** This process calls services as the stack's handlers do: same table, bus, e-mail and origin. */
export function useStackEnvironment(): void {
  const { url, resources, sandboxUrls } = stack();
  Object.assign(process.env, handlerEnvironment(resources, { ...loadSettings({}), appOrigin: url }));
  // The outside providers' sandboxes, as the local stack gives its handlers (e.g. refunds from the lessons job).
  for (const { id } of integrations) {
    const sandboxUrl = sandboxUrls[id];
    if (sandboxUrl) Object.assign(process.env, localIntegrationEnvironment(id, { apiUrl: sandboxUrl }, sandboxes[id].secretValue));
  }
}

/** Runs a declared job once as if scheduled at `at`; answers its summary, rejects when it fails. */
export async function runJobAt(name: string, at: Date): Promise<Record<string, number>> {
  useStackEnvironment();
  const runner = startScheduleRunner(schedules, { intervalMs: 0 });
  try {
    return await runner.runNow(name, at) as Record<string, number>;
  } finally {
    await runner.stop();
  }
}
