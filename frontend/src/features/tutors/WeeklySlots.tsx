/** Weekly slots Monday → Sunday, "No availability" on empty days. Display only. */
import type { ReactNode } from 'react';
import type { AvailabilitySlot } from '@functions/tutors/contract';
import { groupByWeekday, slotTimes } from './availability';
import { useDashboardText, weekdayName } from './dashboard/text';

export function WeeklySlots({
  slots,
  action,
}: {
  slots: readonly AvailabilitySlot[];
  /** Something to show beside each slot (the delete button on /tutor-availability). */
  action?: (slot: AvailabilitySlot) => ReactNode;
}) {
  const t = useDashboardText();
  return (
    <ul className="week-list" role="list">
      {groupByWeekday(slots).map((day) => (
        <li key={day.dayOfWeek} className="week-day">
          <h3 className="week-day-name">{weekdayName(t, day.dayOfWeek)}</h3>
          {day.slots.length === 0 ? (
            <p className="muted week-empty">{t('week.noAvailability')}</p>
          ) : (
            <ul className="slot-list" role="list" aria-label={t('week.slots', { day: weekdayName(t, day.dayOfWeek) })}>
              {day.slots.map((slot) => (
                <li key={slot.id} className="slot-chip">
                  <span>{slotTimes(slot)}</span>
                  {action?.(slot)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
