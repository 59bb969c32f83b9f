/** Small parts of the weekly lesson screens: the slot on both clocks, weekday and term names. */
import { useMemo } from 'react';
import { zoneName } from '../../shared/format';
import { dateFormat } from '../../shared/when';
import { slotInZones } from './plan-time';
import { usePlansText, type PlansText } from './text';

/** "Tuesday" / "Jumanne": 0 Sunday … 6 Saturday, in the active language. */
export function weekdayName(dayOfWeek: number): string {
  // 4 January 2026 was a Sunday.
  return dateFormat({ weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 4 + dayOfWeek)));
}

/** "2027-1" → "Term 1 2027". */
export function termName(id: string, t: PlansText): string {
  const [year = '', term = ''] = id.split('-');
  return t('termName', { term, year });
}

/** "Every Tuesday at 17:00 (East Africa Time) · for you: Tuesday at 14:00 (Greenwich Mean Time)". */
export function PlanSlot({ slot, tutorZone, viewerZone }: { slot: { dayOfWeek: number; startTime: string }; tutorZone: string; viewerZone: string }) {
  const t = usePlansText();
  const { tutor, viewer } = useMemo(() => slotInZones(slot, tutorZone, viewerZone, new Date()), [slot, tutorZone, viewerZone]);
  return (
    <>
      <span className="plan-slot">{t('slot.tutor', { day: weekdayName(tutor.dayOfWeek), time: tutor.time, zone: zoneName(tutorZone) })}</span>
      {viewer && (
        <span className="plan-slot-viewer"> · {t('slot.viewer', { day: weekdayName(viewer.dayOfWeek), time: viewer.time, zone: zoneName(viewerZone) })}</span>
      )}
    </>
  );
}
