import { describe, expect, it } from 'vitest';
import { rescheduleActions } from './reschedule-actions';

const START = '2026-12-10T09:00:00.000Z';
const hoursBefore = (h: number) => new Date(Date.parse(START) - h * 3_600_000);
const lesson = (over: Record<string, unknown> = {}) => ({
  studentId: 's', tutorId: 't', status: 'confirmed' as const, paymentStatus: 'paid' as const, scheduledAt: START, ...over,
});
const proposed = (by: 'student' | 'tutor') => lesson({ rescheduleProposal: { by, start: '2026-12-11T09:00:00.000Z', proposedAt: START } });

describe('rescheduleActions', () => {
  it('the student may propose until 12 h before; the tutor until the start', () => {
    expect(rescheduleActions(lesson(), 's', hoursBefore(12.02)).propose).toBe(true);
    expect(rescheduleActions(lesson(), 's', hoursBefore(11.98)).propose).toBe(false);
    expect(rescheduleActions(lesson(), 't', hoursBefore(1)).propose).toBe(true);
    expect(rescheduleActions(lesson(), 't', hoursBefore(0)).propose).toBe(false);
  });

  it('nothing for unpaid, cancelled or completed lessons, or for strangers', () => {
    const none = { propose: false, accept: false, decline: false, withdraw: false };
    expect(rescheduleActions(lesson({ paymentStatus: 'pending', status: 'pending' }), 's', hoursBefore(48))).toEqual(none);
    expect(rescheduleActions(lesson({ status: 'cancelled' }), 's', hoursBefore(48))).toEqual(none);
    expect(rescheduleActions(lesson({ status: 'completed' }), 't', hoursBefore(48))).toEqual(none);
    expect(rescheduleActions(lesson(), 'x', hoursBefore(48))).toEqual(none);
  });

  it('the other party accepts or declines; the proposer withdraws or proposes another time', () => {
    expect(rescheduleActions(proposed('student'), 't', hoursBefore(48))).toMatchObject({
      propose: false, accept: true, decline: true, withdraw: false, proposal: { mine: false },
    });
    expect(rescheduleActions(proposed('student'), 's', hoursBefore(48))).toMatchObject({
      propose: true, accept: false, decline: false, withdraw: true, proposal: { mine: true },
    });
  });
});
