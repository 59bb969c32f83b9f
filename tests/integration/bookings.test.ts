import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import { bookingMessages } from '../../functions/bookings/contract.js';
import { api, createUser } from '../support/api.js';
import { book, bookableTutor, expireHold, freeStarts, getItem, paystackWebhook, postWebhook, setAttributes } from '../support/fixtures.js';

const HOUR = 3_600_000;

describe('POST /api/bookings', () => {
  it('books a free hour at the server-computed price and holds it', async () => {
    const tutor = await bookableTutor({ hourlyRate: 1800 });
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    const res = await book(student, tutor.userId, start!, 90, { totalAmount: 1, amountMinor: 100, studentId: tutor.userId, notes: 'Quadratics' });
    expect(res.status).toBe(201);
    const { booking } = res.body;
    expect(booking).toMatchObject({
      studentId: student.userId, tutorId: tutor.userId, subject: 'Mathematics', scheduledAt: start,
      durationMinutes: 90, hourlyRate: 1800, totalAmount: 2700, amountMinor: 270_000, currency: 'KES',
      status: 'pending', paymentStatus: 'pending', notes: 'Quadratics',
      tutor: { id: tutor.userId }, student: { id: student.userId },
    });
    const holdMinutes = (Date.parse(booking.holdExpiresAt) - Date.parse(booking.createdAt)) / 60_000;
    expect(holdMinutes).toBe(30);
    // 90 minutes hold two hours of the tutor's calendar.
    const after = await freeStarts(tutor.userId);
    expect(after).not.toContain(start);
    expect(after).not.toContain(new Date(Date.parse(start!) + 3_600_000).toISOString());

    expect((await api('/api/bookings', { token: student.accessToken })).body.bookings.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    expect((await api('/api/bookings', { token: tutor.accessToken })).body.bookings.map((b: { id: string }) => b.id)).toEqual([booking.id]);
    const outsider = await createUser('student');
    expect((await api(`/api/bookings/${booking.id}`, { token: outsider.accessToken })).status).toBe(403);
    expect((await api(`/api/bookings/${booking.id}`, { token: tutor.accessToken })).status).toBe(200);
  });

  it('refuses an hour outside the tutor\'s availability', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const starts = await freeStarts(tutor.userId);
    // 02:00 Nairobi (23:00 UTC) is outside 08:00–20:00.
    const night = new Date(Date.parse(starts[starts.length - 1]!)); night.setUTCHours(23, 0, 0, 0);
    const res = await book(student, tutor.userId, night.toISOString());
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBe(bookingMessages.slotUnavailable);
    const halfPast = new Date(Date.parse(starts[3]!) + 30 * 60_000).toISOString();
    expect((await book(student, tutor.userId, halfPast)).status).toBe(422);
    // The last hour of the day cannot start a 2-hour lesson that runs past 20:00.
    const lastOfDay = starts.find((s) => s.slice(11, 13) === '16')!; // 19:00 in Nairobi
    expect((await book(student, tutor.userId, lastOfDay, 120)).status).toBe(422);
  });

  it('refuses a tutor whose verification is not complete', async () => {
    const tutor = await bookableTutor({ verified: false });
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    const res = await book(student, tutor.userId, start!);
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({ code: 'tutor_not_verified', message: bookingMessages.tutorNotVerified });
  });

  it('refuses missing fields, odd durations and subjects the tutor does not teach', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    expect((await api('/api/bookings', { method: 'POST', token: student.accessToken, body: { tutorId: tutor.userId } })).body.error.message)
      .toBe('Please fill in all required fields');
    expect((await book(student, tutor.userId, start!, 45)).status).toBe(400);
    expect((await book(student, tutor.userId, start!, 60, { subject: 'Music' })).body.error.message).toBe(bookingMessages.subjectNotOffered);
  });

  it('is for students: a tutor cannot book', async () => {
    const tutor = await bookableTutor();
    const other = await createUser('tutor');
    const [start] = await freeStarts(tutor.userId);
    expect((await book(other, tutor.userId, start!)).status).toBe(403);
  });

  it('lets exactly one of 20 simultaneous requests take the same hour', async () => {
    const tutor = await bookableTutor();
    const students = await Promise.all(Array.from({ length: 20 }, () => createUser('student')));
    const [start] = await freeStarts(tutor.userId);
    const results = await Promise.all(students.map((s) => book(s, tutor.userId, start!)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.error).toEqual({ code: 'slot_taken', message: bookingMessages.slotTaken });
    }
    // A lesson overlapping the taken hour is refused too.
    const before = new Date(Date.parse(start!) - 3_600_000).toISOString();
    const starts = await freeStarts(tutor.userId);
    if (starts.includes(before)) expect((await book(students[0]!, tutor.userId, before, 120)).status).toBe(409);
  });

  it("booking an hour one already holds says it is one's own unpaid hold (not someone else's) and names it", async () => {
    const tutor = await bookableTutor();
    const [student, other] = [await createUser('student'), await createUser('student')];
    const [start] = await freeStarts(tutor.userId);
    const held = (await book(student, tutor.userId, start!)).body.booking;

    const again = await book(student, tutor.userId, start!);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'own_hold', message: bookingMessages.ownHold, details: { bookingId: held.id } });
    expect(again.body.error.message).not.toMatch(/someone else/);
    // Someone else still hears that it is taken.
    expect((await book(other, tutor.userId, start!)).body.error.code).toBe('slot_taken');
  });

  it('frees the time when an unpaid hold runs out, and never a paid one', async () => {
    const tutor = await bookableTutor();
    const [first, second] = [await createUser('student'), await createUser('student')];
    const [start, other] = await freeStarts(tutor.userId);

    const unpaid = (await book(first, tutor.userId, start!)).body.booking;
    await expireHold(unpaid.id);
    expect(await freeStarts(tutor.userId)).toContain(start);
    expect((await api(`/api/bookings/${unpaid.id}`, { token: first.accessToken })).body.booking.status).toBe('expired');
    const pay = await api('/api/payments/initialize', { method: 'POST', token: first.accessToken, body: { bookingId: unpaid.id } });
    expect(pay.status).toBe(422);
    expect(pay.body.error.message).toBe(bookingMessages.holdExpired);
    expect((await book(second, tutor.userId, start!)).status).toBe(201);

    // Paid: the hold becomes permanent, even once its original expiry has passed.
    const paid = (await book(first, tutor.userId, other!)).body.booking;
    const { reference } = (await api('/api/payments/initialize', { method: 'POST', token: first.accessToken, body: { bookingId: paid.id } })).body;
    const hook = paystackWebhook({ reference, amount: paid.amountMinor });
    expect((await postWebhook(hook.body, hook.signature)).status).toBe(200);
    const lock = await getItem(`TUTOR#${tutor.userId}`, `LOCK#${other}`);
    expect(lock).toMatchObject({ bookingId: paid.id });
    expect(lock!.expiresAt).toBeUndefined();
    expect(await freeStarts(tutor.userId)).not.toContain(other);
    expect((await book(second, tutor.userId, other!)).status).toBe(409);
  });
});

