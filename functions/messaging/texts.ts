/**
 * What SMS and WhatsApp say, per kind of message, in the recipient's language. Each SMS is one
 * page: at most 160 GSM-7 characters (a second page doubles the cost, one non-GSM character
 * makes the whole text UCS-2 at 70 a page), so values are reduced to GSM-7 and the longest ones
 * are shortened until the text fits. WhatsApp sends the same values as the parameters of a
 * pre-approved template per kind (names in WHATSAPP_TEMPLATES, approved in `en` and `sw`;
 * docs/operations.md lists their bodies).
 */
import type { Language } from '../../events/shared/language.js';
import { INTL_LOCALES } from '../../events/shared/language.js';
import { kshMinor } from '../shared/display.js';
import type { MessageKind } from './channels.js';

export const SMS_PAGE = 160;

export interface LessonValues { subject: string; otherName: string; scheduledAt: string; timeZone: string }

/**
 * What changed about a lesson; `scheduledAt` is the time the message is about: the new time of a
 * move, the cancelled lesson's, the proposed one of a proposal, and, for a proposal declined or
 * withdrawn, the time that was proposed while `staysAt` is the time the lesson keeps; for a weekly
 * plan its tutor declined, the first of its lessons; for one its family ended (to the family, and
 * `planEndedTutor` to the tutor), the first lesson the ending touched; for weeks of one its family
 * paused (`planPaused`, `planPausedTutor`), the first lesson the pause touched.
 */
export type LessonChange =
  | { change: 'moved' | 'cancelled' | 'moveProposed' | 'planDeclined' | 'planEnded' | 'planEndedTutor' | 'planPaused' | 'planPausedTutor' }
  | { change: 'moveDeclined' | 'moveWithdrawn'; staysAt: string };

/** What a payment paid for: a booked lesson (its subject and tutor) or a course (its title). */
export type PaidFor = { purpose: 'lesson'; subject: string; otherName: string } | { purpose: 'course'; title: string };

export interface MessageValues {
  bookingConfirmation: LessonValues;
  lessonReminder: LessonValues & { lead: '24h' | '1h' };
  lessonChange: LessonValues & LessonChange;
  paymentReceipt: PaidFor & { amountMinor: number; reference: string };
  payoutPaid: { amountMinor: number; reference: string };
  payoutFailed: { amountMinor: number };
  /** `quote` is the start of the message as the reader may see it (empty for a file alone); `link` opens the thread. */
  conversationUnread: { senderName: string; quote: string; link: string };
  /** A learner's week in figures (a count of 0 and a null average are left out); `link` opens the week's report page. */
  weeklyReport: { learnerName: string; lessons: number; subjects: string[]; homeworkDue: number; quizAveragePercent: number | null; link: string };
}

/** The WhatsApp templates to have approved (each in `en` and `sw`), with their body parameters in order. */
export const WHATSAPP_TEMPLATES = {
  bookingConfirmation: 'alp_booking_confirmation',
  lessonReminder: 'alp_lesson_reminder',
  lessonMoved: 'alp_lesson_moved',
  lessonCancelled: 'alp_lesson_cancelled',
  lessonMoveProposed: 'alp_lesson_move_proposed',
  lessonMoveDeclined: 'alp_lesson_move_declined',
  lessonMoveWithdrawn: 'alp_lesson_move_withdrawn',
  planDeclined: 'alp_plan_declined',
  planEnded: 'alp_plan_ended',
  planEndedTutor: 'alp_plan_ended_tutor',
  planPaused: 'alp_plan_paused',
  planPausedTutor: 'alp_plan_paused_tutor',
  paymentReceipt: 'alp_payment_receipt',
  payoutPaid: 'alp_payout_paid',
  payoutFailed: 'alp_payout_failed',
  conversationUnread: 'alp_conversation_unread',
  weeklyReport: 'alp_weekly_report',
} as const;

export interface PhoneMessage {
  sms: string;
  whatsapp: { template: string; parameters: string[] };
}

const GSM7 = /[^\n\r\x20-\x7e£¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€]/g;

/** A value as GSM-7 text on one line: accents dropped (Wanjikũ → Wanjiku), anything else outside GSM-7 removed. */
export function gsm7(value: string): string {
  return value.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[−–—]/g, '-').replace(/[‘’]/g, "'").replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ').replace(GSM7, '').trim();
}

