/** Every SMS is one page (160 GSM-7 characters) in both languages, however long the real values are. */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../events/shared/language.js';
import { MESSAGE_KINDS, type MessageKind } from './channels.js';
import { gsm7, renderPhoneMessage, SMS_PAGE, WHATSAPP_TEMPLATES, type MessageValues } from './texts.js';

const lesson = {
  subject: 'Kiswahili Fasihi na Sarufi (Form 4, 8-4-4 KCSE revision)',
  otherName: 'Wanjikũ Nyambura-Odhiambo Kamau',
  // The longest weekday and month names in both languages.
  scheduledAt: '2026-09-30T15:30:00.000Z',
  timeZone: 'Africa/Nairobi',
};

const WEEK_LINK = 'https://d1a2b3c4d5e6f7.cloudfront.net/weekly-reports/3f2c9a1b-0123-4567-89ab-0123456789ab/2026-W48';

const longest: { [K in MessageKind]: Array<MessageValues[K]> } = {
  bookingConfirmation: [lesson],
  lessonReminder: [{ ...lesson, lead: '24h' }, { ...lesson, lead: '1h' }],
  lessonChange: [
    { ...lesson, change: 'moved' }, { ...lesson, change: 'cancelled' }, { ...lesson, change: 'moveProposed' }, { ...lesson, change: 'planDeclined' }, { ...lesson, change: 'planEnded' }, { ...lesson, change: 'planEndedTutor' }, { ...lesson, change: 'planPaused' }, { ...lesson, change: 'planPausedTutor' },
    { ...lesson, change: 'moveDeclined', staysAt: '2026-09-23T15:30:00.000Z' }, { ...lesson, change: 'moveWithdrawn', staysAt: '2026-09-23T15:30:00.000Z' },
  ],
  paymentReceipt: [
    { purpose: 'lesson', subject: lesson.subject, otherName: lesson.otherName, amountMinor: 12_345_678_90, reference: 'ALP-3f2c9a1b-0123456789ab' },
    { purpose: 'course', title: 'KCSE Mathematics Paper 2 intensive revision: every topic, every past paper', amountMinor: 12_345_678_90, reference: 'alp_pay_01JDX9Q8ZK7Y3V5T2R1N0M9B8A' },
  ],
  payoutPaid: [{ amountMinor: 98_765_432_10, reference: 'alp_payout_01JDX9Q8ZK7Y3V5T2R1N0M9B8A' }],
  payoutFailed: [{ amountMinor: 98_765_432_10 }],
  conversationUnread: [
    // A CloudFront origin and a 32-character conversation id: the link is never shortened.
    { senderName: lesson.otherName, quote: 'Can you help my son with KCSE Chemistry, organic chemistry? Evenings only please, after 6 pm.', link: 'https://d1a2b3c4d5e6f7.cloudfront.net/messages?c=Qk3v9xZr2LmN8pT4wYs6Hd1Fj5Gc7Ba0' },
    { senderName: lesson.otherName, quote: '', link: 'https://d1a2b3c4d5e6f7.cloudfront.net/messages?c=Qk3v9xZr2LmN8pT4wYs6Hd1Fj5Gc7Ba0' },
  ],
  // A CloudFront origin, a learner id (a UUID) and a week: 99 characters, never shortened; two lessons a day.
  weeklyReport: [
    { learnerName: lesson.otherName, lessons: 14, subjects: [lesson.subject, 'Mathematics', 'Chemistry'], homeworkDue: 12, quizAveragePercent: 100, link: WEEK_LINK },
    { learnerName: lesson.otherName, lessons: 1, subjects: [lesson.subject], homeworkDue: 0, quizAveragePercent: null, link: WEEK_LINK },
  ],
};

const GSM7_ONLY = /^[\n\r\x20-\x7e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]*$/;

