import { describe, expect, it } from 'vitest';
import { dueReminder, readyToComplete } from './lesson-rules.js';
import { absentParty, absentWhenEnded, partiesWhoJoined, dueSlices, dueWindowStart, workStillDue } from './lesson-rules.js';

const START = '2026-11-23T09:00:00.000Z';
const at = (hoursBeforeStart: number) => new Date(Date.parse(START) - hoursBeforeStart * 3_600_000);
const lesson = (over: Record<string, unknown> = {}) => ({
  scheduledAt: START, durationMinutes: 60, status: 'confirmed' as const, paymentStatus: 'paid' as const,
  paidAt: at(72).toISOString(), tutorId: 't', studentId: 's', ...over,
});

describe('dueReminder (24 h and 1 h before a paid lesson)', () => {
  it('nothing before the 24 h mark; the 24 h reminder from it until the 1 h mark', () => {
    expect(dueReminder(lesson(), at(24.01))).toBeUndefined();
    expect(dueReminder(lesson(), at(24))?.kind).toBe('24h');
    expect(dueReminder(lesson(), at(3))?.kind).toBe('24h');
    expect(dueReminder(lesson(), at(1.01))?.kind).toBe('24h');
  });

  it('the 1 h reminder from the 1 h mark until the start; nothing once it started', () => {
    expect(dueReminder(lesson(), at(1))?.kind).toBe('1h');
    expect(dueReminder(lesson(), at(0.01))?.kind).toBe('1h');
    expect(dueReminder(lesson(), at(0))).toBeUndefined();
    expect(dueReminder(lesson(), at(-1))).toBeUndefined();
  });

  it('a lesson moved to 3 h ahead counts from its move: only the 1 h reminder for the new time', () => {
    const moved = lesson({ paidAt: at(72).toISOString(), rescheduledAt: at(3).toISOString() });
    expect(dueReminder(moved, at(2.9))).toBeUndefined();
    expect(dueReminder(moved, at(1))?.kind).toBe('1h');
    // Moved days ahead: both reminders again.
    expect(dueReminder(lesson({ rescheduledAt: at(48).toISOString() }), at(24))?.kind).toBe('24h');
  });

  it('a lesson paid 3 h ahead gets only the 1 h reminder, never a late "24 hours" one', () => {
    const late = lesson({ paidAt: at(3).toISOString() });
    expect(dueReminder(late, at(2.9))).toBeUndefined();
    expect(dueReminder(late, at(1))?.kind).toBe('1h');
  });

  it('a lesson paid after the 1 h mark gets none; one paid exactly at a mark gets that reminder', () => {
    expect(dueReminder(lesson({ paidAt: at(0.5).toISOString() }), at(0.4))).toBeUndefined();
    expect(dueReminder(lesson({ paidAt: at(24).toISOString() }), at(23))?.kind).toBe('24h');
  });

  it('older bookings without paidAt are reminded as usual', () => {
    expect(dueReminder(lesson({ paidAt: undefined }), at(20))?.kind).toBe('24h');
  });

  it('never for an unpaid, completed or cancelled lesson', () => {
    expect(dueReminder(lesson({ paymentStatus: 'pending', status: 'pending' }), at(1))).toBeUndefined();
    expect(dueReminder(lesson({ status: 'completed' }), at(1))).toBeUndefined();
    expect(dueReminder(lesson({ status: 'cancelled' }), at(20))).toBeUndefined();
  });
});

describe('readyToComplete (the lesson happened)', () => {
  const both = new Set(['t', 's']);
  const end = new Date(Date.parse(START) + 60 * 60_000);

  it('once the scheduled end has passed and both the tutor and the student joined', () => {
    expect(readyToComplete(lesson(), both, end)).toBe(true);
    expect(readyToComplete(lesson({ durationMinutes: 90 }), both, end)).toBe(false);
    expect(readyToComplete(lesson(), both, new Date(end.getTime() - 1))).toBe(false);
  });

  it('not when nobody or only one party joined (the no-show rules decide those)', () => {
    expect(readyToComplete(lesson(), new Set(), end)).toBe(false);
    expect(readyToComplete(lesson(), new Set(['t']), end)).toBe(false);
    expect(readyToComplete(lesson(), new Set(['s', 'someone-else']), end)).toBe(false);
  });

  it('never an unpaid lesson, nor one already completed', () => {
    expect(readyToComplete(lesson({ paymentStatus: 'pending' }), both, end)).toBe(false);
    expect(readyToComplete(lesson({ status: 'completed' }), both, end)).toBe(false);
  });
});

