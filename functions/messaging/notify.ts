/**
 * The channel router: a message of a kind about a subject (a booking, a payout …) to one user,
 * by the channel they chose for that kind (channels.ts), in their language, falling back
 * WhatsApp → SMS → e-mail when a channel cannot be used, refuses, is over its daily cap or
 * (later, by delivery report) never delivered. A phone-only message (`emailFallback: false`)
 * stops before e-mail.
 *
 * Once: every channel's send is claimed (a conditional put) before its provider is called, so a
 * retried consumer or job never sends twice on any channel; a send that fails moves on, and a
 * retry moves on past it too. Neither Africa's Talking nor the WhatsApp Cloud API takes a
 * reference of ours to deduplicate on, so the claim is what holds; their message ids are kept
 * (sent message items) to find the notification again when a delivery report arrives.
 */
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { counterExpiresAt, nairobiDay } from '../ai/quota.js';
import type { Profile } from '../profiles/contract.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { phoneForLogs } from '../shared/phone.js';
import { sendEmail, type OutgoingEmail } from '../shared/email.js';
import { africasTalking } from './africastalking.js';
import {
  CAP_SHARDS, channelsAfter, channelsToTry, costInKes, messagingCaps, shardCap,
  type Channel, type MessageKind, type MessagingCaps, type PhoneChannel, type RecipientChannels,
} from './channels.js';
import { notificationPk, platformCapKey, userCapKey, type ChannelSendItem, type MessagingProvider, type NotificationMessageItem, type SendState } from './keys.js';
import * as repository from './repository.js';
import type { SmsSender } from './sms.js';
import { renderPhoneMessage, type MessageValues } from './texts.js';
import { whatsApp, type WhatsAppTemplateMessage } from './whatsapp.js';

interface NotificationOf<K extends MessageKind> {
  kind: K;
  /** What it is about, unique within the kind: a booking id, a booking id and reminder lead, a payout reference. */
  subjectId: string;
  recipient: Pick<Profile, 'id' | 'language'>;
  values: MessageValues[K];
}

export type Notification<K extends MessageKind = MessageKind> = NotificationOf<K> & (
  /** The e-mail, as the notification's e-mail consumer writes it (the last channel and the fallback of every other). */
  | { email: OutgoingEmail; emailFallback?: true }
  /**
   * A phone-only message, adding to an e-mail its sender sends anyway (the weekly report's
   * summary): by SMS or WhatsApp when the recipient chose one for the kind, else nothing; a
   * phone channel that fails falls back WhatsApp → SMS and stops there, never to a second e-mail.
   */
  | { emailFallback: false; email?: undefined });

/** What the router reads, writes and calls: repository.ts and the adapters, or fakes in unit tests. */
export interface NotifyDeps {
  store: Pick<typeof repository,
    'recipientChannelItems' | 'putNotificationOnce' | 'notificationRecord' | 'claimChannelSend' | 'setChannelSend' | 'releaseChannelSend'
    | 'putSentMessage' | 'sentMessage' | 'takeDayCount' | 'giveBackDayCount'>;
  sms: SmsSender;
  whatsapp: { sendTemplate(message: WhatsAppTemplateMessage): Promise<{ messageId: string }> };
  email: (email: OutgoingEmail) => Promise<void>;
  caps: MessagingCaps;
  now: () => Date;
  /** A random shard of the platform's counter. */
  shard: () => number;
}

export function defaultNotifyDeps(): NotifyDeps {
  return {
    store: repository, sms: africasTalking(), whatsapp: whatsApp(), email: sendEmail, caps: messagingCaps(),
    now: () => new Date(), shard: () => Math.floor(Math.random() * CAP_SHARDS),
  };
}

type Outcome = 'sent' | 'next';

/**
 * Takes one paid send from the user's and the platform's counts of the day; false (nothing
 * taken) when either is full. The platform's count is sharded: a full shard passes to the next,
 * so the cap is reached only when every shard is.
 */
async function takeDailySend(userId: string, deps: NotifyDeps): Promise<boolean> {
  const now = deps.now();
  const day = nairobiDay(now);
  const ttl = counterExpiresAt(now);
  const userKey = userCapKey(userId, day);
  if (!(await deps.store.takeDayCount(userKey, deps.caps.perUserPerDay, ttl))) return false;
  const first = deps.shard();
  for (let i = 0; i < CAP_SHARDS; i += 1) {
    if (await deps.store.takeDayCount(platformCapKey((first + i) % CAP_SHARDS, day), shardCap(deps.caps.platformPerDay), ttl)) return true;
  }
  await deps.store.giveBackDayCount(userKey);
  return false;
}

