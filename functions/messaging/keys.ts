/**
 * Messaging items (docs/data-model.md):
 *   delivery report  pk DELIVERY#{provider}#{messageId}  sk STATUS#{status}
 *                    one per (message, status) a provider reported: a report posted twice is one item
 */
import * as z from 'zod';
import { LANGUAGES } from '../../events/shared/language.js';
import { userPk } from '../profiles/keys.js';
import { CHANNELS, MESSAGE_KINDS, type Channel, type MessageKind, type PhoneChannel } from './channels.js';

export type MessagingProvider = 'africastalking' | 'whatsapp';

export const deliveryPartition = (provider: MessagingProvider, messageId: string) => `DELIVERY#${provider}#${messageId}`;
export const deliveryReportKey = (provider: MessagingProvider, messageId: string, status: string) =>
  ({ pk: deliveryPartition(provider, messageId), sk: `STATUS#${status}` });

export const DeliveryReportItem = z.object({
  provider: z.enum(['africastalking', 'whatsapp']),
  messageId: z.string(),
  status: z.string(),
  /** Final: the message arrived (Success, delivered, read) or never will (Rejected, Failed, failed). */
  final: z.boolean(),
  failureReason: z.string().optional(),
  /** Masked (functions/shared/phone.ts phoneForLogs): the report's own number is not kept in full. */
  phone: z.string().optional(),
  receivedAt: z.string(),
});
export type DeliveryReportItem = z.infer<typeof DeliveryReportItem>;

/*
 * Messages sent through the channel router (notify.ts):
 *   notification   pk NOTIFY#{kind}#{subjectId}#{recipientId}  sk MESSAGE       what each channel says (kept for a late fallback)
 *   channel send   pk NOTIFY#{kind}#{subjectId}#{recipientId}  sk CHANNEL#{ch}  claimed before the provider is called:
 *                  one send per (kind, subject, recipient, channel) however often a consumer or job retries
 *   sent message   pk SENT#{provider}#{messageId}              sk SENT          which notification a delivery report is about
 *   preferences    pk USER#{userId}  sk NOTIFY#PREFS           the channel chosen per kind of message
 *   opt-out        pk USER#{userId}  sk NOTIFY#OPTOUT#{ch}     the user replied STOP (SMS) or opted out (WhatsApp)
 *   daily caps     pk MSGCAP#USER#{userId} sk DAY#{yyyy-mm-dd}, pk MSGCAP#PLATFORM#{shard} sk DAY#{yyyy-mm-dd}
 *                  paid sends (SMS + WhatsApp) counted per Nairobi day; removed by TTL
 * Notifications and sends expire (TTL) after NOTIFICATION_KEEP_DAYS.
 */
export const NOTIFICATION_KEEP_DAYS = 30;

export const notificationPk = (kind: MessageKind, subjectId: string, recipientId: string) => `NOTIFY#${kind}#${subjectId}#${recipientId}`;
export const notificationMessageKey = (pk: string) => ({ pk, sk: 'MESSAGE' });
export const channelSendKey = (pk: string, channel: Channel) => ({ pk, sk: `CHANNEL#${channel}` });
export const sentMessageKey = (provider: MessagingProvider, messageId: string) => ({ pk: `SENT#${provider}#${messageId}`, sk: 'SENT' });
export const preferencesKey = (userId: string) => ({ pk: userPk(userId), sk: 'NOTIFY#PREFS' });
export const OPT_OUT_PREFIX = 'NOTIFY#OPTOUT#';
export const optOutKey = (userId: string, channel: PhoneChannel) => ({ pk: userPk(userId), sk: `${OPT_OUT_PREFIX}${channel}` });
export const userCapKey = (userId: string, day: string) => ({ pk: `MSGCAP#USER#${userId}`, sk: `DAY#${day}` });
export const platformCapKey = (shard: number, day: string) => ({ pk: `MSGCAP#PLATFORM#${shard}`, sk: `DAY#${day}` });

const Language = z.enum(LANGUAGES);

export const NotificationMessageItem = z.object({
  kind: z.enum(MESSAGE_KINDS),
  subjectId: z.string(),
  recipientId: z.string(),
  language: Language,
  sms: z.string(),
  whatsapp: z.object({ template: z.string(), parameters: z.array(z.string()) }),
  /** Absent for a phone-only message: no e-mail fallback (notify.ts). */
  email: z.object({ to: z.string(), subject: z.string(), text: z.string() }).optional(),
  createdAt: z.string(),
});
export type NotificationMessageItem = z.infer<typeof NotificationMessageItem>;

/**
 * sending: claimed, the provider is being called (a send that died here is not repeated: a
 * duplicate costs the family more than a missing reminder); sent: the provider took it;
 * failed: refused at send; undelivered: taken, then a delivery report said it never arrived;
 * capped: a daily cap was reached.
 */
export const SEND_STATES = ['sending', 'sent', 'failed', 'undelivered', 'capped'] as const;
export type SendState = (typeof SEND_STATES)[number];

export const ChannelSendItem = z.object({
  channel: z.enum(CHANNELS),
  state: z.enum(SEND_STATES),
  messageId: z.string().optional(),
  reason: z.string().optional(),
  at: z.string(),
});
export type ChannelSendItem = z.infer<typeof ChannelSendItem>;

export const SentMessageItem = z.object({ notificationPk: z.string(), channel: z.enum(['sms', 'whatsapp']) });
export type SentMessageItem = z.infer<typeof SentMessageItem>;

export const PreferencesItem = z.object({
  preferences: z.partialRecord(z.enum(MESSAGE_KINDS), z.enum(CHANNELS)),
  updatedAt: z.string(),
});

export const OptOutItem = z.object({
  channel: z.enum(['sms', 'whatsapp']),
  at: z.string(),
  /** Masked number the opt-out came from. */
  phone: z.string(),
});
export type OptOutItem = z.infer<typeof OptOutItem>;
