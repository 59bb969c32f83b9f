/**
 * Messages by the channel each user chose, against the Africa's Talking and WhatsApp sandboxes the
 * test stack runs: a booking confirmation and lesson reminders by SMS to a verified number (once,
 * however often the job runs), a failed WhatsApp falling back to SMS and a failed SMS to e-mail,
 * delivery reports recorded, STOP stopping a channel, the daily cap sending e-mail instead.
 * Verified numbers are written as phone verification writes them (functions/phones/keys.ts).
 */
import { randomInt } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { nairobiDay } from '../../functions/ai/quota.js';
import { whatsAppSignature, type WhatsAppCredentials } from '../../functions/messaging/whatsapp.js';
import { verifiedPhoneKey } from '../../functions/phones/keys.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { LOCAL_AFRICASTALKING_CREDENTIALS, LOCAL_WHATSAPP_CREDENTIALS } from '../../infra/local/sandboxes/secrets.js';
import { UNDELIVERABLE_NUMBER, type SandboxWhatsAppMessage } from '../../infra/local/sandboxes/whatsapp/server.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, stack, type TestUser } from '../support/api.js';
import { freshPhone, giveVerifiedPhone, paidLesson, table } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

const HOUR = 3_600_000;
const { callbackToken } = JSON.parse(LOCAL_AFRICASTALKING_CREDENTIALS) as { callbackToken: string };
const whatsAppCredentials = JSON.parse(LOCAL_WHATSAPP_CREDENTIALS) as WhatsAppCredentials;

beforeAll(() => useStackEnvironment());

async function verifiedParent(phone = freshPhone()): Promise<{ student: TestUser; phone: string }> {
  const student = await createUser('student');
  return { student, phone: await giveVerifiedPhone(student.userId, phone) };
}

const smsTo = async (phone: string): Promise<SandboxSms[]> =>
  (await fetch(`${stack().sandboxUrls.africastalking}/__sandbox/messages?to=%2B${phone}`)).json() as Promise<SandboxSms[]>;
const whatsAppTo = async (phone: string): Promise<SandboxWhatsAppMessage[]> =>
  (await fetch(`${stack().sandboxUrls.whatsapp}/__sandbox/messages?to=${phone}`)).json() as Promise<SandboxWhatsAppMessage[]>;
const mailsTo = async (user: TestUser, subject: RegExp) =>
  (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(user.email) && subject.test(m.subject));

async function deliveryStatuses(provider: string, messageId: string): Promise<string[]> {
  const { doc, name } = table();
  const { Items = [] } = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `DELIVERY#${provider}#${messageId}` },
  }));
  return Items.map((item) => item.status as string);
}

const choose = (user: TestUser, body: Record<string, string>) =>
  expectOk(callApi('putNotificationPreferences', { token: user.accessToken, body }), 'preferences');

/** As Africa's Talking posts an SMS sent to our short code: form encoded. */
async function incomingSms(from: string, text: string, token = callbackToken): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${stack().url}/api/webhooks/africastalking/${token}/incoming`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ from, to: '20880', text, date: new Date().toISOString(), id: `in-${randomInt(1e9)}` }).toString(),
  });
  return { status: res.status, body: res.ok ? await res.json() : await res.text() };
}

describe('booking confirmations and reminders by SMS', () => {
  it('a paid lesson is confirmed by SMS to the verified number (its delivery reports recorded); the tutor without one gets the e-mail', async () => {
    const { student, phone } = await verifiedParent();
    const { tutor } = await paidLesson({ student });
    const [sms, ...more] = await eventually(async () => { const m = await smsTo(phone); return m.length > 0 && m; }, 20_000);
    expect(more).toEqual([]);
    expect(sms!.text).toMatch(/^ALP: Lesson booked and paid: Mathematics with Test User, .+\. Details in My bookings\.$/);
    expect(sms!.text.length).toBeLessThanOrEqual(160);
    expect(await eventually(async () => { const s = await deliveryStatuses('africastalking', sms!.messageId); return s.length === 2 && s; }))
      .toEqual(['Submitted', 'Success']);
    await eventually(async () => (await mailsTo(tutor, /^New booking:/)).length === 1);
    expect(await mailsTo(student, /^Booking confirmed:/)).toEqual([]);
  });

  it('a reminder job run twice sends one SMS per reminder, in the saved language', async () => {
    const { student, phone } = await verifiedParent();
    await expectOk(callApi('updateMyProfile', { token: student.accessToken, body: { language: 'sw' } }), 'language');
    const { booking } = await paidLesson({ student, leadHours: 26 });
    await eventually(async () => (await smsTo(phone)).length === 1, 20_000);
    const dayBefore = new Date(Date.parse(booking.scheduledAt) - 24 * HOUR + 60_000);
    await runJobAt('lessons', dayBefore);
    await runJobAt('lessons', dayBefore);
    const reminders = (await smsTo(phone)).filter((m) => m.text.includes('linaanza baada ya saa 24'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toMatch(/^ALP: Somo lako la Mathematics na Test User linaanza baada ya saa 24: .+\. Jiunge kupitia Nafasi zangu\.$/);
    // The reminder went by SMS: no reminder e-mail to the parent.
    expect(await mailsTo(student, /^(Reminder|Kikumbusho)/)).toEqual([]);
  });
});

describe('fallbacks', () => {
  it('a WhatsApp message that fails (status failed) falls back to SMS, once', async () => {
    const { student } = await verifiedParent(UNDELIVERABLE_NUMBER);
    await choose(student, { bookingConfirmation: 'whatsapp' });
    await paidLesson({ student });
    const [whatsApp] = await eventually(async () => { const m = await whatsAppTo(UNDELIVERABLE_NUMBER); return m.length > 0 && m; }, 20_000);
    expect(whatsApp).toMatchObject({ template: 'alp_booking_confirmation', language: 'en' });
    await eventually(async () => (await deliveryStatuses('whatsapp', whatsApp!.id)).includes('failed'), 20_000);
    const sms = await eventually(async () => { const m = await smsTo(UNDELIVERABLE_NUMBER); return m.length > 0 && m; }, 20_000);
    expect(sms.map((m) => m.text)).toEqual([expect.stringMatching(/^ALP: Lesson booked and paid:/)]);
    expect(await mailsTo(student, /^Booking confirmed:/)).toEqual([]);
  });

  it('an SMS reported Failed falls back to e-mail', async () => {
    // The sandbox accepts SMS to this number, then reports Submitted and Failed.
    const { student } = await verifiedParent('254700000001');
    await paidLesson({ student });
    await eventually(async () => (await mailsTo(student, /^Booking confirmed:/)).length === 1, 20_000);
    const [sms] = await smsTo('254700000001');
    expect(await deliveryStatuses('africastalking', sms!.messageId)).toContain('Failed');
  });

  it('past the user\'s daily SMS cap the confirmation goes by e-mail', async () => {
    const { student, phone } = await verifiedParent();
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: { pk: `MSGCAP#USER#${student.userId}`, sk: `DAY#${nairobiDay(new Date())}`, count: 20 } }));
    await paidLesson({ student });
    await eventually(async () => (await mailsTo(student, /^Booking confirmed:/)).length === 1, 20_000);
    expect(await smsTo(phone)).toEqual([]);
  });
});

