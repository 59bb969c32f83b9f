import { describe, expect, it } from 'vitest';
import { dueState, todayIn } from './homework-rules.js';

const at = (iso: string) => new Date(iso);

describe('homework due-date rules', () => {
  it('no due date, or done homework: no due state', () => {
    expect(dueState({ done: false }, at('2026-12-05T09:00:00Z'), 'Africa/Nairobi')).toBe('none');
    expect(dueState({ dueDate: '2026-12-01', done: true }, at('2026-12-05T09:00:00Z'), 'Africa/Nairobi')).toBe('none');
  });

  it('due today, later and overdue by the learner\'s calendar day', () => {
    const now = at('2026-12-05T09:00:00Z');
    expect(dueState({ dueDate: '2026-12-05', done: false }, now, 'Africa/Nairobi')).toBe('due_today');
    expect(dueState({ dueDate: '2026-12-06', done: false }, now, 'Africa/Nairobi')).toBe('upcoming');
    expect(dueState({ dueDate: '2026-12-04', done: false }, now, 'Africa/Nairobi')).toBe('overdue');
  });

  it('the day turns at the learner\'s midnight, not UTC\'s', () => {
    // 22:30 UTC on the 4th is 01:30 on the 5th in Nairobi (UTC+3).
    const lateNight = at('2026-12-04T22:30:00Z');
    expect(todayIn(lateNight, 'Africa/Nairobi')).toBe('2026-12-05');
    expect(dueState({ dueDate: '2026-12-04', done: false }, lateNight, 'Africa/Nairobi')).toBe('overdue');
    expect(dueState({ dueDate: '2026-12-04', done: false }, lateNight, 'Europe/London')).toBe('due_today');
  });

  it('a missing or unknown zone counts in Nairobi', () => {
    const lateNight = at('2026-12-04T22:30:00Z');
    expect(todayIn(lateNight, undefined)).toBe('2026-12-05');
    expect(todayIn(lateNight, 'Not/AZone')).toBe('2026-12-05');
  });
});
