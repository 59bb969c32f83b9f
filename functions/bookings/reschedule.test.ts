import { describe, expect, it } from 'vitest';
import { cancellationWindowHours, windowOpensAt } from './policy-window.js';
import { answerRefusal, hourChanges, partyOf, proposeRefusal } from './reschedule.js';

const START = '2026-12-10T09:00:00.000Z';
const hoursBefore = (h: number) => new Date(Date.parse(START) - h * 3_600_000);
const minutesBefore = (m: number) => new Date(Date.parse(START) - m * 60_000);
const lesson = (over: Record<string, unknown> = {}) => ({
  studentId: 's', tutorId: 't', status: 'confirmed' as const, paymentStatus: 'paid' as const, scheduledAt: START, ...over,
});
const proposal = (by: 'student' | 'tutor', start = '2026-12-11T09:00:00.000Z') => ({ by, start, proposedAt: hoursBefore(48).toISOString() });
const code = (refusal: { code: string } | null) => refusal?.code ?? null;

describe('the policy window', () => {
  it('is 12 hours unless CANCELLATION_WINDOW_HOURS says otherwise', () => {
    expect(cancellationWindowHours({})).toBe(12);
    expect(cancellationWindowHours({ CANCELLATION_WINDOW_HOURS: '24' })).toBe(24);
    expect(cancellationWindowHours({ CANCELLATION_WINDOW_HOURS: '0' })).toBe(0);
    expect(cancellationWindowHours({ CANCELLATION_WINDOW_HOURS: 'soon' })).toBe(12);
    expect(cancellationWindowHours({ CANCELLATION_WINDOW_HOURS: '-3' })).toBe(12);
    expect(windowOpensAt(START, 12)).toBe('2026-12-09T21:00:00.000Z');
  });
});

describe('who may propose a new time, and when', () => {
  it('the student until the window opens: 12:01 h before yes, 12:00 h and 11:59 h before no', () => {
    expect(proposeRefusal(lesson(), 'student', minutesBefore(12 * 60 + 1), 12)).toBeNull();
    expect(code(proposeRefusal(lesson(), 'student', hoursBefore(12), 12))).toBe('inside_window');
    expect(code(proposeRefusal(lesson(), 'student', minutesBefore(11 * 60 + 59), 12))).toBe('inside_window');
    expect(proposeRefusal(lesson(), 'student', minutesBefore(11 * 60 + 59), 0)).toBeNull();
  });

  it('the tutor any time before the start, never once it started', () => {
    expect(proposeRefusal(lesson(), 'tutor', minutesBefore(1), 12)).toBeNull();
    expect(code(proposeRefusal(lesson(), 'tutor', hoursBefore(0), 12))).toBe('lesson_started');
    expect(code(proposeRefusal(lesson(), 'student', hoursBefore(-1), 12))).toBe('lesson_started');
  });

  it('only paid, confirmed lessons move (not an unpaid hold, a cancelled or a completed lesson)', () => {
    for (const over of [{ status: 'pending', paymentStatus: 'pending' }, { status: 'cancelled' }, { status: 'completed' }, { paymentStatus: 'refunded' }]) {
      const refusal = proposeRefusal(lesson(over), 'tutor', hoursBefore(48), 12);
      expect(refusal).toMatchObject({ status: 422, code: 'not_movable', message: 'Only paid, upcoming lessons can be rescheduled.' });
    }
  });

  it('one open proposal: its proposer may replace it, the other party answers it first', () => {
    const open = lesson({ rescheduleProposal: proposal('student') });
    expect(proposeRefusal(open, 'student', hoursBefore(48), 12)).toBeNull();
    expect(proposeRefusal(open, 'tutor', hoursBefore(48), 12)).toMatchObject({ status: 409, code: 'proposal_pending' });
  });

  it('strangers are no party', () => {
    expect(partyOf(lesson(), 's')).toBe('student');
    expect(partyOf(lesson(), 't')).toBe('tutor');
    expect(partyOf(lesson(), 'x')).toBeNull();
  });
});

describe('answering a proposal', () => {
  const open = (by: 'student' | 'tutor', over: Record<string, unknown> = {}) => lesson({ rescheduleProposal: proposal(by), ...over });

  it('the other party accepts or declines; the proposer can only withdraw', () => {
    expect(answerRefusal(open('student'), 'tutor', 'accept', hoursBefore(48))).toBeNull();
    expect(answerRefusal(open('student'), 'tutor', 'decline', hoursBefore(48))).toBeNull();
    expect(answerRefusal(open('student'), 'student', 'withdraw', hoursBefore(48))).toBeNull();
    expect(code(answerRefusal(open('student'), 'student', 'accept', hoursBefore(48)))).toBe('own_proposal');
    expect(code(answerRefusal(open('student'), 'student', 'decline', hoursBefore(48)))).toBe('own_proposal');
    expect(answerRefusal(open('tutor'), 'student', 'withdraw', hoursBefore(48))).toMatchObject({ status: 403, code: 'not_proposer' });
  });

  it('a student may accept the tutor\'s proposal even inside the window (the tutor asked)', () => {
    expect(answerRefusal(open('tutor'), 'student', 'accept', hoursBefore(2))).toBeNull();
  });

  it('nothing to answer without a proposal; no accepting once the lesson or the proposed time has passed', () => {
    expect(answerRefusal(lesson(), 'tutor', 'accept', hoursBefore(48))).toMatchObject({ status: 409, code: 'no_proposal' });
    expect(code(answerRefusal(open('student'), 'tutor', 'accept', hoursBefore(-1)))).toBe('lesson_started');
    const earlier = lesson({ rescheduleProposal: proposal('student', hoursBefore(30).toISOString()) });
    expect(code(answerRefusal(earlier, 'tutor', 'accept', hoursBefore(29)))).toBe('proposed_time_passed');
    expect(code(answerRefusal(open('student', { status: 'cancelled' }), 'tutor', 'accept', hoursBefore(48)))).toBe('not_movable');
    // Declining a proposal on a lesson cancelled meanwhile still clears it.
    expect(answerRefusal(open('student', { status: 'cancelled' }), 'tutor', 'decline', hoursBefore(48))).toBeNull();
  });
});

describe('hourChanges', () => {
  it('frees the old hours and takes the new ones, keeping hours in both', () => {
    expect(hourChanges(['10', '11'], ['11', '12'])).toEqual({ release: ['10'], take: ['12'] });
    expect(hourChanges(['10'], ['14'])).toEqual({ release: ['10'], take: ['14'] });
  });
});
