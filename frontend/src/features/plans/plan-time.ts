/**
 * A weekly slot's wall clock in two zones: plans keep the tutor's weekday and hour (with the
 * tutor's IANA zone), and the family reads them on their own clock too. Pure (Intl only), so it is
 * unit-tested across zones and daylight-saving changes.
 */

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    partsFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** Minutes the zone's clock is ahead of UTC at that instant (Nairobi 180, London 0 or 60). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  return (Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000;
}

/** The instant the clock in `timeZone` reads `date` ("yyyy-mm-dd") `time` ("HH:MM"). */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  const first = asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * 60_000;
  // Near a change of offset the first guess used the other side's offset: once more settles it.
  return new Date(asUtc - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
}

/** The next lesson of a weekly slot after `now`: `dayOfWeek` (0 Sunday) at `startTime` on the tutor's clock. */
export function nextLessonStart(dayOfWeek: number, startTime: string, timeZone: string, now: Date): Date {
  const today = wallClock(now, timeZone);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const ahead = (dayOfWeek - new Date(todayUtc).getUTCDay() + 7) % 7;
  for (const days of [ahead, ahead + 7]) {
    const date = new Date(todayUtc + days * 86_400_000).toISOString().slice(0, 10);
    const start = instantOf(date, startTime, timeZone);
    if (start > now) return start;
  }
  throw new Error('unreachable: a week later is always after now');
}

/** The weekday (0 Sunday) and "HH:MM" an instant reads on a zone's clock. */
export function weeklySlotIn(instant: Date, timeZone: string): { dayOfWeek: number; time: string } {
  const c = wallClock(instant, timeZone);
  return {
    dayOfWeek: new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay(),
    time: `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`,
  };
}

/**
 * The slot on the tutor's clock and, when it reads differently there, on the viewer's: the next
 * lesson decides (a zone that changes its clocks later in the term moves the family's side only).
 */
export function slotInZones(
  slot: { dayOfWeek: number; startTime: string },
  tutorZone: string,
  viewerZone: string,
  now: Date,
): { tutor: { dayOfWeek: number; time: string }; viewer: { dayOfWeek: number; time: string } | null } {
  const tutor = { dayOfWeek: slot.dayOfWeek, time: slot.startTime };
  const viewer = weeklySlotIn(nextLessonStart(slot.dayOfWeek, slot.startTime, tutorZone, now), viewerZone);
  return { tutor, viewer: viewer.dayOfWeek === tutor.dayOfWeek && viewer.time === tutor.time ? null : viewer };
}

/** Whole hours a weekly lesson may start at (the tutor's availability is in whole hours). */
export const PLAN_START_TIMES: readonly string[] = Array.from({ length: 16 }, (_, i) => `${String(i + 6).padStart(2, '0')}:00`);