async function sendOn(
  channel: Channel, pk: string, message: NotificationMessageItem, recipient: RecipientChannels, userId: string, deps: NotifyDeps,
): Promise<Outcome> {
  const existing: ChannelSendItem | null = await deps.store.claimChannelSend(pk, channel, deps.now());
  // Already sent, or being sent by another delivery of the same trigger: never a second one.
  if (existing) return existing.state === 'sent' || existing.state === 'sending' ? 'sent' : 'next';
  const settle = (state: SendState, details: { messageId?: string; reason?: string } = {}) => deps.store.setChannelSend(pk, channel, state, details, deps.now());
  if (channel === 'email') {
    // A phone-only message has none (channelsToTry leaves e-mail out for it; this holds if it did not).
    if (!message.email) {
      await deps.store.releaseChannelSend(pk, channel);
      return 'next';
    }
    try {
      await deps.email(message.email);
    } catch (error) {
      // The last channel: give the claim back so the consumer's retry sends it.
      await deps.store.releaseChannelSend(pk, channel);
      throw error;
    }
    await settle('sent');
    return 'sent';
  }
  if (!(await takeDailySend(userId, deps))) {
    countBusinessEvent(BusinessMetric.messagingCapReached);
    logger.warn('Daily messaging cap reached: falling back', { channel, kind: message.kind, userId });
    await settle('capped');
    return 'next';
  }
  const phone = recipient.phone!;
  try {
    const sent = channel === 'sms'
      ? await deps.sms.send({ to: phone, text: message.sms })
      : { ...(await deps.whatsapp.sendTemplate({ to: phone, template: message.whatsapp.template, language: message.language, parameters: message.whatsapp.parameters })), cost: '' };
    const provider: MessagingProvider = channel === 'sms' ? 'africastalking' : 'whatsapp';
    await deps.store.putSentMessage(provider, sent.messageId, { notificationPk: pk, channel }, deps.now());
    await settle('sent', { messageId: sent.messageId });
    countBusinessEvent(channel === 'sms' ? BusinessMetric.smsSent : BusinessMetric.whatsAppSent);
    const spend = channel === 'sms' ? costInKes(sent.cost) : deps.caps.whatsAppCostKes;
    if (spend > 0) countBusinessEvent(BusinessMetric.messagingSpendKes, spend);
    return 'sent';
  } catch (error) {
    logger.warn('Message not sent: falling back', { channel, kind: message.kind, to: phoneForLogs(phone), reason: (error as Error).message });
    countBusinessEvent(BusinessMetric.messageFallback);
    await settle('failed', { reason: (error as Error).message.slice(0, 200) });
    return 'next';
  }
}

async function sendDownFrom(
  channels: Channel[], pk: string, message: NotificationMessageItem, recipient: RecipientChannels, userId: string, deps: NotifyDeps,
): Promise<Channel | undefined> {
  for (const channel of channels) {
    if ((await sendOn(channel, pk, message, recipient, userId, deps)) === 'sent') return channel;
  }
  return undefined;
}

/** Sends the notification once, by the first channel that takes it; answers that channel. */
export async function notify<K extends MessageKind>(notification: Notification<K>, deps: NotifyDeps = defaultNotifyDeps()): Promise<Channel | undefined> {
  const { kind, subjectId, recipient: { id: userId } } = notification;
  const language: Language = notification.recipient.language ?? DEFAULT_LANGUAGE;
  const settings = await deps.store.recipientChannelItems(userId);
  const recipient: RecipientChannels = { language, ...settings };
  const pk = notificationPk(kind, subjectId, userId);
  const phoneMessage = renderPhoneMessage(kind, notification.values, language);
  const { email } = notification;
  const message: NotificationMessageItem = {
    kind, subjectId, recipientId: userId, language, sms: phoneMessage.sms, whatsapp: phoneMessage.whatsapp,
    ...(email ? { email: { to: email.to, subject: email.subject, text: email.text } } : {}),
    createdAt: deps.now().toISOString(),
  };
  const channels = channelsToTry(kind, recipient, { emailFallback: email !== undefined });
  if (!channels.length) return undefined;
  // Kept for a delivery report that arrives later saying the message never arrived.
  if (channels[0] !== 'email') await deps.store.putNotificationOnce(pk, message, deps.now());
  return sendDownFrom(channels, pk, message, recipient, userId, deps);
}

/**
 * A delivery report said a message we sent never arrived (SMS Failed or Rejected, WhatsApp
 * failed): its notification goes on by the next channel. Once per notification and channel, as
 * any send; nothing for a message the router did not send (a one-time code, a test).
 */
export async function fallBackAfterUndelivered(provider: MessagingProvider, messageId: string, reason: string, deps: NotifyDeps = defaultNotifyDeps()): Promise<Channel | undefined> {
  const sent = await deps.store.sentMessage(provider, messageId);
  if (!sent) return undefined;
  const { message, sends } = await deps.store.notificationRecord(sent.notificationPk);
  if (!message) return undefined;
  // No "already fell back" check: each next channel's own claim keeps it to one send, and a
  // fallback whose e-mail failed must be able to run again.
  if (!sends.some((send) => send.channel === sent.channel && send.state === 'undelivered')) countBusinessEvent(BusinessMetric.messageFallback);
  await deps.store.setChannelSend(sent.notificationPk, sent.channel, 'undelivered', { messageId, reason }, deps.now());
  const settings = await deps.store.recipientChannelItems(message.recipientId);
  const recipient: RecipientChannels = { language: message.language, ...settings };
  // A phone-only message (kept without an e-mail) stops at SMS: its e-mail went anyway.
  const next = channelsAfter(sent.channel, recipient, { emailFallback: message.email !== undefined });
  return sendDownFrom(next, sent.notificationPk, message, recipient, message.recipientId, deps);
}

/**
 * A STOP reply (SMS) or an opt-out (WhatsApp) from a number: that channel stops for the account
 * the number is verified on. False when the number is on no account.
 */
export async function optOut(channel: PhoneChannel, phone: string, now = new Date()): Promise<boolean> {
  const userId = await repository.phoneOwner(phone);
  if (!userId) return false;
  await repository.putOptOut(userId, { channel, at: now.toISOString(), phone: phoneForLogs(phone) });
  logger.info('Messaging channel opted out', { channel, userId });
  return true;
}
