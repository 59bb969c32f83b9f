import { describe, expect, it } from 'vitest';
import type { LessonReschedule } from '../../events/index.js';
import type { Profile } from '../profiles/contract.js';
import { lessonRescheduleEmails } from './templates.js';

const person = (id: string, firstName: string, timeZone: string) =>
  ({ id, firstName, lastName: 'Otieno', email: `${id}@example.com`, timeZone }) as unknown as Profile;
const student = person('s', 'Amani', 'Africa/Nairobi');
const tutor = person('t', 'Kofi', 'Africa/Accra');
const change = (over: Partial<LessonReschedule> = {}): LessonReschedule => ({
  bookingId: 'b', studentId: 's', tutorId: 't', subject: 'Physics', durationMinutes: 60, step: 'proposed', actor: 'student',
  proposedBy: 'student', proposedAt: '2026-11-20T10:00:00.000Z', previousStart: '2026-11-26T06:00:00.000Z',
  proposedStart: '2026-11-27T07:00:00.000Z', occurredAt: '2026-11-20T10:00:00.000Z', ...over,
});

describe('lessonRescheduleEmails', () => {
  it('a proposal goes to the other party, with both times in their zone', () => {
    const emails = lessonRescheduleEmails(change(), student, tutor, 'https://alp.example');
    expect(Object.keys(emails)).toEqual(['tutor']);
    expect(emails.tutor!.to).toBe('t@example.com');
    expect(emails.tutor!.subject).toBe('New time proposed: Physics with Amani Otieno');
    expect(emails.tutor!.text).toContain('Amani Otieno would like to move your lesson.');
    expect(emails.tutor!.text).not.toMatch(/\{(other|from|to)\}/);
  });

  it('an accepted move goes to both; a decline or withdrawal to the party who did not act', () => {
    expect(Object.keys(lessonRescheduleEmails(change({ step: 'accepted', actor: 'tutor' }), student, tutor, '')).sort()).toEqual(['student', 'tutor']);
    expect(Object.keys(lessonRescheduleEmails(change({ step: 'declined', actor: 'tutor' }), student, tutor, ''))).toEqual(['student']);
    expect(Object.keys(lessonRescheduleEmails(change({ step: 'withdrawn', actor: 'student' }), student, tutor, ''))).toEqual(['tutor']);
    const moved = lessonRescheduleEmails(change({ step: 'accepted', actor: 'tutor' }), student, tutor, '');
    expect(moved.student!.text).toContain('Nothing more is charged.');
  });
});