describe('SMS texts', () => {
  for (const kind of MESSAGE_KINDS) {
    for (const language of LANGUAGES) {
      it(`${kind} in ${language} fits one SMS page with long values`, () => {
        for (const values of longest[kind]) {
          const { sms } = renderPhoneMessage(kind, values as never, language);
          expect(sms.length, sms).toBeLessThanOrEqual(SMS_PAGE);
          expect(sms, 'GSM-7 only: one non-GSM character makes it UCS-2, 70 a page').toMatch(GSM7_ONLY);
          expect(sms.startsWith('ALP: ')).toBe(true);
          expect(sms, 'a shortened value before the end of a sentence leaves one full stop').not.toMatch(/\.\./);
        }
      });
    }
  }

  it('keeps short values whole and says the time in the reader\'s language', () => {
    const values = { subject: 'Maths', otherName: 'Amina Otieno', scheduledAt: '2026-12-15T15:30:00.000Z', timeZone: 'Africa/Nairobi', lead: '1h' as const };
    expect(renderPhoneMessage('lessonReminder', values, 'en').sms)
      .toBe('ALP: Your Maths lesson with Amina Otieno starts in 1 hour: Tue, 15 Dec, 18:30. Join from My bookings.');
    expect(renderPhoneMessage('lessonReminder', values, 'sw').sms)
      .toBe('ALP: Somo lako la Maths na Amina Otieno linaanza baada ya saa 1: Jumanne, 15 Des, 18:30. Jiunge kupitia Nafasi zangu.');
  });

  it('drops accents rather than sending UCS-2', () => {
    expect(gsm7('Wanjikũ  Nyambura\nKamau')).toBe('Wanjiku Nyambura Kamau');
  });
});

describe('WhatsApp templates', () => {
  it('names an approved template per kind with the values as parameters, moved and cancelled apart', () => {
    const moved = renderPhoneMessage('lessonChange', { ...lesson, change: 'moved' }, 'sw').whatsapp;
    expect(moved.template).toBe(WHATSAPP_TEMPLATES.lessonMoved);
    expect(moved.parameters).toHaveLength(3);
    expect(renderPhoneMessage('lessonChange', { ...lesson, change: 'cancelled' }, 'en').whatsapp.template).toBe(WHATSAPP_TEMPLATES.lessonCancelled);
    expect(renderPhoneMessage('payoutPaid', { amountMinor: 150_000, reference: 'po_1' }, 'en').whatsapp)
      .toEqual({ template: 'alp_payout_paid', parameters: ['KSh 1,500', 'po_1'] });
  });

  it('a move proposed, declined or withdrawn has its own template; declined and withdrawn also name the time the lesson keeps', () => {
    const at = { subject: 'Maths', otherName: 'Amina Otieno', scheduledAt: '2026-12-16T15:30:00.000Z', timeZone: 'Africa/Nairobi' };
    expect(renderPhoneMessage('lessonChange', { ...at, change: 'moveProposed' }, 'en').whatsapp)
      .toEqual({ template: 'alp_lesson_move_proposed', parameters: ['Maths', 'Amina Otieno', 'Wed, 16 Dec, 18:30'] });
    expect(renderPhoneMessage('lessonChange', { ...at, change: 'moveDeclined', staysAt: '2026-12-15T15:30:00.000Z' }, 'sw').whatsapp)
      .toEqual({ template: 'alp_lesson_move_declined', parameters: ['Maths', 'Amina Otieno', 'Jumatano, 16 Des, 18:30', 'Jumanne, 15 Des, 18:30'] });
    expect(renderPhoneMessage('lessonChange', { ...at, change: 'moveWithdrawn', staysAt: '2026-12-15T15:30:00.000Z' }, 'en').whatsapp.template)
      .toBe('alp_lesson_move_withdrawn');
  });
});

describe('the lesson change and receipt texts', () => {
  const at = { subject: 'Maths', otherName: 'Amina Otieno', scheduledAt: '2026-12-16T15:30:00.000Z', timeZone: 'Africa/Nairobi' };

  it('a proposal asks the reader to answer; a declined one says the time the lesson keeps, in their language', () => {
    expect(renderPhoneMessage('lessonChange', { ...at, change: 'moveProposed' }, 'en').sms)
      .toBe('ALP: Amina Otieno asks to move your Maths lesson to Wed, 16 Dec, 18:30. Accept or decline in My bookings.');
    expect(renderPhoneMessage('lessonChange', { ...at, change: 'moveDeclined', staysAt: '2026-12-15T15:30:00.000Z' }, 'sw').sms)
      .toBe('ALP: Amina Otieno amekataa kuhamisha somo lako la Maths hadi Jumatano, 16 Des, 18:30. Linabaki Jumanne, 15 Des, 18:30.');
  });

  it('a receipt names what was paid for and keeps the whole reference', () => {
    const paid = { amountMinor: 150_000, reference: 'ALP-3f2c9a1b-0123456789ab' };
    expect(renderPhoneMessage('paymentReceipt', { ...paid, purpose: 'lesson', subject: 'Maths', otherName: 'Amina Otieno' }, 'en').sms)
      .toBe('ALP: Payment received: KSh 1,500 for Maths lesson with Amina Otieno. Ref ALP-3f2c9a1b-0123456789ab. Thank you.');
    expect(renderPhoneMessage('paymentReceipt', { ...paid, purpose: 'course', title: 'Biology for Form 4' }, 'sw').sms)
      .toBe('ALP: Malipo yamepokelewa: KSh 1,500 kwa kozi Biology for Form 4. Kumb. ALP-3f2c9a1b-0123456789ab. Asante.');
    const long = renderPhoneMessage('paymentReceipt', { ...paid, purpose: 'lesson', subject: lesson.subject, otherName: lesson.otherName }, 'sw').sms;
    expect(long).toContain('Kumb. ALP-3f2c9a1b-0123456789ab.');
  });
});

