/**
 * WhatsApp through the Cloud API sandbox the test stack runs, with the production adapter: a
 * template message shows in the phone's inbox page, its statuses reach our webhook signed and are
 * recorded once each; Meta's subscription check and forged notifications.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { whatsApp, whatsAppSignature, WhatsAppFailure, type WhatsAppCredentials } from '../../functions/messaging/whatsapp.js';
import { LOCAL_WHATSAPP_CREDENTIALS } from '../../infra/local/sandboxes/secrets.js';
import type { SandboxWhatsAppMessage } from '../../infra/local/sandboxes/whatsapp/server.js';
import { api, eventually, stack } from '../support/api.js';
import { table } from '../support/fixtures.js';

const credentials = JSON.parse(LOCAL_WHATSAPP_CREDENTIALS) as WhatsAppCredentials;
const sandbox = () => stack().sandboxUrls.whatsapp!;
const wa = (override: Partial<WhatsAppCredentials> = {}) => whatsApp({ baseUrl: sandbox(), credentials: async () => ({ ...credentials, ...override }) });
const uniquePhone = () => `01${String(Date.now() % 1e8).padStart(8, '0')}`;

async function storedStatuses(messageId: string) {
  const { doc, name } = table();
  const { Items = [] } = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `DELIVERY#whatsapp#${messageId}` },
  }));
  return Items;
}

const notification = (id: string, status: string) => JSON.stringify({
  object: 'whatsapp_business_account',
  entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [{ id, status, timestamp: '1764300000', recipient_id: '254711000222' }] } }] }],
});

describe('WhatsApp through the Cloud API', () => {
  it('a template message shows in the inbox of its number; sent, delivered and read are recorded', async () => {
    const phone = uniquePhone();
    const { messageId } = await wa().sendTemplate({ to: phone, template: 'lesson_reminder', language: 'sw', parameters: ['Hisabati', 'kesho 16:00'] });
    expect(messageId).toMatch(/^wamid\./);
    const html = await (await fetch(`${sandbox()}/inbox/${phone}`)).text();
    expect(html).toContain('Hisabati');
    expect(html).toContain('lesson_reminder, sw');
    const statuses = await eventually(async () => {
      const items = await storedStatuses(messageId);
      return items.length === 3 ? items : undefined;
    });
    expect(statuses.map((s) => s.status).sort()).toEqual(['delivered', 'read', 'sent']);
    const held = await (await fetch(`${sandbox()}/__sandbox/messages?to=${phone}`)).json() as SandboxWhatsAppMessage[];
    expect(held[0]!.statuses.map((s) => s.httpStatus)).toEqual([200, 200, 200]);
  });

  it('a message Meta cannot deliver is recorded failed with its error code', async () => {
    const { messageId } = await wa().sendTemplate({ to: '0700000131', template: 'lesson_reminder', language: 'en', parameters: ['Maths', 'tomorrow 16:00'] });
    const failed = await eventually(async () => (await storedStatuses(messageId)).find((s) => s.status === 'failed'));
    expect(failed).toMatchObject({ final: true, failureReason: '131026 Message undeliverable' });
  });

  it('refusals carry the Graph API error code', async () => {
    await expect(wa({ accessToken: 'EAAwrong' }).sendTemplate({ to: uniquePhone(), template: 't', language: 'en', parameters: [] }))
      .rejects.toMatchObject({ code: 190, retryable: false });
    await expect(wa().sendTemplate({ to: uniquePhone(), template: 't', language: 'fr' as 'en', parameters: [] }))
      .rejects.toMatchObject({ code: 132001 });
    await expect(wa().sendTemplate({ to: '+255712345678', template: 't', language: 'en', parameters: [] })).rejects.toBeInstanceOf(WhatsAppFailure);
  });

  it('a status posted twice is recorded once; a forged or unsigned one is refused', async () => {
    const id = `wamid.twice${Date.now()}`;
    const body = notification(id, 'delivered');
    const post = (signature?: string) => api('/api/webhooks/whatsapp', {
      method: 'POST', rawBody: body, headers: signature ? { 'x-hub-signature-256': signature } : {},
    });
    expect((await post(whatsAppSignature(body, credentials.appSecret))).body).toEqual({ received: true, recorded: 1, duplicates: 0 });
    expect((await post(whatsAppSignature(body, credentials.appSecret))).body).toEqual({ received: true, recorded: 0, duplicates: 1 });
    expect(await storedStatuses(id)).toHaveLength(1);
    const forgedId = `wamid.forged${Date.now()}`;
    const forged = notification(forgedId, 'read');
    for (const signature of [whatsAppSignature(forged, 'not-the-app-secret'), undefined]) {
      const res = await api('/api/webhooks/whatsapp', { method: 'POST', rawBody: forged, headers: signature ? { 'x-hub-signature-256': signature } : {} });
      expect(res.status).toBe(401);
    }
    expect(await storedStatuses(forgedId)).toEqual([]);
  });

  it("answers Meta's subscription check with the bare challenge, and refuses another verify token", async () => {
    const check = (verifyToken: string) => fetch(`${stack().url}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=1158201444`);
    const ok = await check(credentials.verifyToken);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await check('someone-elses-token')).status).toBe(403);
  });
});
