import { describe, expect, it } from 'vitest';
import type { Booking } from './contract.js';
import { bookableSubjects, bookingAmount, coveredHours, effectiveBooking, holdMinutes, overlappedHours, utcDayPieces } from './rules.js';

describe('bookingAmount', () => {
  it('is duration / 60 × hourly rate, in KES and in cents', () => {
    expect(bookingAmount(60, 1500)).toEqual({ totalAmount: 1500, amountMinor: 150_000 });
    expect(bookingAmount(90, 1500)).toEqual({ totalAmount: 2250, amountMinor: 225_000 });
    expect(bookingAmount(120, 2500)).toEqual({ totalAmount: 5000, amountMinor: 500_000 });
  });
  it('rounds to the cent', () => {
    expect(bookingAmount(90, 999)).toEqual({ totalAmount: 1498.5, amountMinor: 149_850 });
    expect(bookingAmount(90, 333)).toEqual({ totalAmount: 499.5, amountMinor: 49_950 });
  });
});

describe('coveredHours', () => {
  it('holds every hour the lesson touches', () => {
    expect(coveredHours('2026-11-23T06:00:00.000Z', 60)).toEqual(['2026-11-23T06:00:00.000Z']);
    expect(coveredHours('2026-11-23T06:00:00.000Z', 90)).toEqual(['2026-11-23T06:00:00.000Z', '2026-11-23T07:00:00.000Z']);
    expect(coveredHours('2026-11-23T23:00:00Z', 120)).toEqual(['2026-11-23T23:00:00.000Z', '2026-11-24T00:00:00.000Z']);
  });
});

describe('overlappedHours (the local demo lesson, off the calendar)', () => {
  it('holds each whole hour the lesson overlaps, whatever minute it starts on', () => {
    expect(overlappedHours('2026-11-23T06:15:00.000Z', 60)).toEqual(['2026-11-23T06:00:00.000Z', '2026-11-23T07:00:00.000Z']);
    expect(overlappedHours('2026-11-23T06:00:00.000Z', 60)).toEqual(['2026-11-23T06:00:00.000Z']);
    expect(overlappedHours('2026-11-23T23:55:00Z', 90)).toEqual(['2026-11-23T23:00:00.000Z', '2026-11-24T00:00:00.000Z', '2026-11-24T01:00:00.000Z']);
  });
});

describe('bookableSubjects', () => {
  it("uses the tutor's subjects, or the 28 defaults", () => {
    expect(bookableSubjects({ preferredSubjects: ['Physics'], expertise: ['Mathematics', 'Physics'] })).toEqual(['Physics', 'Mathematics']);
    expect(bookableSubjects({ preferredSubjects: [], expertise: [] })).toHaveLength(28);
  });
});

describe('hold expiry', () => {
  const booking = {
    status: 'pending', paymentStatus: 'pending', holdExpiresAt: '2026-11-21T10:30:00.000Z',
  } as Booking;
  it('keeps an unpaid booking pending while its hold lasts', () => {
    expect(effectiveBooking(booking, new Date('2026-11-21T10:29:59Z')).status).toBe('pending');
  });
  it('shows it expired once the hold has run out', () => {
    expect(effectiveBooking(booking, new Date('2026-11-21T10:30:00Z')).status).toBe('expired');
  });
  it('never expires a paid booking', () => {
    expect(effectiveBooking({ ...booking, status: 'confirmed', paymentStatus: 'paid' }, new Date('2027-01-01')).status).toBe('confirmed');
  });
  it('is 30 minutes unless configured', () => {
    expect(holdMinutes({})).toBe(30);
    expect(holdMinutes({ BOOKING_HOLD_MINUTES: '5' })).toBe(5);
    expect(holdMinutes({ BOOKING_HOLD_MINUTES: 'x' })).toBe(30);
  });
});

describe('utcDayPieces (the paid lessons index is one partition per UTC day)', () => {
  it('cuts a range at UTC midnights, keeping its own ends', () => {
    expect(utcDayPieces(new Date('2026-11-23T22:30:00.000Z'), new Date('2026-11-25T01:00:00.000Z'))).toEqual([
      { day: '2026-11-23', from: '2026-11-23T22:30:00.000Z', to: '2026-11-24T00:00:00.000Z' },
      { day: '2026-11-24', from: '2026-11-24T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' },
      { day: '2026-11-25', from: '2026-11-25T00:00:00.000Z', to: '2026-11-25T01:00:00.000Z' },
    ]);
  });
  it('a range within one day is one piece; an empty range none', () => {
    expect(utcDayPieces(new Date('2026-11-23T00:00:00.000Z'), new Date('2026-11-24T00:00:00.000Z')))
      .toEqual([{ day: '2026-11-23', from: '2026-11-23T00:00:00.000Z', to: '2026-11-24T00:00:00.000Z' }]);
    expect(utcDayPieces(new Date('2026-11-23T10:00:00.000Z'), new Date('2026-11-23T10:00:00.000Z'))).toEqual([]);
  });
});
