import type { RouteDef } from '../shared/route-def.js';
import { AfricasTalkingDeliveryReport, DeliveryReportPath, DeliveryReportReceipt } from './contract.js';

export const messagingRoutes = {
  africasTalkingDeliveryReport: {
    method: 'POST', path: '/api/webhooks/africastalking/{token}', handler: 'messaging/handlers/africastalking-delivery-report', access: 'public',
    grants: ['table:write', 'messaging:sms'],
    summary: "Africa's Talking SMS delivery reports (form encoded); the secret token in the path authenticates them (401 otherwise); recorded once per message and status.",
    params: DeliveryReportPath, rawBody: AfricasTalkingDeliveryReport, responses: { 200: DeliveryReportReceipt }, errors: [401],
  },
} as const satisfies Record<string, RouteDef>;
