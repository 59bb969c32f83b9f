import { describe, expect, it } from 'vitest';
import type { Booking } from '../bookings/contract.js';
import type { Profile } from '../profiles/contract.js';
import { en } from './texts/en.js';
import { sw } from './texts/sw.js';
import { bookingCancelledEmails, bookingConfirmedEmails, lessonReminderEmail, paymentReceiptEmail, planEndedEmails, planPausedEmails, welcomeEmail } from './templates.js';

const person = (id: string, language?: 'en' | 'sw') =>
  ({ id, firstName: id === 's' ? 'Amani' : 'Kofi', lastName: 'Otieno', email: `${id}@example.com`, timeZone: 'Africa/Nairobi', language }) as unknown as Profile;
const booking = { id: 'b', subject: 'Physics', scheduledAt: '2026-11-26T06:00:00.000Z', durationMinutes: 90, totalAmount: 2250 } as Booking;

describe('e-mails in the reader’s language', () => {
  it('each party of a booking reads its confirmation in their own language', () => {
    const emails = bookingConfirmedEmails(booking, person('s', 'sw'), person('t'), 'https://alp.example');
    expect(emails.student.subject).toBe('Nafasi imethibitishwa: Physics na Kofi Otieno');
    expect(emails.student.text).toContain('Malipo yako yamepokelewa na somo lako limethibitishwa.');
    expect(emails.student.text).toContain('Umelipa: KSh 2,250');
    expect(emails.student.text).toContain('Lini: Alhamisi, 26 Novemba 2026');
    expect(emails.tutor.subject).toBe('New booking: Physics with Amani Otieno');
    expect(emails.tutor.text).toContain('When: Thursday, 26 November 2026');
  });

  it('reminders say how soon in the reader’s words', () => {
    expect(lessonReminderEmail(booking, person('s', 'sw'), person('t'), '1h', '').subject).toBe('Kikumbusho: Physics na Kofi Otieno baada ya saa 1');
    expect(lessonReminderEmail(booking, person('s'), person('t'), '24h', '').subject).toBe('Reminder: Physics with Kofi Otieno in 24 hours');
  });

  it('a lesson cancelled by support\'s refund says so to each party in their language, not the admin\'s reason', () => {
    const cancelled = {
      bookingId: 'b', studentId: 's', tutorId: 't', subject: 'Physics', scheduledAt: booking.scheduledAt, durationMinutes: 60, by: 'system',
      reason: 'Refunded by support', refundDue: true, paid: true, refundedBySupport: true, occurredAt: '2026-11-20T10:00:00.000Z',
    } as const;
    const emails = bookingCancelledEmails(cancelled, person('s', 'sw'), person('t'), 'https://alp.example');
    expect(emails.student.text).toContain(sw.cancelled.refundedBySupport);
    expect(emails.student.text).toContain(sw.cancelled.refunded);
    expect(emails.tutor.text).toContain(en.cancelled.refundedBySupport);
    expect(emails.tutor.text).not.toContain('Reason:');
  });
  it('a weekly plan its family ended: the family reads the refund in KES and the lessons kept, the tutor which lessons left the calendar', () => {
    const ended = {
      planId: 'p', payerId: 's', tutorId: 't', subject: 'Physics', refundMinor: 300_000, reason: 'Moving school',
      refunded: ['2026-12-07T14:00:00.000Z', '2026-11-30T14:00:00.000Z'], kept: ['2026-11-23T14:00:00.000Z'], released: ['2026-12-14T14:00:00.000Z'],
      occurredAt: '2026-11-23T06:00:00.000Z',
    };
    const emails = planEndedEmails(ended, person('s'), person('t', 'sw'), 'https://alp.example');
    expect(emails.family.subject).toBe('Ended: weekly Physics lessons with Kofi Otieno');
    expect(emails.family.text).toContain('2 paid lessons that had not started are cancelled, and KSh 3,000 is refunded');
    // Soonest first, in the reader's zone.
    expect(emails.family.text).toMatch(/Cancelled: Monday, 30 November 2026[^;]*; Monday, 7 December 2026/);
    expect(emails.family.text).toContain('go ahead as booked and the tutor is paid: Monday, 23 November 2026');
    expect(emails.family.text).toContain('released and never charged: Monday, 14 December 2026');
    expect(emails.tutor.subject).toBe('Yamekwisha: masomo ya kila wiki ya Physics na Amani Otieno');
    expect(emails.tutor.text).toContain('Sababu yake: Moving school');
    expect(emails.tutor.text).toMatch(/yameondolewa kwenye ratiba yako, na saa zake ziko wazi tena: Jumatatu, 30 Novemba 2026[^;]*; Jumatatu, 7 Desemba 2026[^;]*; Jumatatu, 14 Desemba 2026/);
    expect(emails.tutor.text).toContain('utalipwa: Jumatatu, 23 Novemba 2026');
    const nothing = planEndedEmails({ ...ended, refunded: [], refundMinor: 0, kept: [], released: [] }, person('s', 'sw'), person('t'), '');
    expect(nothing.family.text).toContain(sw.planEnded.nothingRefunded);
  });

  it('a weekly plan whose tutor stopped teaching: the family reads why and that every paid lesson to come is refunded, in English and Kiswahili', () => {
    const ended = {
      planId: 'p', payerId: 's', tutorId: 't', subject: 'Physics', refundMinor: 300_000, cause: 'tutor_stopped' as const,
      refunded: ['2026-11-23T14:00:00.000Z', '2026-11-30T14:00:00.000Z'], kept: [], released: [], occurredAt: '2026-11-23T06:00:00.000Z',
    };
    const emails = planEndedEmails(ended, person('s'), person('t', 'sw'), 'https://alp.example');
    expect(emails.family.text).toContain('have ended because the tutor stopped teaching on ALP');
    expect(emails.family.text).toContain('2 paid lessons that had not started are cancelled, and KSh 3,000 is refunded');
    expect(emails.family.text).not.toContain('You ended');
    expect(emails.tutor.text).toContain('kwa sababu akaunti yako imesimamishwa');
    const inSwahili = planEndedEmails(ended, person('s', 'sw'), person('t'), '');
    expect(inSwahili.family.text).toContain('kwa sababu mwalimu ameacha kufundisha kwenye ALP');
  });

  it('weeks of a weekly plan its family paused: each reads the weeks, then the refund and the lessons as for an ending', () => {
    const paused = {
      planId: 'p', payerId: 's', tutorId: 't', subject: 'Physics', from: '2026-11-30', weeks: 2, pausedAt: '2026-11-23T06:00:00.000Z', refundMinor: 150_000,
      refunded: ['2026-11-30T14:00:00.000Z'], kept: [], released: ['2026-12-07T14:00:00.000Z'], occurredAt: '2026-11-23T06:00:00.000Z',
    };
    const emails = planPausedEmails(paused, person('s'), person('t', 'sw'), 'https://alp.example');
    expect(emails.family.subject).toBe('Paused: weekly Physics lessons with Kofi Otieno');
    expect(emails.family.text).toContain('for 2 weeks from the week of 30 November');
    expect(emails.family.text).toContain('One paid lesson that had not started is cancelled, and KSh 1,500 is refunded');
    expect(emails.family.text).toContain(en.planPaused.goesOn);
    expect(emails.tutor.subject).toBe('Yamesimamishwa: masomo ya kila wiki ya Physics na Amani Otieno');
    expect(emails.tutor.text).toContain('kwa wiki 2 kuanzia wiki ya 30 Novemba');
  });

  it('the welcome e-mail follows the language of the sign-up, English when none was sent', () => {
    const user = { userId: 'u', email: 'u@example.com', firstName: 'Amani', role: 'student', adminRequested: false, occurredAt: '2026-11-20T10:00:00.000Z' } as const;
    expect(welcomeEmail({ ...user, language: 'sw' }, '').subject).toBe("Karibu Africa's Learning Platform");
    expect(welcomeEmail(user, '').subject).toBe("Welcome to Africa's Learning Platform");
  });

  it('a receipt names what was paid for, the verified amount, the reference and when, in the payer\'s language', () => {
    const payment = { amountMinor: 225_050, currency: 'KES' as const, reference: 'ALP-3f2c9a1b-0123456789ab', occurredAt: '2026-11-26T06:00:00.000Z' };
    const lesson = paymentReceiptEmail(payment, { purpose: 'lesson', subject: 'Physics', otherName: 'Kofi Otieno' }, person('s'));
    expect(lesson.to).toBe('s@example.com');
    expect(lesson.subject).toBe('Receipt: KSh 2,250.50 for Physics lesson with Kofi Otieno');
    expect(lesson.text).toContain('Reference: ALP-3f2c9a1b-0123456789ab');
    expect(lesson.text).toContain('Paid on: Thursday, 26 November 2026');
    const course = paymentReceiptEmail(payment, { purpose: 'course', title: 'Biology for Form 4' }, person('s', 'sw'));
    expect(course.subject).toBe('Risiti: KSh 2,250.50 kwa kozi "Biology for Form 4"');
    expect(course.text).toContain('Kumbukumbu: ALP-3f2c9a1b-0123456789ab');
  });

  it('the Kiswahili catalog has its own text for every English one', () => {
    const leaves = (texts: object): unknown[] => Object.values(texts).flatMap((v) => (typeof v === 'object' && v && !Array.isArray(v) ? leaves(v) : [v]));
    const sample = (v: unknown) => (typeof v === 'function' ? String((v as (...a: string[]) => unknown)('X', 'Y', 'Z')) : JSON.stringify(v));
    const english = leaves(en).map(sample);
    const kiswahili = leaves(sw).map(sample);
    expect(kiswahili).toHaveLength(english.length);
    // Only the brand is the same in both.
    expect(kiswahili.filter((text, i) => text === english[i])).toEqual(["\"Africa's Learning Platform\""]);
  });
});
