import type { RouteDef } from '../shared/route-def.js';
import * as z from 'zod';
import {
  AfricasTalkingDeliveryReport, DeliveryReportPath, DeliveryReportReceipt, WhatsAppVerifyQuery, WhatsAppWebhook, WhatsAppWebhookReceipt,
} from './contract.js';

export const messagingRoutes = {
  africasTalkingDeliveryReport: {
    method: 'POST', path: '/api/webhooks/africastalking/{token}', handler: 'messaging/handlers/africastalking-delivery-report', access: 'public',
    grants: ['table:write', 'messaging:sms'],
    summary: "Africa's Talking SMS delivery reports (form encoded); the secret token in the path authenticates them (401 otherwise); recorded once per message and status.",
    params: DeliveryReportPath, rawBody: AfricasTalkingDeliveryReport, responses: { 200: DeliveryReportReceipt }, errors: [401],
  },
  whatsAppWebhookVerify: {
    method: 'GET', path: '/api/webhooks/whatsapp', handler: 'messaging/handlers/whatsapp-webhook-verify', access: 'public',
    grants: ['messaging:whatsapp'],
    summary: "Meta's webhook subscription check: answers hub.challenge as the whole body when hub.verify_token is ours (403 otherwise).",
    query: WhatsAppVerifyQuery, responses: { 200: z.number().int() }, errors: [403],
  },
  whatsAppWebhook: {
    method: 'POST', path: '/api/webhooks/whatsapp', handler: 'messaging/handlers/whatsapp-webhook', access: 'public',
    grants: ['table:write', 'messaging:whatsapp'],
    summary: 'WhatsApp Cloud API message statuses (sent, delivered, read, failed); X-Hub-Signature-256 checked (401 otherwise); recorded once per message and status.',
    rawBody: WhatsAppWebhook, headers: ['x-hub-signature-256'], responses: { 200: WhatsAppWebhookReceipt }, errors: [401],
  },
} as const satisfies Record<string, RouteDef>;