const clip = (value: string, max: number) => (value.length <= max ? value : `${value.slice(0, Math.max(1, max - 1)).trimEnd()}.`);

/** "Tue, 15 Dec, 18:30" / "Jumanne, 15 Des, 18:30" in the reader's zone. */
export function shortLessonTime(iso: string, timeZone: string, language: Language): string {
  const format = (zone: string) => new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone,
  }).format(new Date(iso));
  try { return format(timeZone); } catch { return `${format('UTC')} UTC`; }
}

interface Sentences {
  bookingConfirmation: (v: { subject: string; other: string; when: string }) => string;
  lessonReminder: (v: { subject: string; other: string; when: string; lead: '24h' | '1h' }) => string;
  lessonMoved: (v: { subject: string; other: string; when: string }) => string;
  lessonCancelled: (v: { subject: string; other: string; when: string }) => string;
  lessonMoveProposed: (v: { subject: string; other: string; when: string }) => string;
  lessonMoveDeclined: (v: { subject: string; other: string; when: string; stays: string }) => string;
  lessonMoveWithdrawn: (v: { subject: string; other: string; when: string; stays: string }) => string;
  planDeclined: (v: { subject: string; other: string; when: string }) => string;
  planEnded: (v: { subject: string; other: string; when: string }) => string;
  planEndedTutor: (v: { subject: string; other: string; when: string }) => string;
  planPaused: (v: { subject: string; other: string; when: string }) => string;
  planPausedTutor: (v: { subject: string; other: string; when: string }) => string;
  /** What was paid for, inside the receipt's sentence. */
  paidForLesson: (v: { subject: string; other: string }) => string;
  paidForCourse: (v: { title: string }) => string;
  paymentReceipt: (v: { what: string; amount: string; reference: string }) => string;
  payoutPaid: (v: { amount: string; reference: string }) => string;
  payoutFailed: (v: { amount: string }) => string;
  conversationUnread: (v: { sender: string; quote: string; link: string }) => string;
  /** `summary` is the week's figures (the week* parts joined by ", "). */
  weeklyReport: (v: { name: string; summary: string; link: string }) => string;
  /** `subjects` may be empty (left out to fit); terse parts are what fits beside a long link. */
  weekLessons: (count: number, subjects: string) => string;
  weekHomework: (count: number, terse: boolean) => string;
  weekQuiz: (percent: number, terse: boolean) => string;
  /** What stands for the text of a message that is a file alone. */
  aFile: string;
}

