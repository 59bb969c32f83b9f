/**
 * The live session service against small fakes of the provider, the repository and the other
 * domains' services: who gets which role, what a provider failure leaves behind (nothing), and
 * what a repeated end does (no provider call, completion asked again and done once by bookings).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../bookings/contract.js';
import type { LiveSession } from './keys.js';

const fakes = vi.hoisted(() => ({
  booking: null as unknown,
  session: null as unknown,
  attendance: [] as unknown[],
  calls: [] as string[],
  provider: {
    createMeeting: vi.fn(), joinUrl: vi.fn(), endMeeting: vi.fn(), isMeetingRunning: vi.fn(), meetingInfo: vi.fn(),
  },
  putNewSession: vi.fn(), activateSession: vi.fn(), recordJoin: vi.fn(), endSession: vi.fn(), completeLesson: vi.fn(), settleNoShow: vi.fn(),
}));
vi.mock('./bigbluebutton.js', () => ({ videoProvider: () => fakes.provider }));
vi.mock('./repository.js', () => ({
  readLiveSession: async () => ({ session: fakes.session, attendance: fakes.attendance }),
  putNewSession: fakes.putNewSession, activateSession: fakes.activateSession, recordJoin: fakes.recordJoin, endSession: fakes.endSession,
}));
vi.mock('../bookings/service.js', () => ({ getBooking: async () => fakes.booking, completeLesson: fakes.completeLesson }));
vi.mock('../bookings/cancel-service.js', () => ({ settleNoShow: fakes.settleNoShow }));
vi.mock('../profiles/service.js', () => ({
  getProfile: async (id: string) => ({ id, firstName: id === 'tutor-1' ? 'Amina' : 'Brian', lastName: 'Otieno', timeZone: 'Africa/Nairobi' }),
}));
import { liveMessages } from './contract.js';
import { VideoProviderError } from './video.js';
import { createLiveSession, endLiveSession, joinLiveSession } from './service.js';

const tutor = { id: 'tutor-1', groups: ['tutor'], role: 'tutor' as const };
const student = { id: 'student-1', groups: ['student'], role: 'student' as const };
const now = new Date('2026-11-24T06:05:00Z');
const booking = (over: Partial<Booking> = {}): Booking => ({
  id: 'b0000000-0000-4000-8000-000000000001', studentId: 'student-1', tutorId: 'tutor-1', subject: 'Mathematics',
  scheduledAt: '2026-11-24T06:00:00.000Z', durationMinutes: 60, hourlyRate: 1500, totalAmount: 1500, amountMinor: 150_000,
  currency: 'KES', status: 'confirmed', paymentStatus: 'paid', createdAt: '2026-11-23T08:00:00.000Z',
  tutor: { id: 'tutor-1', firstName: 'Amina', lastName: 'Otieno' }, student: { id: 'student-1', firstName: 'Brian', lastName: 'Otieno' }, ...over,
});
const session = (status: LiveSession['status']): LiveSession => ({
  bookingId: booking().id, status, meetingId: `alp-${booking().id}`, tutorId: 'tutor-1', studentId: 'student-1', createdAt: now.toISOString(),
});
const joined = (userId: string, role: 'moderator' | 'attendee') => ({ userId, name: userId, role, joinedAt: '2026-11-24T05:58:00.000Z' });
const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);
const record = (name: string) => async () => { fakes.calls.push(name); return true; };

beforeEach(() => {
  process.env.APP_ORIGIN = 'http://localhost:3000';
  fakes.booking = booking();
  fakes.session = null;
  fakes.attendance = [joined('tutor-1', 'moderator'), joined('student-1', 'attendee')];
  fakes.calls.length = 0;
  fakes.provider.createMeeting.mockReset().mockImplementation(record('provider.create'));
  fakes.provider.endMeeting.mockReset().mockImplementation(record('provider.end'));
  fakes.provider.joinUrl.mockReset().mockImplementation(async ({ role }: { role: string }) => `https://bbb.example/join?role=${role}`);
  for (const name of ['putNewSession', 'activateSession', 'recordJoin', 'endSession', 'completeLesson', 'settleNoShow'] as const) {
    fakes[name].mockReset().mockImplementation(record(name));
  }
});

describe('create', () => {
  it('asks the provider for the room first, then writes the session', async () => {
    await createLiveSession(tutor, booking().id, { start: true }, now);
    expect(fakes.calls).toEqual(['provider.create', 'putNewSession']);
    expect(fakes.provider.createMeeting.mock.calls[0]![0]).toEqual({
      meetingId: `alp-${booking().id}`, name: 'Mathematics with Amina Otieno',
      logoutUrl: `http://localhost:3000/live-left.html?lesson=${booking().id}`, durationMinutes: 105,
    });
    expect(fakes.putNewSession.mock.calls[0]![0]).toMatchObject({ status: 'active', startedAt: now.toISOString() });
  });

  it('writes nothing when the provider fails, and answers 502 with the spec text', async () => {
    fakes.provider.createMeeting.mockRejectedValue(new VideoProviderError('BigBlueButton create: no answer within 8 s'));
    expect(await refusal(createLiveSession(tutor, booking().id, {}, now)))
      .toMatchObject({ status: 502, code: 'video_provider_failed', message: liveMessages.createFailed });
    expect(fakes.putNewSession).not.toHaveBeenCalled();
  });

  it('is the booking\'s tutor\'s alone, and never re-creates an ended session', async () => {
    expect(await refusal(createLiveSession(student, booking().id, {}, now))).toMatchObject({ status: 403 });
    fakes.session = session('ended');
    expect(await refusal(createLiveSession(tutor, booking().id, { start: true }, now))).toMatchObject({ status: 409, code: 'session_ended' });
    expect(fakes.provider.createMeeting).not.toHaveBeenCalled();
  });

  it('Start Class on an existing room makes it active; a plain repeat writes nothing', async () => {
    fakes.session = session('created');
    await createLiveSession(tutor, booking().id, { start: true }, now);
    expect(fakes.activateSession).toHaveBeenCalledOnce();
    fakes.session = session('active');
    fakes.activateSession.mockClear();
    await createLiveSession(tutor, booking().id, {}, now);
    expect(fakes.putNewSession).not.toHaveBeenCalled();
    expect(fakes.activateSession).not.toHaveBeenCalled();
  });
});

describe('join', () => {
  it('gives the student an attendee URL and the tutor a moderator URL, recreating the room for the tutor only', async () => {
    fakes.session = session('created');
    const asStudent = await joinLiveSession(student, booking().id, now);
    expect(asStudent).toMatchObject({ role: 'attendee', joinUrl: 'https://bbb.example/join?role=attendee' });
    expect(fakes.provider.createMeeting).not.toHaveBeenCalled();
    const asTutor = await joinLiveSession(tutor, booking().id, now);
    expect(asTutor).toMatchObject({ role: 'moderator', joinUrl: 'https://bbb.example/join?role=moderator' });
    expect(fakes.provider.createMeeting).toHaveBeenCalledOnce();
    expect(fakes.recordJoin.mock.calls.map(([, entry]) => entry)).toEqual([
      { userId: 'student-1', name: 'Brian Otieno', role: 'attendee', joinedAt: now.toISOString() },
      { userId: 'tutor-1', name: 'Amina Otieno', role: 'moderator', joinedAt: now.toISOString() },
    ]);
  });

  it('tells a student who is early for the tutor to wait, with the spec text', async () => {
    expect(await refusal(joinLiveSession(student, booking().id, now)))
      .toMatchObject({ status: 409, code: 'not_started', message: liveMessages.waitingForTutor });
  });

  it('records nothing when the provider fails', async () => {
    fakes.session = session('active');
    fakes.provider.createMeeting.mockRejectedValue(new VideoProviderError('BigBlueButton create failed'));
    expect(await refusal(joinLiveSession(tutor, booking().id, now))).toMatchObject({ status: 502, message: liveMessages.joinFailed });
    expect(fakes.recordJoin).not.toHaveBeenCalled();
  });

  it('refuses when the session ended between the read and the write', async () => {
    fakes.session = session('active');
    fakes.recordJoin.mockResolvedValue(false);
    expect(await refusal(joinLiveSession(student, booking().id, now))).toMatchObject({ status: 409, code: 'session_ended' });
  });
});

describe('end', () => {
  it('ends the room on the provider, then the session, then completes the lesson', async () => {
    fakes.session = session('active');
    await endLiveSession(tutor, booking().id, now);
    expect(fakes.calls).toEqual(['provider.end', 'endSession', 'completeLesson']);
    expect(fakes.completeLesson).toHaveBeenCalledWith(booking().id, 'ended_by_tutor', now);
  });

  it('changes nothing when the provider fails', async () => {
    fakes.session = session('active');
    fakes.provider.endMeeting.mockRejectedValue(new VideoProviderError('BigBlueButton end failed'));
    expect(await refusal(endLiveSession(tutor, booking().id, now))).toMatchObject({ status: 502, message: liveMessages.endFailed });
    expect(fakes.endSession).not.toHaveBeenCalled();
    expect(fakes.completeLesson).not.toHaveBeenCalled();
  });

  it('a repeat of an ended session calls no provider and leaves completing to bookings\' once-only rule', async () => {
    fakes.session = session('ended');
    fakes.booking = booking({ status: 'completed' });
    await endLiveSession(tutor, booking().id, now);
    expect(fakes.calls).toEqual(['completeLesson']);
  });

  it('refuses a session that is not live, and anyone but the tutor', async () => {
    fakes.session = session('created');
    expect(await refusal(endLiveSession(tutor, booking().id, now))).toMatchObject({ status: 409, code: 'not_active' });
    fakes.session = session('active');
    expect(await refusal(endLiveSession(student, booking().id, now))).toMatchObject({ status: 403 });
    expect(fakes.provider.endMeeting).not.toHaveBeenCalled();
  });

  it('refuses to end before the lesson\'s scheduled start, touching nothing: the lesson has not been given', async () => {
    fakes.session = session('active');
    const early = new Date('2026-11-24T05:48:00Z');
    expect(await refusal(endLiveSession(tutor, booking().id, early))).toMatchObject({ status: 422, code: 'lesson_not_started' });
    expect(fakes.calls).toEqual([]);
  });

  it('ended before the scheduled end without the student having joined: a tutor no-show, never a completion', async () => {
    fakes.session = session('active');
    fakes.attendance = [joined('tutor-1', 'moderator')];
    fakes.endSession.mockImplementation(async () => {
      fakes.session = { ...session('ended'), endedAt: now.toISOString() };
      return true;
    });
    await endLiveSession(tutor, booking().id, now);
    expect(fakes.completeLesson).not.toHaveBeenCalled();
    expect(fakes.settleNoShow).toHaveBeenCalledWith(expect.objectContaining({ id: booking().id }), 'tutor', now);
  });

  it('kept open until the scheduled end for a student who never came: a student no-show (the tutor is paid)', async () => {
    const after = new Date('2026-11-24T07:01:00Z');
    fakes.session = session('active');
    fakes.attendance = [joined('tutor-1', 'moderator')];
    fakes.endSession.mockImplementation(async () => {
      fakes.session = { ...session('ended'), endedAt: after.toISOString() };
      return true;
    });
    await endLiveSession(tutor, booking().id, after);
    expect(fakes.settleNoShow).toHaveBeenCalledWith(expect.objectContaining({ id: booking().id }), 'student', after);
  });
});

describe('a booking with no class', () => {
  it('is refused to both parties for create, join and end with 409 and its reason; no room is made', async () => {
    fakes.session = session('active');
    for (const [over, code, message] of [
      [{ status: 'cancelled' }, 'lesson_cancelled', liveMessages.lessonCancelled],
      [{ paymentStatus: 'refunded' }, 'payment_refunded', liveMessages.paymentRefunded],
      [{ status: 'pending', paymentStatus: 'pending', holdExpiresAt: '2026-11-23T08:15:00.000Z' }, 'booking_expired', liveMessages.bookingExpired],
    ] as const) {
      fakes.booking = booking(over);
      for (const call of [createLiveSession(tutor, booking().id, { start: true }, now), joinLiveSession(student, booking().id, now), endLiveSession(tutor, booking().id, now)]) {
        expect(await refusal(call)).toMatchObject({ status: 409, code, message });
      }
    }
    expect(fakes.calls).toEqual([]);
  });
});