describe('hourly rates outside KSh 200–50,000 (older data)', () => {
  it('refuses to book a tutor whose stored rate is out of range, before anything is held', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    for (const rate of [0, 100, 60_000]) {
      await setAttributes(`USER#${tutor.userId}`, 'PROFILE', { hourlyRate: rate });
      const res = await book(student, tutor.userId, start!);
      expect({ rate, status: res.status, code: res.body.error?.code }).toEqual({ rate, status: 422, code: 'rate_out_of_range' });
      expect(res.body.error.message).toBe(bookingMessages.rateOutOfRange);
    }
    expect(await freeStarts(tutor.userId)).toContain(start);
  });
});

describe('tutors in half-hour and 45-minute time zones', () => {
  for (const timeZone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/St_Johns']) {
    it(`${timeZone}: offers whole hours of the tutor's day and books exactly those`, async () => {
      const tutor = await bookableTutor();
      expect((await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { timeZone } })).status).toBe(200);
      const starts = await freeStarts(tutor.userId);
      expect(starts.length).toBeGreaterThan(10);
      for (const s of starts) expect(formatInTimeZone(new Date(s), timeZone, 'mm')).toBe('00');
      expect(starts.some((s) => s.slice(14, 16) !== '00')).toBe(true); // not whole UTC hours

      const student = await createUser('student');
      // A 90-minute lesson: its start and the following hour both offered.
      const start = starts.find((s) => starts.includes(new Date(Date.parse(s) + HOUR).toISOString()))!;
      const res = await book(student, tutor.userId, start, 90);
      expect(res.status).toBe(201);
      expect(res.body.booking.scheduledAt).toBe(start);
      const after = await freeStarts(tutor.userId);
      expect(after).not.toContain(start);
      expect(after).not.toContain(new Date(Date.parse(start) + HOUR).toISOString());

      // The whole UTC hour inside a later offered hour is not one of the tutor's hours.
      const later = starts[starts.length - 1]!;
      const utcHour = new Date(Math.floor(Date.parse(later) / HOUR) * HOUR).toISOString();
      const refused = await book(student, tutor.userId, utcHour);
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('slot_unavailable');
    });
  }
});

describe('minimum notice', () => {
  /** A fixed-offset zone where it is now 10:xx, so the next hours fall inside 08:00–20:00 availability. */
  function zoneAtTenOClock(now = new Date()): string {
    const offset = ((10 - now.getUTCHours() + 36) % 24) - 12;
    return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
  }

  it('keeps starts inside the notice off the calendar and refuses to book them; 0 hours allows them', async () => {
    const tutor = await bookableTutor();
    const timeZone = zoneAtTenOClock();
    expect((await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { timeZone } })).status).toBe(200);
    for (let day = 0; day < 7; day++) {
      await api('/api/me/availability', { method: 'POST', token: tutor.accessToken, body: { dayOfWeek: day, startTime: '08:00', endTime: '20:00' } });
    }
    const asked = Date.now();
    // Between one and two hours from now: inside the default 2-hour notice, never already past.
    const soon = new Date(Math.floor(asked / HOUR) * HOUR + 2 * HOUR).toISOString();
    const starts = await freeStarts(tutor.userId);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.filter((s) => Date.parse(s) < asked + 2 * HOUR)).toEqual([]);
    expect(starts).toContain(new Date(Date.parse(soon) + HOUR).toISOString());

    const student = await createUser('student');
    const refused = await book(student, tutor.userId, soon);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'too_soon', message: bookingMessages.tooSoon(2) });

    expect((await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { minNoticeHours: 0 } })).status).toBe(200);
    expect(await freeStarts(tutor.userId)).toContain(soon);
    expect((await book(student, tutor.userId, soon)).status).toBe(201);

    expect((await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { minNoticeHours: 24 } })).status).toBe(200);
    const dayAhead = await freeStarts(tutor.userId);
    expect(dayAhead.filter((s) => Date.parse(s) < Date.now() + 24 * HOUR)).toEqual([]);
    const tomorrowSoon = new Date(Date.parse(soon) + 20 * HOUR).toISOString();
    const tooSoon = await book(student, tutor.userId, tomorrowSoon);
    expect(tooSoon.body.error).toEqual({ code: 'too_soon', message: bookingMessages.tooSoon(24) });
  });
});
