/**
 * Paystack's webhook deliveries: the event signed with the secret key (x-paystack-signature, hex
 * HMAC-SHA512 of the raw body), POSTed and awaited, retried after a few waits on no 2xx; every
 * attempt is recorded on what it concerns.
 */
import { sign, type PaystackEvent, type WebhookDelivery } from './wire.js';

export interface WebhookOptions {
  url: string;
  secretKey: string;
  /** Waits before each re-send. */
  retryDelaysMs: number[];
  /** Per delivery attempt. */
  timeoutMs: number;
  log: (message: string) => void;
}

export type DeliverWebhook = (t: { reference: string; webhookDeliveries: WebhookDelivery[] }, event: PaystackEvent) => Promise<void>;

export function webhookSender(options: WebhookOptions): DeliverWebhook {
  const { retryDelaysMs: retryDelays, timeoutMs: webhookTimeoutMs, log } = options;
  return async function deliverWebhook(t, event) {
    const body = JSON.stringify(event);
    const name = event.event;
    const signature = sign(body, options.secretKey);
    for (let attempt = 1; attempt <= retryDelays.length + 1; attempt++) {
      const delivery: WebhookDelivery = { attempt, at: new Date().toISOString() };
      t.webhookDeliveries.push(delivery);
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature, 'user-agent': 'Paystack-Sandbox/1.0' },
          body,
          signal: AbortSignal.timeout(webhookTimeoutMs),
        });
        delivery.httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) return;
        log(`[paystack-sandbox] webhook ${name} ${t.reference}: ${options.url} answered HTTP ${response.status} (attempt ${attempt})`);
      } catch (error) {
        delivery.error = (error as Error).message;
        log(`[paystack-sandbox] webhook ${name} ${t.reference}: ${options.url} unreachable: ${(error as Error).message} (attempt ${attempt})`);
      }
      const delay = retryDelays[attempt - 1];
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
}
