/** Weekly availability display and form rules (/tutor-availability and the booking form). */
import { AVAILABILITY_HOURS, WEEK_ORDER, WEEKDAYS } from '@functions/tutors/catalog';
import type { AvailabilitySlot } from '@functions/tutors/contract';
import { hhmm } from './format';

export interface WeekdaySlots {
  dayOfWeek: number;
  name: string;
  slots: AvailabilitySlot[];
}

/** Seven rows, Monday → Sunday, each with its slots by start time (empty days included). */
export function groupByWeekday(slots: readonly AvailabilitySlot[]): WeekdaySlots[] {
  return WEEK_ORDER.map((dayOfWeek) => ({
    dayOfWeek,
    name: WEEKDAYS[dayOfWeek],
    slots: slots
      .filter((slot) => slot.dayOfWeek === dayOfWeek)
      .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime)),
  }));
}

/** "09:00–10:00" */
export const slotTimes = (slot: Pick<AvailabilitySlot, 'startTime' | 'endTime'>): string =>
  `${hhmm(slot.startTime)}–${hhmm(slot.endTime)}`;

/** The form's choices and default (hourly 08:00–20:00, default Monday 09:00–10:00). */
export const HOUR_CHOICES = AVAILABILITY_HOURS;
export const DEFAULT_SLOT = { dayOfWeek: 1, startTime: '09:00', endTime: '10:00' } as const;