const SMS: Record<Language, Sentences> = {
  en: {
    bookingConfirmation: (v) => `ALP: Lesson booked and paid: ${v.subject} with ${v.other}, ${v.when}. Details in My bookings.`,
    lessonReminder: (v) => `ALP: Your ${v.subject} lesson with ${v.other} starts in ${v.lead === '24h' ? '24 hours' : '1 hour'}: ${v.when}. Join from My bookings.`,
    lessonMoved: (v) => `ALP: Your ${v.subject} lesson with ${v.other} has moved to ${v.when}. Details in My bookings.`,
    lessonCancelled: (v) => `ALP: Your ${v.subject} lesson with ${v.other} on ${v.when} was cancelled. Details in My bookings.`,
    lessonMoveProposed: (v) => `ALP: ${v.other} asks to move your ${v.subject} lesson to ${v.when}. Accept or decline in My bookings.`,
    lessonMoveDeclined: (v) => `ALP: ${v.other} declined moving your ${v.subject} lesson to ${v.when}. It stays on ${v.stays}.`,
    lessonMoveWithdrawn: (v) => `ALP: ${v.other} withdrew the request to move your ${v.subject} lesson to ${v.when}. It stays on ${v.stays}.`,
    planDeclined: (v) => `ALP: ${v.other} declined your weekly ${v.subject} lessons from ${v.when}. Nothing was charged. Choose another tutor on ALP.`,
    planEnded: (v) => `ALP: Your weekly ${v.subject} lessons with ${v.other} are ended from ${v.when}. Refund and lessons kept: see My bookings.`,
    planEndedTutor: (v) => `ALP: ${v.other} ended the weekly ${v.subject} lessons from ${v.when}. Freed and kept lessons: see your dashboard.`,
    planPaused: (v) => `ALP: Your weekly ${v.subject} lessons with ${v.other} are paused from ${v.when}. Refund and lessons kept: see My bookings.`,
    planPausedTutor: (v) => `ALP: ${v.other} paused the weekly ${v.subject} lessons from ${v.when}. Freed and kept lessons: see your dashboard.`,
    paidForLesson: (v) => `${v.subject} lesson with ${v.other}`,
    paidForCourse: (v) => `the course ${v.title}`,
    paymentReceipt: (v) => `ALP: Payment received: ${v.amount} for ${v.what}. Ref ${v.reference}. Thank you.`,
    payoutPaid: (v) => `ALP: Your payout of ${v.amount} was sent, ref ${v.reference}. It may take a few minutes to arrive.`,
    payoutFailed: (v) => `ALP: Your payout of ${v.amount} could not be sent. Please check your payout details in the app.`,
    conversationUnread: (v) => `ALP: ${v.sender} sent you a message: "${v.quote}" Read and reply: ${v.link}`,
    weeklyReport: (v) => `ALP: ${v.name}'s week: ${v.summary}. ${v.link}`,
    weekLessons: (count, subjects) => `${count} ${count === 1 ? 'lesson' : 'lessons'}${subjects ? ` (${subjects})` : ''}`,
    weekHomework: (count, terse) => (terse ? `${count} homework` : `${count} homework due`),
    weekQuiz: (percent, terse) => (terse ? `quiz ${percent}%` : `quiz avg ${percent}%`),
    aFile: '(a file)',
  },
  sw: {
    bookingConfirmation: (v) => `ALP: Somo limewekwa na kulipiwa: ${v.subject} na ${v.other}, ${v.when}. Maelezo kwenye Nafasi zangu.`,
    lessonReminder: (v) => `ALP: Somo lako la ${v.subject} na ${v.other} linaanza baada ya ${v.lead === '24h' ? 'saa 24' : 'saa 1'}: ${v.when}. Jiunge kupitia Nafasi zangu.`,
    lessonMoved: (v) => `ALP: Somo lako la ${v.subject} na ${v.other} limehamishiwa ${v.when}. Maelezo kwenye Nafasi zangu.`,
    lessonCancelled: (v) => `ALP: Somo lako la ${v.subject} na ${v.other} la ${v.when} limeghairiwa. Maelezo kwenye Nafasi zangu.`,
    lessonMoveProposed: (v) => `ALP: ${v.other} anaomba kuhamisha somo lako la ${v.subject} hadi ${v.when}. Kubali au kataa kwenye Nafasi zangu.`,
    lessonMoveDeclined: (v) => `ALP: ${v.other} amekataa kuhamisha somo lako la ${v.subject} hadi ${v.when}. Linabaki ${v.stays}.`,
    lessonMoveWithdrawn: (v) => `ALP: ${v.other} ameondoa ombi la kuhamisha somo lako la ${v.subject} hadi ${v.when}. Linabaki ${v.stays}.`,
    planDeclined: (v) => `ALP: ${v.other} amekataa masomo yako ya kila wiki ya ${v.subject} kuanzia ${v.when}. Hukutozwa chochote. Chagua mwalimu mwingine.`,
    planEnded: (v) => `ALP: Masomo yako ya kila wiki ya ${v.subject} na ${v.other} yamekwisha kuanzia ${v.when}. Pesa na masomo yanayobaki: Nafasi zangu.`,
    planEndedTutor: (v) => `ALP: ${v.other} amemaliza masomo ya kila wiki ya ${v.subject} kuanzia ${v.when}. Yaliyoachiliwa na yanayobaki: dashibodi yako.`,
    planPaused: (v) => `ALP: Masomo yako ya kila wiki ya ${v.subject} na ${v.other} yamesimamishwa kuanzia ${v.when}. Pesa na masomo yanayobaki: Nafasi zangu.`,
    planPausedTutor: (v) => `ALP: ${v.other} amesimamisha masomo ya kila wiki ya ${v.subject} kuanzia ${v.when}. Yaliyoachiliwa na yanayobaki: dashibodi yako.`,
    paidForLesson: (v) => `somo la ${v.subject} na ${v.other}`,
    paidForCourse: (v) => `kozi ${v.title}`,
    paymentReceipt: (v) => `ALP: Malipo yamepokelewa: ${v.amount} kwa ${v.what}. Kumb. ${v.reference}. Asante.`,
    payoutPaid: (v) => `ALP: Malipo yako ya ${v.amount} yametumwa, kumb. ${v.reference}. Huenda yakachukua dakika chache kufika.`,
    payoutFailed: (v) => `ALP: Malipo yako ya ${v.amount} hayakutumwa. Tafadhali kagua maelezo yako ya malipo kwenye programu.`,
    conversationUnread: (v) => `ALP: ${v.sender} amekutumia ujumbe: "${v.quote}" Soma na ujibu: ${v.link}`,
    weeklyReport: (v) => `ALP: Wiki ya ${v.name}: ${v.summary}. ${v.link}`,
    weekLessons: (count, subjects) => `${count === 1 ? 'somo 1' : `masomo ${count}`}${subjects ? ` (${subjects})` : ''}`,
    weekHomework: (count, terse) => (terse ? `kazi ${count}` : count === 1 ? 'kazi 1 ya nyumbani' : `kazi ${count} za nyumbani`),
    weekQuiz: (percent, terse) => (terse ? `maswali ${percent}%` : `alama ya maswali ${percent}%`),
    aFile: '(faili)',
  },
};

