/**
 * The policy window before a lesson: inside it a student can no longer cancel for a
 * refund or propose a new time. Configurable per deployment (CANCELLATION_WINDOW_HOURS), by default
 * DEFAULT_CANCELLATION_WINDOW_HOURS (catalog.ts) as on Preply. Cancel and reschedule read the same function so they never disagree.
 */
import { DEFAULT_CANCELLATION_WINDOW_HOURS } from './catalog.js';

export { DEFAULT_CANCELLATION_WINDOW_HOURS };

export function cancellationWindowHours(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.CANCELLATION_WINDOW_HOURS);
  return env.CANCELLATION_WINDOW_HOURS !== undefined && Number.isFinite(n) && n >= 0 ? n : DEFAULT_CANCELLATION_WINDOW_HOURS;
}

/** The instant the window opens for a lesson starting at `scheduledAt` (UTC ISO). */
export const windowOpensAt = (scheduledAt: string, windowHours = cancellationWindowHours()): string =>
  new Date(Date.parse(scheduledAt) - windowHours * 3_600_000).toISOString();
