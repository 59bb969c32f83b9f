/** Tutor availability contract (spec §3 Availability slot), shared by the API and the SPA. */
import * as z from 'zod';

/** 0 Sunday … 6 Saturday, as in the spec. */
export const DayOfWeek = z.number().int().min(0).max(6);

/** "HH:MM", 24-hour, wall-clock in the tutor's time zone. */
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM');

export const AvailabilitySlot = z.object({
  id: z.string(),
  dayOfWeek: DayOfWeek,
  startTime: WallTime,
  endTime: WallTime,
  isAvailable: z.boolean(),
});
export type AvailabilitySlot = z.infer<typeof AvailabilitySlot>;

export const AvailabilityList = z.object({ slots: z.array(AvailabilitySlot), timeZone: z.string() });
export type AvailabilityList = z.infer<typeof AvailabilityList>;
