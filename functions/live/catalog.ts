/** Live-class facts with no I/O and no zod, shared by the API and the SPA's light list pages. */

/** Minutes before the scheduled start from which a class can be opened and joined. */
export const OPENS_MINUTES_BEFORE = 15;
/** Minutes after the scheduled end until which an active class can still be joined. */
export const CLOSES_MINUTES_AFTER = 30;

/** When a lesson's class opens: OPENS_MINUTES_BEFORE before its start. */
export const liveOpensAt = (scheduledAt: string): Date => new Date(Date.parse(scheduledAt) - OPENS_MINUTES_BEFORE * 60_000);