describe('absentParty (no-shows)', () => {
  const lesson = { scheduledAt: '2026-12-01T10:00:00.000Z', durationMinutes: 60, status: 'confirmed' as const, paymentStatus: 'paid' as const, tutorId: 't', studentId: 's' };
  const at = (iso: string) => new Date(iso);
  it('waits for the end plus the grace', () => {
    expect(absentParty(lesson, new Set(), at('2026-12-01T11:14:59Z'))).toBeUndefined();
    expect(absentParty(lesson, new Set(), at('2026-12-01T11:15:00Z'))).toBe('tutor');
  });
  it('blames the tutor when the tutor never came, the student when only the student stayed away', () => {
    expect(absentParty(lesson, new Set(['s']), at('2026-12-01T12:00:00Z'))).toBe('tutor');
    expect(absentParty(lesson, new Set(['t']), at('2026-12-01T12:00:00Z'))).toBe('student');
    expect(absentParty(lesson, new Set(['t', 's']), at('2026-12-01T12:00:00Z'))).toBeUndefined();
    expect(absentParty({ ...lesson, status: 'completed' }, new Set(), at('2026-12-01T12:00:00Z'))).toBeUndefined();
  });
  it('blames the tutor who ended the class before its scheduled end without the student having joined', () => {
    const endedEarly = at('2026-12-01T10:20:00Z');
    expect(absentParty(lesson, new Set(['t']), at('2026-12-01T12:00:00Z'), endedEarly)).toBe('tutor');
    // Kept open until the scheduled end: the student stayed away.
    expect(absentParty(lesson, new Set(['t']), at('2026-12-01T12:00:00Z'), at('2026-12-01T11:00:00Z'))).toBe('student');
    expect(absentParty(lesson, new Set(['t', 's']), at('2026-12-01T12:00:00Z'), endedEarly)).toBeUndefined();
  });
});

describe('partiesWhoJoined', () => {
  it('counts any attendee as the student side: a child\'s own login joins under their own id', () => {
    const joined = partiesWhoJoined({ tutorId: 't', studentId: 'parent' }, [{ userId: 'child', role: 'attendee' }]);
    expect(joined.has('parent')).toBe(true);
    expect(joined.has('t')).toBe(false);
    expect(partiesWhoJoined({ tutorId: 't', studentId: 's' }, [{ userId: 't', role: 'moderator' }])).toEqual(new Set(['t']));
  });
});

describe('absentWhenEnded (what the tutor\'s End settles)', () => {
  const lesson = { scheduledAt: '2026-12-01T10:00:00.000Z', durationMinutes: 60, tutorId: 't', studentId: 's' };
  const at = (iso: string) => new Date(iso);
  it('nobody when both joined, whenever it ended', () => {
    expect(absentWhenEnded(lesson, new Set(['t', 's']), at('2026-12-01T10:05:00Z'))).toBeUndefined();
  });
  it('the tutor when the student had not joined before the scheduled end, or the tutor never joined', () => {
    expect(absentWhenEnded(lesson, new Set(['t']), at('2026-12-01T10:59:59.999Z'))).toBe('tutor');
    expect(absentWhenEnded(lesson, new Set(), at('2026-12-01T10:30:00Z'))).toBe('tutor');
    expect(absentWhenEnded(lesson, new Set(['s']), at('2026-12-01T11:10:00Z'))).toBe('tutor');
  });
  it('the student when the tutor kept the class open until the scheduled end', () => {
    expect(absentWhenEnded(lesson, new Set(['t']), at('2026-12-01T11:00:00Z'))).toBe('student');
  });
});

