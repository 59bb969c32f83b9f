/**
 * Which channel a message goes by (pure; notify.ts acts on it). Each kind of message has the
 * recipient's chosen channel, or its default: what must be seen in time (a booking confirmed, a
 * lesson soon, a lesson moved or cancelled) by SMS, what is kept for records (receipts, payouts)
 * by e-mail, and so is a conversation message waiting unread (it points back to the thread). SMS and WhatsApp need a verified number and no opt-out of that channel; whatever
 * fails or is refused moves down the fallback order WhatsApp → SMS → e-mail. E-mail is always
 * last: every account has an address. The weekly progress report is e-mailed whatever the choice;
 * SMS or WhatsApp chosen for it add a short summary (a phone-only message: no e-mail fallback).
 */
import type { Language } from '../../events/shared/language.js';

export const MESSAGE_KINDS = ['bookingConfirmation', 'lessonReminder', 'lessonChange', 'paymentReceipt', 'payoutPaid', 'payoutFailed', 'conversationUnread', 'weeklyReport'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export type PhoneChannel = Exclude<Channel, 'email'>;

export const DEFAULT_CHANNELS: Readonly<Record<MessageKind, Channel>> = {
  bookingConfirmation: 'sms',
  lessonReminder: 'sms',
  lessonChange: 'sms',
  paymentReceipt: 'email',
  payoutPaid: 'email',
  payoutFailed: 'email',
  conversationUnread: 'email',
  weeklyReport: 'email',
};

export type ChannelPreferences = Partial<Record<MessageKind, Channel>>;

/** What the router knows of a recipient when it chooses. */
export interface RecipientChannels {
  language: Language;
  preferences: ChannelPreferences;
  /** 2547XXXXXXXX when the account has a verified number. */
  phone?: string;
  optedOut: ReadonlySet<PhoneChannel>;
}

/**
 * Whether e-mail is the last resort (the default) or left out: a message that only adds to an
 * e-mail sent anyway (the weekly report's summary) goes by phone or not at all, never as a second e-mail.
 */
export interface RouteOptions { emailFallback?: boolean }

const reachable = (recipient: Pick<RecipientChannels, 'phone' | 'optedOut'>, { emailFallback = true }: RouteOptions) => (channel: Channel) =>
  channel === 'email' ? emailFallback : recipient.phone !== undefined && !recipient.optedOut.has(channel);

/** The chosen channel, then every channel below it in the fallback order that may reach the recipient. */
export function channelsToTry(kind: MessageKind, recipient: Pick<RecipientChannels, 'preferences' | 'phone' | 'optedOut'>, options: RouteOptions = {}): Channel[] {
  const chosen = recipient.preferences[kind] ?? DEFAULT_CHANNELS[kind];
  return CHANNELS.slice(CHANNELS.indexOf(chosen)).filter(reachable(recipient, options));
}

/** The channels below `failed` in the fallback order that may still reach the recipient (a late delivery failure moves on from there). */
export function channelsAfter(failed: Channel, recipient: Pick<RecipientChannels, 'phone' | 'optedOut'>, options: RouteOptions = {}): Channel[] {
  return CHANNELS.slice(CHANNELS.indexOf(failed) + 1).filter(reachable(recipient, options));
}

/** An SMS or WhatsApp reply that stops that channel for the sender (the first word counts, any case). */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'ACHA', 'SITISHA']);
export const isStopReply = (text: string): boolean => STOP_WORDS.has(text.trim().split(/\s+/)[0]?.replace(/[^a-z]/gi, '').toUpperCase() ?? '');

/**
 * Daily caps on sends that cost money, per Nairobi day: per user (a loop or a busy household
 * cannot run up the bill) and for the whole platform (a bug cannot). Past either, e-mail.
 * The platform's count is split over CAP_SHARDS items, each holding an equal part of the cap, so
 * sends spread their writes instead of all meeting on one item.
 */
export const CAP_SHARDS = 8;

export interface MessagingCaps {
  perUserPerDay: number;
  platformPerDay: number;
  /** What one WhatsApp template message costs (Meta bills per message and reports no price in its answer): for the spend metric. */
  whatsAppCostKes: number;
}

export const CAPS_ENV = {
  perUserPerDay: 'MESSAGING_USER_DAILY_CAP', platformPerDay: 'MESSAGING_PLATFORM_DAILY_CAP', whatsAppCostKes: 'MESSAGING_WHATSAPP_COST_KES',
} as const;
export const DEFAULT_CAPS: MessagingCaps = { perUserPerDay: 20, platformPerDay: 20_000, whatsAppCostKes: 1 };

export function messagingCaps(env: Record<string, string | undefined> = process.env): MessagingCaps {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return env[name] !== undefined && env[name] !== '' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    perUserPerDay: Math.floor(read(CAPS_ENV.perUserPerDay, DEFAULT_CAPS.perUserPerDay)),
    platformPerDay: Math.floor(read(CAPS_ENV.platformPerDay, DEFAULT_CAPS.platformPerDay)),
    whatsAppCostKes: read(CAPS_ENV.whatsAppCostKes, DEFAULT_CAPS.whatsAppCostKes),
  };
}

/** Each shard's part of the platform cap (the parts add up to at most the cap). */
export const shardCap = (platformPerDay: number): number => Math.floor(platformPerDay / CAP_SHARDS);

/** "KES 0.8000" (Africa's Talking's cost) → 0.8; anything unreadable → 0. */
export function costInKes(cost: string): number {
  const match = /^KES\s*([\d.]+)$/.exec(cost.trim());
  return match ? Number(match[1]) : 0;
}
