/** Messaging's wire contracts: the providers' callbacks as they send them. */
import * as z from 'zod';
import { CHANNELS, MESSAGE_KINDS, type MessageKind } from './channels.js';

/** Africa's Talking's SMS delivery report statuses: the first three are on the way, the last three final. */
export const AT_DELIVERY_STATUSES = ['Sent', 'Submitted', 'Buffered', 'Rejected', 'Success', 'Failed'] as const;
export const AT_FINAL_STATUSES: ReadonlySet<string> = new Set(['Rejected', 'Success', 'Failed']);

/** An SMS delivery report, form encoded (Africa's Talking's own form) or JSON. */
export const AfricasTalkingDeliveryReport = z.object({
  id: z.string().min(1).max(100).describe("Africa's Talking's messageId of the SMS"),
  status: z.enum(AT_DELIVERY_STATUSES),
  phoneNumber: z.string().max(20).optional(),
  networkCode: z.string().max(10).optional(),
  failureReason: z.string().max(100).optional(),
  retryCount: z.coerce.number().int().min(0).optional(),
});
export type AfricasTalkingDeliveryReport = z.infer<typeof AfricasTalkingDeliveryReport>;

export const DeliveryReportPath = z.object({
  token: z.string().min(1).max(200).describe('The callbackToken of the credentials: what authenticates Africa\'s Talking'),
});

export const DeliveryReportReceipt = z.object({
  received: z.literal(true),
  /** `duplicate`: the same status of the same message was already recorded (nothing changed). */
  outcome: z.enum(['recorded', 'duplicate']),
});

/** WhatsApp message statuses: `sent` and `delivered` on the way, `read` and `failed` final. */
export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;

/** The subscription check Meta makes when the webhook is registered. */
export const WhatsAppVerifyQuery = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.verify_token': z.string().min(1).max(200),
  /** Meta's challenge, a number we echo as the whole body. */
  'hub.challenge': z.string().regex(/^\d{1,15}$/),
});

/** A webhook notification: only what we read of it (other fields pass). */
export const WhatsAppWebhook = z.object({
  object: z.string(),
  entry: z.array(z.object({
    id: z.string().optional(),
    changes: z.array(z.object({
      field: z.string(),
      value: z.object({
        statuses: z.array(z.object({
          id: z.string().min(1).max(200),
          status: z.string(),
          timestamp: z.string().optional(),
          recipient_id: z.string().optional(),
          errors: z.array(z.object({ code: z.number().int(), title: z.string().optional() })).optional(),
        })).optional(),
        /** Messages users sent us: only a STOP is acted on (channels.ts isStopReply). */
        messages: z.array(z.object({
          from: z.string().max(20),
          type: z.string(),
          text: z.object({ body: z.string().max(4096) }).optional(),
          button: z.object({ text: z.string().max(256) }).optional(),
        })).optional(),
      }).passthrough(),
    })),
  })),
});

/** An SMS a user sent to our short code or number, as Africa's Talking posts it (form encoded) to the incoming messages callback. */
export const AfricasTalkingIncomingSms = z.object({
  from: z.string().min(1).max(20).describe('The sender, +2547XXXXXXXX'),
  to: z.string().max(20).optional().describe('Our short code or number'),
  text: z.string().max(1600),
  date: z.string().max(40).optional(),
  id: z.string().max(100).optional(),
  linkId: z.string().max(100).optional(),
});

export const IncomingSmsReceipt = z.object({
  received: z.literal(true),
  /** `opted-out`: a STOP from a verified number, SMS stopped for its account; `ignored`: anything else. */
  outcome: z.enum(['opted-out', 'ignored']),
});

export const WhatsAppWebhookReceipt = z.object({
  received: z.literal(true),
  /** Statuses newly recorded; a status already recorded counts as a duplicate. */
  recorded: z.number().int(),
  duplicates: z.number().int(),
});

const ChannelChoice = z.enum(CHANNELS);
const kindsOf = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, value])) as Record<MessageKind, T>);

/** The channel per kind of message; a kind left out keeps its current choice. */
export const NotificationPreferencesRequest = kindsOf(ChannelChoice.optional()).strict();
export type NotificationPreferencesRequest = z.infer<typeof NotificationPreferencesRequest>;

export const NotificationPreferencesResponse = z.object({
  /** What each kind goes by: the user's choice, or the default. */
  preferences: kindsOf(ChannelChoice),
  defaults: kindsOf(ChannelChoice),
  /** SMS and WhatsApp reach only a verified number; without one every message goes by e-mail. */
  hasVerifiedPhone: z.boolean(),
  /** Channels the user stopped by replying STOP; choosing the channel again here restarts it. */
  optedOut: z.array(z.enum(['sms', 'whatsapp'])),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;