describe('when lesson work comes due (the job reads only these slices of the start-time index)', () => {
  const instant = (iso: string) => new Date(iso);
  it('a run covers the time since the last finished run, its own interval without one or on a retry, at most 48 h back', () => {
    const now = instant('2026-11-23T10:00:00.000Z');
    expect(dueWindowStart(instant('2026-11-23T09:55:00.000Z'), now)).toEqual(instant('2026-11-23T09:55:00.000Z'));
    expect(dueWindowStart(instant('2026-11-23T07:00:00.000Z'), now)).toEqual(instant('2026-11-23T07:00:00.000Z'));
    expect(dueWindowStart(undefined, now)).toEqual(instant('2026-11-23T09:55:00.000Z'));
    expect(dueWindowStart(now, now)).toEqual(instant('2026-11-23T09:55:00.000Z'));
    expect(dueWindowStart(instant('2026-11-01T00:00:00.000Z'), now)).toEqual(instant('2026-11-21T10:00:00.000Z'));
  });

  it('reminders at their marks, completion at the end and settlement after the grace, one slice per duration', () => {
    const slices = dueSlices(instant('2026-11-23T09:55:00.000Z'), instant('2026-11-23T10:00:00.000Z'), [60, 90]);
    const show = slices.map((s) => [s.kind, s.durationMinutes ?? null, s.startAfter.toISOString(), s.startUntil.toISOString()]);
    expect(show).toEqual([
      ['reminder-24h', null, '2026-11-24T09:55:00.000Z', '2026-11-24T10:00:00.000Z'],
      ['reminder-1h', null, '2026-11-23T10:55:00.000Z', '2026-11-23T11:00:00.000Z'],
      ['complete', 60, '2026-11-23T08:55:00.000Z', '2026-11-23T09:00:00.000Z'],
      ['complete', 90, '2026-11-23T08:25:00.000Z', '2026-11-23T08:30:00.000Z'],
      ['settle', 60, '2026-11-23T08:40:00.000Z', '2026-11-23T08:45:00.000Z'],
      ['settle', 90, '2026-11-23T08:10:00.000Z', '2026-11-23T08:15:00.000Z'],
      ['report-due', 60, '2026-11-22T08:55:00.000Z', '2026-11-22T09:00:00.000Z'],
      ['report-due', 90, '2026-11-22T08:25:00.000Z', '2026-11-22T08:30:00.000Z'],
    ]);
  });

  it('only work that still concerns the lesson: not a cancelled one, not a settlement before the grace', () => {
    const lesson = { scheduledAt: '2026-11-23T09:00:00.000Z', durationMinutes: 60, status: 'confirmed', paymentStatus: 'paid' } as const;
    expect(workStillDue('reminder-1h', lesson, instant('2026-11-23T08:00:00.000Z'))).toBe(true);
    expect(workStillDue('reminder-1h', { ...lesson, status: 'cancelled' }, instant('2026-11-23T08:00:00.000Z'))).toBe(false);
    expect(workStillDue('reminder-24h', lesson, instant('2026-11-23T08:00:00.000Z'))).toBe(false);
    expect(workStillDue('complete', lesson, instant('2026-11-23T10:00:00.000Z'))).toBe(true);
    expect(workStillDue('settle', lesson, instant('2026-11-23T10:14:00.000Z'))).toBe(false);
    expect(workStillDue('settle', lesson, instant('2026-11-23T10:15:00.000Z'))).toBe(true);
    expect(workStillDue('settle', { ...lesson, status: 'completed' }, instant('2026-11-23T10:15:00.000Z'))).toBe(false);
    // The report comes due a day after the end, for a lesson that took place.
    expect(workStillDue('report-due', { ...lesson, status: 'completed' }, instant('2026-11-24T09:59:00.000Z'))).toBe(false);
    expect(workStillDue('report-due', { ...lesson, status: 'completed' }, instant('2026-11-24T10:00:00.000Z'))).toBe(true);
    expect(workStillDue('report-due', lesson, instant('2026-11-24T10:00:00.000Z'))).toBe(false);
  });
});