/**
 * Renders with the free-text values (names, subjects, references) at most `max` characters,
 * shortening them until the SMS fits one page; WhatsApp gets the same values (it has no page).
 */
function fitted(render: (shorten: (value: string) => string) => { sms: string; parameters: string[]; template?: string }) {
  for (let max = 40; ; max -= 2) {
    const out = render((value) => clip(gsm7(value), max));
    // A shortened value ends in "."; where the sentence ends right after it, one full stop is enough.
    out.sms = out.sms.replace(/\.{2,}(?=\s|$)/g, '.');
    if (out.sms.length <= SMS_PAGE || max <= 4) return out;
  }
}

/**
 * The weekly report's summary: the link is what it is for and is never shortened; beside a long
 * one (a CloudFront origin and a learner id take 99 characters) the SMS gives up, in order, the
 * subjects, the full labels, then characters of the name. WhatsApp, with no page, gets it all.
 */
function weeklyReportMessage(values: MessageValues['weeklyReport'], language: Language): PhoneMessage {
  const s = SMS[language];
  const summary = (subjects: string, terse: boolean) => [
    ...(values.lessons > 0 ? [s.weekLessons(values.lessons, subjects)] : []),
    ...(values.homeworkDue > 0 ? [s.weekHomework(values.homeworkDue, terse)] : []),
    ...(values.quizAveragePercent !== null ? [s.weekQuiz(values.quizAveragePercent, terse)] : []),
  ].join(', ');
  const subjects = [...new Set(values.subjects.map((subject) => clip(gsm7(subject), 24)))].join(', ');
  const levels = [{ subjects, terse: false }, { subjects: '', terse: false }, { subjects: '', terse: true }];
  const render = (level: (typeof levels)[number], max: number) =>
    s.weeklyReport({ name: clip(gsm7(values.learnerName), max), summary: summary(level.subjects, level.terse), link: values.link });
  // Richer levels keep at least 10 characters of the name; the last shortens it to 4.
  const attempts = levels.flatMap((level, index) => {
    const shortest = index === levels.length - 1 ? 4 : 10;
    return Array.from({ length: (40 - shortest) / 2 + 1 }, (_, step) => () => render(level, 40 - 2 * step));
  });
  let sms = '';
  for (const attempt of attempts) {
    sms = attempt();
    if (sms.length <= SMS_PAGE) break;
  }
  const name = gsm7(values.learnerName);
  return { sms, whatsapp: { template: WHATSAPP_TEMPLATES.weeklyReport, parameters: [name, summary(subjects, false), values.link] } };
}

