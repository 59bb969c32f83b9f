/**
 * Conversation rules (pure, unit-tested in rules.test.ts): message length, the per-user limits,
 * hiding contact details until the pair has a paid lesson, and the tutor's typical first-reply
 * time. docs/decisions/2026-11-28-conversations-polling-now-websocket-next.md says how updates reach the page.
 */

export const MAX_MESSAGE_LENGTH = 2000;
export const THREAD_PAGE_SIZE = 30;
export const LIST_PAGE_SIZE = 20;
/** Per sender, across every conversation (route rate limit). */
export const MESSAGES_PER_MINUTE = 30;
/** New conversations a family or student may start a day. */
export const NEW_CONVERSATIONS_PER_DAY = 20;

/** What stands in for a hidden contact detail in a message's text. */
export const HIDDEN = '•••';

export const conversationMessages = {
  notFound: 'Conversation not found',
  tutorNotFound: 'Tutor not found',
  bookingNotFound: 'Booking not found',
  tutorOrBooking: 'Name either the tutor or the booking',
  notYourBooking: 'Only the student, parent or tutor of this booking can message about it.',
  blockedByOther: 'You cannot send messages in this conversation any more.',
  blockedByYou: 'You blocked this conversation. Unblock it to send messages.',
  contactsHidden: 'Contact details are shared after the first paid lesson',
  textRequired: 'Write a message',
  tooLong: `A message has at most ${MAX_MESSAGE_LENGTH} characters`,
  clientIdInvalid: 'Please reload the page and send the message again.',
  reported: 'Thank you. The team will look at this conversation.',
  alreadyReported: 'You have already reported this conversation.',
  reasonRequired: 'Tell us briefly what is wrong (at least 3 characters)',
  suspended: 'Your account is suspended, so you cannot send messages. Please contact support.',
  reportNotFound: 'This conversation has no report to look at.',
  reportClosed: 'This report is already closed.',
} as const;

// --- Contact details -------------------------------------------------------------------------

/**
 * Kenyan numbers, mobile and landline-style: 07xx / 01xx, or +254 / 254 then 7xx / 1xx, 9 digits
 * after the prefix, with spaces, dots or dashes anywhere between them ("0712 345 678", "+254-712-345678").
 */
const KENYAN_PHONE = /(?<![\d+])(?:\+?254|0)[\s.-]?[17](?:[\s.-]?\d){8}(?!\d)/g;
/** Any other number written with its country code ("+44 20 7946 0958"). */
const INTERNATIONAL = /\+\d(?:[\s.-]?\d){8,14}(?!\d)/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const CHAT_LINK = /\b(?:https?:\/\/)?(?:www\.)?(?:wa\.me|t\.me|telegram\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\/?[^\s]*/gi;
/** "Till 123456", "paybill no. 400200", "pay bill: 522 522", "namba ya till 12345", "buy goods 98765". */
const MPESA_NUMBER = /\b(till|pay\s?bill|buy\s?goods|business\s+(?:no|number))\b([^\d\n]{0,24})(\d[\d\s-]{3,10}\d)/gi;

export interface Masked {
  text: string;
  masked: boolean;
}

/**
 * `text` with phone numbers, e-mail addresses, WhatsApp/Telegram links and M-Pesa till or paybill
 * numbers replaced by {@link HIDDEN}. Prices ("KSh 2,500"), times ("17:00"), years and short
 * numbers stay: a number is hidden only when its digits make a phone number or follow M-Pesa words.
 */
export function maskContactDetails(text: string): Masked {
  let masked = false;
  const hide = () => {
    masked = true;
    return HIDDEN;
  };
  const out = text
    .replace(CHAT_LINK, hide)
    .replace(EMAIL, hide)
    .replace(MPESA_NUMBER, (_whole, word: string, between: string) => `${word}${between}${hide()}`)
    .replace(KENYAN_PHONE, hide)
    .replace(INTERNATIONAL, hide);
  return { text: out, masked };
}

/** A message's first line, cut for the conversation list. */
export function previewOf(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// --- Response time ---------------------------------------------------------------------------

export const REPLY_WINDOW_DAYS = 30;
/** The most first replies kept per tutor: bounds the item whatever a tutor's volume. */
export const MAX_REPLY_SAMPLES = 200;
const DAY_MS = 86_400_000;

export interface ReplySample {
  /** When the conversation's first message arrived (ISO). */
  at: string;
  /** Milliseconds until the tutor's first reply. */
  ms: number;
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2);
}

/** The samples kept after adding one: the last 30 days' conversations, at most MAX_REPLY_SAMPLES, newest last. */
export function withSample(samples: readonly ReplySample[], sample: ReplySample, now: Date): ReplySample[] {
  const since = now.getTime() - REPLY_WINDOW_DAYS * DAY_MS;
  return [...samples, sample].filter((s) => Date.parse(s.at) >= since).slice(-MAX_REPLY_SAMPLES);
}

/** The median first-reply time of the samples still in the 30-day window; undefined without any. */
export function medianReplyMs(samples: readonly ReplySample[], now: Date): number | undefined {
  const since = now.getTime() - REPLY_WINDOW_DAYS * DAY_MS;
  return median(samples.filter((s) => Date.parse(s.at) >= since).map((s) => s.ms));
}

/** The promise a profile shows: "within an hour", "within N hours", "within a day", "within N days" (rounded up). */
export function replyWithinHours(ms: number): number {
  return Math.max(1, Math.ceil(ms / 3_600_000));
}