describe('the unread-message text', () => {
  const link = 'https://alp.example/messages?c=abc';
  it('quotes the start of the message and keeps the thread link whole', () => {
    expect(renderPhoneMessage('conversationUnread', { senderName: 'Amina Otieno', quote: 'Are you free on Saturday?', link }, 'en').sms)
      .toBe(`ALP: Amina Otieno sent you a message: "Are you free on Saturday?" Read and reply: ${link}`);
    const long = renderPhoneMessage('conversationUnread', { senderName: 'Amina', quote: 'x'.repeat(300), link: `https://alp.example/messages?c=${'Q'.repeat(32)}` }, 'sw').sms;
    expect(long.endsWith(`Soma na ujibu: https://alp.example/messages?c=${'Q'.repeat(32)}`)).toBe(true);
  });

  it('a file sent alone is named as a file, and WhatsApp gets sender, quote and link', () => {
    expect(renderPhoneMessage('conversationUnread', { senderName: 'Amina', quote: '', link }, 'sw').whatsapp)
      .toEqual({ template: 'alp_conversation_unread', parameters: ['Amina', '(faili)', link] });
  });
});

describe('the weekly report summary', () => {
  const week = { learnerName: 'Amani', lessons: 2, subjects: ['Chemistry'], homeworkDue: 2, quizAveragePercent: 72, link: 'https://alp.example/weekly-reports/l1/2026-W48' };

  it('gives the week in figures with the subjects and the page link, in the reader\'s language', () => {
    expect(renderPhoneMessage('weeklyReport', week, 'en').sms)
      .toBe('ALP: Amani\'s week: 2 lessons (Chemistry), 2 homework due, quiz avg 72%. https://alp.example/weekly-reports/l1/2026-W48');
    expect(renderPhoneMessage('weeklyReport', { ...week, lessons: 1, homeworkDue: 1 }, 'sw').sms)
      .toBe('ALP: Wiki ya Amani: somo 1 (Chemistry), kazi 1 ya nyumbani, alama ya maswali 72%. https://alp.example/weekly-reports/l1/2026-W48');
  });

  it('leaves out what did not happen', () => {
    expect(renderPhoneMessage('weeklyReport', { ...week, lessons: 0, subjects: [], homeworkDue: 0 }, 'en').sms)
      .toBe('ALP: Amani\'s week: quiz avg 72%. https://alp.example/weekly-reports/l1/2026-W48');
    expect(renderPhoneMessage('weeklyReport', { ...week, homeworkDue: 0, quizAveragePercent: null }, 'sw').sms)
      .toBe('ALP: Wiki ya Amani: masomo 2 (Chemistry). https://alp.example/weekly-reports/l1/2026-W48');
  });

  it('beside a long link the SMS drops the subjects first and keeps the link whole; WhatsApp gets everything', () => {
    const long = { ...week, link: WEEK_LINK };
    const sms = renderPhoneMessage('weeklyReport', long, 'en').sms;
    expect(sms).toBe(`ALP: Amani's week: 2 lessons, 2 homework due, quiz avg 72%. ${WEEK_LINK}`);
    expect(renderPhoneMessage('weeklyReport', long, 'sw').whatsapp)
      .toEqual({ template: 'alp_weekly_report', parameters: ['Amani', 'masomo 2 (Chemistry), kazi 2 za nyumbani, alama ya maswali 72%', WEEK_LINK] });
  });
});
