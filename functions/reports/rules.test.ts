import { describe, expect, it } from 'vitest';
import {
  approveOutcome, canEditReport, expectsReport, lessonEndedAt, onTimeShare, readyToApprove, reportDueAt, reportEditableUntil, reportOnTime,
  versionNumber,
} from './rules.js';

const lesson = { scheduledAt: '2026-11-20T08:00:00.000Z', durationMinutes: 90 };

describe('the 48-hour edit window', () => {
  it('runs from when the lesson was completed, or else from its scheduled end', () => {
    expect(lessonEndedAt(lesson)).toBe('2026-11-20T09:30:00.000Z');
    expect(reportEditableUntil(lesson)).toBe('2026-11-22T09:30:00.000Z');
    expect(reportEditableUntil({ ...lesson, completedAt: '2026-11-20T09:10:00.000Z' })).toBe('2026-11-22T09:10:00.000Z');
  });

  it('is open up to the last millisecond and closed from then on', () => {
    const until = reportEditableUntil(lesson);
    expect(canEditReport(until, new Date(Date.parse(until) - 1))).toBe(true);
    expect(canEditReport(until, new Date(until))).toBe(false);
    expect(canEditReport(until, new Date(Date.parse(until) + 3_600_000))).toBe(false);
  });
});

describe('revisions', () => {
  it('approves only the newest saved revision', () => {
    expect(approveOutcome(3, 3, undefined)).toBe('approve');
    expect(approveOutcome(3, 3, 2)).toBe('approve');
    expect(approveOutcome(2, 3, undefined)).toBe('stale');
    expect(approveOutcome(4, 3, undefined)).toBe('stale');
  });

  it('approving the approved revision again changes nothing; an approved one since edited is stale', () => {
    expect(approveOutcome(3, 3, 3)).toBe('already_approved');
    expect(approveOutcome(3, 4, 3)).toBe('stale');
  });

  it('numbers versions so they sort in order', () => {
    expect([10, 9, 100].map(versionNumber).sort()).toEqual(['0009', '0010', '0100']);
  });

  it('approves a report with topics, how the learner did and next steps; homework and the private note are optional', () => {
    expect(readyToApprove({ topics: ['Fractions'], performance: 'confident', nextSteps: 'Decimals.' })).toBe(true);
    expect(readyToApprove({ topics: [], performance: 'confident', nextSteps: 'Decimals.' })).toBe(false);
    expect(readyToApprove({ topics: ['Fractions'], nextSteps: 'Decimals.' })).toBe(false);
    expect(readyToApprove({ topics: ['Fractions'], performance: 'excelled', nextSteps: '  ' })).toBe(false);
  });
});

describe('reports on time', () => {
  const lesson = { scheduledAt: '2026-11-23T09:00:00.000Z', durationMinutes: 60 };

  it('is due a day after the lesson ended: the tutor\'s End when they pressed it, else the scheduled end', () => {
    expect(reportDueAt(lesson)).toBe('2026-11-24T10:00:00.000Z');
    expect(reportDueAt({ ...lesson, completedAt: '2026-11-23T09:50:00.000Z' })).toBe('2026-11-24T09:50:00.000Z');
  });

  it('counts a report first approved by then; a later approval or none is late', () => {
    expect(reportOnTime(lesson, '2026-11-24T10:00:00.000Z')).toBe(true);
    expect(reportOnTime(lesson, '2026-11-24T10:00:01.000Z')).toBe(false);
    expect(reportOnTime(lesson, undefined)).toBe(false);
  });

  it('asks for a report only of a lesson that took place: not one the student missed, not one cancelled', () => {
    expect(expectsReport({ status: 'completed', completedBy: 'ended_by_tutor' })).toBe(true);
    expect(expectsReport({ status: 'completed' })).toBe(true);
    expect(expectsReport({ status: 'completed', completedBy: 'student_no_show' })).toBe(false);
    expect(expectsReport({ status: 'cancelled' })).toBe(false);
  });

  it('shows the share in whole percent, and none before any lesson came due', () => {
    expect(onTimeShare(0, 0)).toBeNull();
    expect(onTimeShare(3, 2)).toBe(67);
    expect(onTimeShare(8, 8)).toBe(100);
  });
});
