/**
 * Messaging items (docs/data-model.md):
 *   delivery report  pk DELIVERY#{provider}#{messageId}  sk STATUS#{status}
 *                    one per (message, status) a provider reported: a report posted twice is one item
 */
import * as z from 'zod';

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
