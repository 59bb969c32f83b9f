/**
 * Today's AI use of the whole platform, for the super admin's analytics: one read of the
 * platform's counter item. Its own module so the admin function does not load the model adapter.
 */
import { platformUsageKey } from './keys.js';
import { nairobiDay } from './quota.js';
import { usage } from './repository.js';

export async function platformAiUsageToday(now = new Date()): Promise<{ day: string; modelCalls: number }> {
  const day = nairobiDay(now);
  return { day, modelCalls: (await usage(platformUsageKey(day))).modelCalls };
}
