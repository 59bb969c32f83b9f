/**
 * completeLesson against fakes of the repository and the bus: the call that completes a lesson
 * announces it; calls racing it announce nothing; a later call finishes an announcement a crash
 * left owed, only once the completing call's lease ran out and only if it wins the claim.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fakes = vi.hoisted(() => ({
  markBookingCompleted: vi.fn(), claimOwedCompletion: vi.fn(), markCompletionPublished: vi.fn(), publishEvent: vi.fn(),
}));
vi.mock('./repository.js', () => ({
  markBookingCompleted: fakes.markBookingCompleted, claimOwedCompletion: fakes.claimOwedCompletion,
  markCompletionPublished: fakes.markCompletionPublished,
}));
vi.mock('../shared/events.js', () => ({ publishEvent: fakes.publishEvent }));
import { completeLesson } from './service.js';

const now = new Date('2026-11-24T08:00:00Z');
const booking = {
  id: 'booking-1', studentId: 'student-1', tutorId: 'tutor-1', subject: 'Mathematics', scheduledAt: '2026-11-24T06:00:00.000Z',
  durationMinutes: 60, status: 'completed', completedAt: '2026-11-24T07:00:00.000Z',
};

beforeEach(() => {
  for (const fake of Object.values(fakes)) fake.mockReset();
  fakes.claimOwedCompletion.mockResolvedValue(null);
});

describe('completeLesson', () => {
  it('announces the lesson once, from the call that completed it', async () => {
    fakes.markBookingCompleted.mockResolvedValue(booking);
    expect(await completeLesson('booking-1', 'ended_by_tutor', now)).toBe(true);
    expect(fakes.publishEvent).toHaveBeenCalledOnce();
    expect(fakes.publishEvent.mock.calls[0]![1]).toMatchObject({ bookingId: 'booking-1', reason: 'ended_by_tutor' });
    expect(fakes.markCompletionPublished).toHaveBeenCalledWith('booking-1');
  });

  it('a call that did not complete it announces nothing unless it claims an owed announcement past the lease', async () => {
    fakes.markBookingCompleted.mockResolvedValue(null);
    expect(await completeLesson('booking-1', 'time_passed', now)).toBe(false);
    expect(fakes.claimOwedCompletion).toHaveBeenCalledWith('booking-1', now.toISOString(), '2026-11-24T07:59:00.000Z');
    expect(fakes.publishEvent).not.toHaveBeenCalled();

    fakes.claimOwedCompletion.mockResolvedValue(booking);
    expect(await completeLesson('booking-1', 'time_passed', now)).toBe(false);
    expect(fakes.publishEvent).toHaveBeenCalledOnce();
    expect(fakes.publishEvent.mock.calls[0]![1]).toMatchObject({ occurredAt: booking.completedAt });
  });
});