export function renderPhoneMessage<K extends MessageKind>(kind: K, values: MessageValues[K], language: Language): PhoneMessage {
  if (kind === 'weeklyReport') return weeklyReportMessage(values as MessageValues['weeklyReport'], language);
  const s = SMS[language];
  const lesson = (v: LessonValues, shorten: (value: string) => string) =>
    ({ subject: shorten(v.subject), other: shorten(v.otherName), when: gsm7(shortLessonTime(v.scheduledAt, v.timeZone, language)) });
  const amount = (minor: number) => gsm7(kshMinor(minor, 'KES', language));
  const out = fitted((shorten) => {
    switch (kind) {
      case 'bookingConfirmation': {
        const v = lesson(values as LessonValues, shorten);
        return { sms: s.bookingConfirmation(v), parameters: [v.subject, v.other, v.when] };
      }
      case 'lessonReminder': {
        const raw = values as MessageValues['lessonReminder'];
        const v = { ...lesson(raw, shorten), lead: raw.lead };
        return { sms: s.lessonReminder(v), parameters: [v.subject, v.other, v.when, raw.lead === '24h' ? (language === 'sw' ? 'saa 24' : '24 hours') : (language === 'sw' ? 'saa 1' : '1 hour')] };
      }
      case 'lessonChange': {
        const raw = values as MessageValues['lessonChange'];
        const v = lesson(raw, shorten);
        const parameters = [v.subject, v.other, v.when];
        switch (raw.change) {
          case 'moved': return { sms: s.lessonMoved(v), parameters, template: WHATSAPP_TEMPLATES.lessonMoved };
          case 'cancelled': return { sms: s.lessonCancelled(v), parameters, template: WHATSAPP_TEMPLATES.lessonCancelled };
          case 'moveProposed': return { sms: s.lessonMoveProposed(v), parameters, template: WHATSAPP_TEMPLATES.lessonMoveProposed };
          case 'planDeclined': return { sms: s.planDeclined(v), parameters, template: WHATSAPP_TEMPLATES.planDeclined };
          case 'planEnded': return { sms: s.planEnded(v), parameters, template: WHATSAPP_TEMPLATES.planEnded };
          case 'planEndedTutor': return { sms: s.planEndedTutor(v), parameters, template: WHATSAPP_TEMPLATES.planEndedTutor };
          case 'planPaused': return { sms: s.planPaused(v), parameters, template: WHATSAPP_TEMPLATES.planPaused };
          case 'planPausedTutor': return { sms: s.planPausedTutor(v), parameters, template: WHATSAPP_TEMPLATES.planPausedTutor };
          default: {
            const kept = { ...v, stays: gsm7(shortLessonTime(raw.staysAt, raw.timeZone, language)) };
            const declined = raw.change === 'moveDeclined';
            return {
              sms: declined ? s.lessonMoveDeclined(kept) : s.lessonMoveWithdrawn(kept), parameters: [...parameters, kept.stays],
              template: declined ? WHATSAPP_TEMPLATES.lessonMoveDeclined : WHATSAPP_TEMPLATES.lessonMoveWithdrawn,
            };
          }
        }
      }
      case 'paymentReceipt': {
        const raw = values as MessageValues['paymentReceipt'];
        const what = raw.purpose === 'lesson'
          ? s.paidForLesson({ subject: shorten(raw.subject), other: shorten(raw.otherName) })
          : s.paidForCourse({ title: shorten(raw.title) });
        // The reference is what the payer quotes to support: kept whole to fit (ours are 25 characters).
        const v = { what, amount: amount(raw.amountMinor), reference: clip(gsm7(raw.reference), 40) };
        return { sms: s.paymentReceipt(v), parameters: [v.amount, v.what, v.reference] };
      }
      case 'payoutPaid': {
        const raw = values as MessageValues['payoutPaid'];
        const v = { amount: amount(raw.amountMinor), reference: shorten(raw.reference) };
        return { sms: s.payoutPaid(v), parameters: [v.amount, v.reference] };
      }
      case 'conversationUnread': {
        const raw = values as MessageValues['conversationUnread'];
        // The link is what the message is for: never shortened (ours are under 80 characters).
        const v = { sender: shorten(raw.senderName), quote: raw.quote ? shorten(raw.quote) : s.aFile, link: raw.link };
        return { sms: s.conversationUnread(v), parameters: [v.sender, v.quote, v.link] };
      }
      default: {
        const raw = values as MessageValues['payoutFailed'];
        const v = { amount: amount(raw.amountMinor) };
        return { sms: s.payoutFailed(v), parameters: [v.amount] };
      }
    }
  });
  const template = out.template ?? WHATSAPP_TEMPLATES[kind as Exclude<MessageKind, 'lessonChange' | 'weeklyReport'>];
  return { sms: out.sms, whatsapp: { template, parameters: out.parameters } };
}