describe('STOP and preferences', () => {
  it('STOP by SMS stops SMS for the account of that number: the next confirmation goes by e-mail; choosing SMS again restarts it', async () => {
    const { student, phone } = await verifiedParent();
    expect((await incomingSms(`+${phone}`, 'Stop')).body).toEqual({ received: true, outcome: 'opted-out' });
    const prefs = await expectOk(callApi('getNotificationPreferences', { token: student.accessToken }), 'preferences');
    expect(prefs).toMatchObject({ hasVerifiedPhone: true, optedOut: ['sms'], preferences: { bookingConfirmation: 'sms', paymentReceipt: 'email' } });
    await paidLesson({ student });
    await eventually(async () => (await mailsTo(student, /^Booking confirmed:/)).length === 1, 20_000);
    expect(await smsTo(phone)).toEqual([]);
    expect((await choose(student, { bookingConfirmation: 'sms' })).optedOut).toEqual([]);
  });

  it('other replies and unknown numbers change nothing; another token is refused', async () => {
    expect((await incomingSms(`+${freshPhone()}`, 'STOP')).body).toEqual({ received: true, outcome: 'ignored' });
    const { student, phone } = await verifiedParent();
    expect((await incomingSms(`+${phone}`, 'Asante sana')).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await incomingSms(`+${phone}`, 'STOP', 'x'.repeat(callbackToken.length))).status).toBe(401);
    expect((await expectOk(callApi('getNotificationPreferences', { token: student.accessToken }), 'preferences')).optedOut).toEqual([]);
  });

  it('STOP from a number its account no longer has verified (a stale owner record) changes nothing for that account', async () => {
    const { student, phone } = await verifiedParent();
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: { ...verifiedPhoneKey(student.userId), userId: student.userId, phone: freshPhone(), verifiedAt: new Date().toISOString() } }));
    expect((await incomingSms(`+${phone}`, 'STOP')).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await expectOk(callApi('getNotificationPreferences', { token: student.accessToken }), 'preferences')).optedOut).toEqual([]);
  });

  it('STOP on WhatsApp stops WhatsApp for that account', async () => {
    const { student, phone } = await verifiedParent();
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from: phone, id: 'wamid.in', type: 'text', text: { body: 'STOP' } }] } }] }],
    });
    const answer = await api('/api/webhooks/whatsapp', {
      method: 'POST', rawBody: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsAppSignature(body, whatsAppCredentials.appSecret) },
    });
    expect(answer.status).toBe(200);
    expect((await expectOk(callApi('getNotificationPreferences', { token: student.accessToken }), 'preferences')).optedOut).toEqual(['whatsapp']);
  });

  it('preferences: defaults for a new account without a number; an unknown channel or kind is a 400', async () => {
    const user = await createUser('student');
    expect(await expectOk(callApi('getNotificationPreferences', { token: user.accessToken }), 'preferences')).toEqual({
      preferences: { bookingConfirmation: 'sms', lessonReminder: 'sms', lessonChange: 'sms', paymentReceipt: 'email', payoutPaid: 'email', payoutFailed: 'email', conversationUnread: 'email', weeklyReport: 'email' },
      defaults: { bookingConfirmation: 'sms', lessonReminder: 'sms', lessonChange: 'sms', paymentReceipt: 'email', payoutPaid: 'email', payoutFailed: 'email', conversationUnread: 'email', weeklyReport: 'email' },
      hasVerifiedPhone: false, optedOut: [],
    });
    expect((await callApi('putNotificationPreferences', { token: user.accessToken, body: { lessonReminder: 'pigeon' } as never })).status).toBe(400);
    expect((await callApi('putNotificationPreferences', { token: user.accessToken, body: { newsletter: 'sms' } as never })).status).toBe(400);
    expect((await choose(user, { lessonReminder: 'whatsapp' })).preferences.lessonReminder).toBe('whatsapp');
  });
});
