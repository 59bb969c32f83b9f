import type { RouteDef } from '../shared/route-def.js';
import * as z from 'zod';
import {
  AfricasTalkingDeliveryReport, AfricasTalkingIncomingSms, DeliveryReportPath, DeliveryReportReceipt, IncomingSmsReceipt,
  NotificationPreferencesRequest, NotificationPreferencesResponse, WhatsAppVerifyQuery, WhatsAppWebhook, WhatsAppWebhookReceipt,
} from './contract.js';

export const messagingRoutes = {
  africasTalkingDeliveryReport: {
    method: 'POST', path: '/api/webhooks/africastalking/{token}', handler: 'messaging/handlers/africastalking-delivery-report', access: 'public',
    // A Failed or Rejected SMS of a notification goes on by e-mail.
    grants: ['table:read', 'table:write', 'messaging:sms', 'email:send'],
    summary: "Africa's Talking SMS delivery reports (form encoded); the secret token in the path authenticates them (401 otherwise); recorded once per message and status; a Failed or Rejected notification SMS falls back to e-mail.",
    params: DeliveryReportPath, rawBody: AfricasTalkingDeliveryReport, responses: { 200: DeliveryReportReceipt }, errors: [401],
  },
  africasTalkingIncomingSms: {
    method: 'POST', path: '/api/webhooks/africastalking/{token}/incoming', handler: 'messaging/handlers/africastalking-incoming-sms', access: 'public',
    grants: ['table:read', 'table:write', 'messaging:sms'],
    summary: "Africa's Talking incoming SMS (form encoded from, to, text, date, id); the secret token in the path authenticates them (401 otherwise); STOP from a verified number stops SMS for its account.",
    params: DeliveryReportPath, rawBody: AfricasTalkingIncomingSms, responses: { 200: IncomingSmsReceipt }, errors: [401],
  },
  whatsAppWebhookVerify: {
    method: 'GET', path: '/api/webhooks/whatsapp', handler: 'messaging/handlers/whatsapp-webhook-verify', access: 'public',
    grants: ['messaging:whatsapp'],
    summary: "Meta's webhook subscription check: answers hub.challenge as the whole body when hub.verify_token is ours (403 otherwise).",
    query: WhatsAppVerifyQuery, responses: { 200: z.number().int() }, errors: [403],
  },
  whatsAppWebhook: {
    method: 'POST', path: '/api/webhooks/whatsapp', handler: 'messaging/handlers/whatsapp-webhook', access: 'public',
    // A failed notification falls back to SMS, then e-mail; a STOP reply is an opt-out.
    grants: ['table:read', 'table:write', 'messaging:whatsapp', 'messaging:sms', 'email:send'],
    summary: 'WhatsApp Cloud API message statuses (sent, delivered, read, failed) and user replies; X-Hub-Signature-256 checked (401 otherwise); recorded once per message and status; a failed notification falls back to SMS or e-mail; STOP stops WhatsApp for the number\'s account.',
    rawBody: WhatsAppWebhook, headers: ['x-hub-signature-256'], responses: { 200: WhatsAppWebhookReceipt }, errors: [401],
  },
  getNotificationPreferences: {
    method: 'GET', path: '/api/me/notification-preferences', handler: 'messaging/handlers/get-notification-preferences', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The channel (whatsapp, sms, email) each kind of message goes by, the defaults, whether the account has a verified phone number (SMS and WhatsApp need one) and the channels stopped by a STOP reply.',
    responses: { 200: NotificationPreferencesResponse },
  },
  putNotificationPreferences: {
    method: 'PUT', path: '/api/me/notification-preferences', handler: 'messaging/handlers/put-notification-preferences', access: 'signed-in',
    grants: ['table:read', 'table:write'],
    summary: 'Choose the channel per kind of message (kinds left out keep theirs); choosing SMS or WhatsApp again restarts a channel stopped by STOP. Without a verified phone number messages still go by e-mail.',
    body: NotificationPreferencesRequest, responses: { 200: NotificationPreferencesResponse },
  },
} as const satisfies Record<string, RouteDef>;
