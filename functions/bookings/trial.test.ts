import { describe, expect, it } from 'vitest';
import { TrialOffer } from '../tutors/trial-offer.js';
import { UpdateProfileRequest } from '../tutors/contract.js';
import type { Booking } from './contract.js';
import { trialLearnerKey, trialPrice, trialStillCounts } from './trial.js';

const now = new Date('2026-12-01T08:00:00Z');
const trial = (over: Partial<Booking> = {}): Booking => ({
  id: 'b1', studentId: 'p1', tutorId: 't1', subject: 'Mathematics', scheduledAt: '2026-12-02T10:00:00.000Z', durationMinutes: 30,
  hourlyRate: 1000, totalAmount: 500, amountMinor: 50_000, currency: 'KES', status: 'confirmed', paymentStatus: 'paid',
  createdAt: '2026-12-01T07:00:00.000Z', trial: true,
  tutor: { id: 't1', firstName: 'T', lastName: 'T' }, student: { id: 'p1', firstName: 'P', lastName: 'P' }, ...over,
});

describe('trial offer', () => {
  it('is free only when chosen as free; a paid trial costs KSh 100–50,000 in whole shillings', () => {
    expect(TrialOffer.safeParse({ kind: 'free' }).success).toBe(true);
    expect(TrialOffer.safeParse({ kind: 'paid', price: 500 }).success).toBe(true);
    expect(TrialOffer.safeParse({ kind: 'paid', price: 0 }).success).toBe(false);
    expect(TrialOffer.safeParse({ kind: 'paid', price: 99 }).success).toBe(false);
    expect(TrialOffer.safeParse({ kind: 'paid', price: 250.5 }).success).toBe(false);
    expect(TrialOffer.safeParse({ kind: 'paid' }).success).toBe(false);
    expect(UpdateProfileRequest.safeParse({ trialLesson: null }).success).toBe(true);
  });

  it('prices the booking from the offer: the 30 minutes at the trial price, or nothing for a free trial', () => {
    expect(trialPrice({ kind: 'paid', price: 500 })).toEqual({ amountMinor: 50_000, totalAmount: 500, hourlyRate: 1000 });
    expect(trialPrice({ kind: 'free' })).toEqual({ amountMinor: 0, totalAmount: 0, hourlyRate: 0 });
  });
});

describe('once per learner per tutor', () => {
  it('is keyed by the child a parent books for, or by the student booking for themselves', () => {
    expect(trialLearnerKey({ studentId: 'p1', learnerId: 'l1' })).toBe('LEARNER#l1');
    expect(trialLearnerKey({ studentId: 's1' })).toBe('STUDENT#s1');
  });

  it('a trial booked, paid, held or cancelled late by the family still counts', () => {
    expect(trialStillCounts(trial(), now)).toBe(true);
    expect(trialStillCounts(trial({ status: 'completed' }), now)).toBe(true);
    expect(trialStillCounts(trial({ status: 'pending', paymentStatus: 'pending', holdExpiresAt: '2026-12-01T08:30:00.000Z' }), now)).toBe(true);
    expect(trialStillCounts(trial({ status: 'cancelled', cancellation: { by: 'student', at: now.toISOString(), refundDue: false } }), now)).toBe(true);
  });

  it('a trial that never happened through no choice of the family frees the learner for another', () => {
    // The unpaid hold ran out.
    expect(trialStillCounts(trial({ status: 'pending', paymentStatus: 'pending', holdExpiresAt: '2026-12-01T07:30:00.000Z' }), now)).toBe(false);
    // Cancelled and refunded (in time, or by the tutor), or cancelled before it was paid.
    expect(trialStillCounts(trial({ status: 'cancelled', paymentStatus: 'refunded', cancellation: { by: 'tutor', at: now.toISOString(), refundDue: true } }), now)).toBe(false);
    expect(trialStillCounts(trial({ status: 'cancelled', cancellation: { by: 'student', at: now.toISOString(), refundDue: true } }), now)).toBe(false);
    expect(trialStillCounts(trial({ status: 'cancelled', paymentStatus: 'pending', cancellation: { by: 'student', at: now.toISOString(), refundDue: false } }), now)).toBe(false);
    // The tutor did not come (a free trial, or a paid one refunded).
    expect(trialStillCounts(trial({ amountMinor: 0, status: 'cancelled', noShow: 'tutor', cancellation: { by: 'system', at: now.toISOString(), refundDue: true } }), now)).toBe(false);
  });
});
