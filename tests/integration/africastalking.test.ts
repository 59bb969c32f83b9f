/**
 * SMS through the Africa's Talking sandbox the test stack runs, with the production adapter: a
 * message sent shows in the phone's inbox page, its delivery reports reach our callback and are
 * recorded once each, refusals carry Africa's Talking's status codes.
 */
import { describe, expect, it } from 'vitest';
import { africasTalking, type AfricasTalkingCredentials } from '../../functions/messaging/africastalking.js';
import { SmsFailure } from '../../functions/messaging/sms.js';
import { LOCAL_AFRICASTALKING_CREDENTIALS } from '../../infra/local/sandboxes/secrets.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { api, eventually, stack } from '../support/api.js';
import { table } from '../support/fixtures.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';

const credentials = JSON.parse(LOCAL_AFRICASTALKING_CREDENTIALS) as AfricasTalkingCredentials;
const sandbox = () => stack().sandboxUrls.africastalking!;
const sms = (override: Partial<AfricasTalkingCredentials> = {}) =>
  africasTalking({ baseUrl: sandbox(), credentials: async () => ({ ...credentials, ...override }) });
const reportsUrl = (token = credentials.callbackToken) => `/api/webhooks/africastalking/${token}`;

async function storedReports(messageId: string) {
  const { doc, name } = table();
  const { Items = [] } = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `DELIVERY#africastalking#${messageId}` },
  }));
  return Items;
}

const uniquePhone = () => `07${String(Date.now() % 1e8).padStart(8, '0')}`;

describe("SMS through Africa's Talking", () => {
  it('a sent SMS shows in the inbox page of its number, and its delivery reports are recorded', async () => {
    const phone = uniquePhone();
    const text = `Your ALP code is 123456. It expires in 10 minutes. ${phone}`;
    const { messageId } = await sms().send({ to: phone.replace(/^07(\d{2})/, '07$1 '), text });
    expect(messageId).toMatch(/^ATXid_/);

    const page = await fetch(`${sandbox()}/inbox/${phone}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(text);
    expect(html).toContain('width=device-width');
    expect(html).toContain('From ALP');

    const reports = await eventually(async () => {
      const items = await storedReports(messageId);
      return items.length === 2 ? items : undefined;
    });
    expect(reports.map((r) => [r.status, r.final])).toEqual([['Submitted', false], ['Success', true]]);
    // The number itself is not kept in full.
    expect(JSON.stringify(reports)).not.toContain(phone.slice(1));
  });

  it('a delivery report posted twice is recorded once', async () => {
    const body = new URLSearchParams({ id: `ATXid_twice_${Date.now()}`, status: 'Failed', phoneNumber: '+254711000111', failureReason: 'AbsentSubscriber', retryCount: '0' }).toString();
    const post = () => fetch(`${stack().url}${reportsUrl()}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const first = await post();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: 'recorded' });
    const second = await post();
    expect(await second.json()).toEqual({ received: true, outcome: 'duplicate' });
    const items = await storedReports(new URLSearchParams(body).get('id')!);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'Failed', final: true, failureReason: 'AbsentSubscriber', phone: '2547…111' });
  });

  it('a report to any other token is refused and not recorded; a malformed one is a 400', async () => {
    const id = `ATXid_forged_${Date.now()}`;
    const forged = await api(reportsUrl('x'.repeat(credentials.callbackToken.length)), {
      method: 'POST', rawBody: JSON.stringify({ id, status: 'Success' }),
    });
    expect(forged.status).toBe(401);
    expect(await storedReports(id)).toEqual([]);
    const malformed = await api(reportsUrl(), { method: 'POST', rawBody: JSON.stringify({ id, status: 'Delivered' }) });
    expect(malformed.status).toBe(400);
  });

  it("refusals carry Africa's Talking's status code and meaning; a wrong key is refused", async () => {
    await expect(sms().send({ to: '+254700000403', text: 'x' })).rejects.toMatchObject({ code: 403, message: expect.stringContaining('InvalidPhoneNumber') });
    await expect(sms().send({ to: '+254700000405', text: 'x' })).rejects.toMatchObject({ code: 405, retryable: true });
    await expect(sms({ apiKey: 'atsk_wrong' }).send({ to: uniquePhone(), text: 'x' })).rejects.toBeInstanceOf(SmsFailure);
    await expect(sms().send({ to: '+255712345678', text: 'x' })).rejects.toThrow('Not a Kenyan mobile number');
  });

  it('a message that fails on the network is reported Failed to us', async () => {
    const { messageId } = await sms().send({ to: '0700 000 001', text: 'Reminder: lesson tomorrow at 16:00.' });
    await eventually(async () => (await storedReports(messageId)).some((r) => r.status === 'Failed'));
    const held = await (await fetch(`${sandbox()}/__sandbox/messages?to=0700000001`)).json() as SandboxSms[];
    expect(held.find((m) => m.messageId === messageId)?.reports.map((r) => [r.status, r.httpStatus])).toEqual([['Submitted', 200], ['Failed', 200]]);
  });
});
