/**
 * Verifying a phone number against the local stack and its Africa's Talking sandbox: the code is
 * read from the sandbox's messages, as a person reads their SMS. Each test has its own account,
 * numbers and client address (x-alp-client-ip), so the real limits apply without touching others.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { phoneCodeKey, phoneOwnerKey, verifiedPhoneKey } from '../../functions/phones/keys.js';
import { CODES_PER_ACCOUNT, CODES_PER_ADDRESS, CODES_PER_NUMBER, MAX_CODE_TRIES } from '../../functions/phones/rules.js';
import type { SandboxSms } from '../../infra/local/sandboxes/africastalking/server.js';
import { api, createUser, eventually, stack, type TestUser } from '../support/api.js';
import { getItem, setAttributes, table } from '../support/fixtures.js';

/** A fresh Safaricom-looking number (07…), not one of the sandbox's test fates (0700 000 …). */
const freshPhone = () => `07${randomInt(10, 99)}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
const normalized = (local: string) => `254${local.slice(1)}`;
const freshAddress = () => `203.0.113.${randomInt(1, 250)}-${randomUUID().slice(0, 6)}`;

async function inbox(phone: string): Promise<SandboxSms[]> {
  const res = await fetch(`${stack().sandboxUrls.africastalking!}/__sandbox/messages?to=${encodeURIComponent(phone)}`);
  return await res.json() as SandboxSms[];
}

/** The code of the newest SMS `phone` received, after `count` messages have arrived. */
async function codeFromSms(phone: string, count = 1): Promise<string> {
  const messages = await eventually(async () => { const m = await inbox(phone); return m.length >= count ? m : undefined; });
  const code = /\b(\d{6})\b/.exec(messages.at(-1)!.text)?.[1];
  if (!code) throw new Error(`no code in ${messages.at(-1)!.text}`);
  return code;
}

function client(user: TestUser, address = freshAddress()) {
  const headers = { 'x-alp-client-ip': address };
  return {
    request: (phone: string, extra: Record<string, string> = {}) =>
      api('/api/phones/me/code', { method: 'POST', token: user.accessToken, body: { phone }, headers: { ...headers, ...extra } }),
    confirm: (code: string) => api('/api/phones/me/confirm', { method: 'POST', token: user.accessToken, body: { code }, headers }),
    mine: () => api('/api/phones/me', { token: user.accessToken, headers }),
    remove: () => api('/api/phones/me', { method: 'DELETE', token: user.accessToken, headers }),
  };
}

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, '0');

describe('verifying a phone number', () => {
  it('a parent asks for a code, reads it in the SMS and confirms: the number and its owner item are written, the code is gone', async () => {
    const parent = await createUser('parent');
    const me = client(parent);
    const phone = freshPhone();
    const sent = await me.request(phone.replace(/^(\d{4})(\d{3})/, '$1 $2 '));
    expect(sent.status).toBe(201);
    expect(sent.body.pending).toMatchObject({ masked: `07•• ••• ${phone.slice(-3)}`, triesLeft: MAX_CODE_TRIES });

    const [sms] = await eventually(async () => { const m = await inbox(phone); return m.length ? m : undefined; });
    expect(sms!.text).toMatch(/^\d{6} is your ALP code/);
    expect(sms!.text.length).toBeLessThanOrEqual(160);
    const code = await codeFromSms(phone);
    // Only a hash is kept.
    expect(JSON.stringify(await getItem(phoneCodeKey(parent.userId).pk, 'PHONE_CODE'))).not.toContain(code);

    const confirmed = await me.confirm(code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.verified).toMatchObject({ phone: normalized(phone), masked: `07•• ••• ${phone.slice(-3)}` });
    expect(await getItem(verifiedPhoneKey(parent.userId).pk, 'PHONE')).toMatchObject({ userId: parent.userId, phone: normalized(phone) });
    expect(await getItem(phoneOwnerKey(normalized(phone)).pk, 'OWNER')).toMatchObject({ userId: parent.userId, phone: normalized(phone) });
    expect(await getItem(phoneCodeKey(parent.userId).pk, 'PHONE_CODE')).toBeUndefined();
    expect((await me.mine()).body).toMatchObject({ verified: { phone: normalized(phone) }, pending: null });

    // The same code again confirms nothing.
    expect((await me.confirm(code)).body).toMatchObject({ error: { code: 'no_code' } });
    // Asking again for the number it already has is refused before any SMS.
    expect((await me.request(phone)).status).toBe(409);
    expect(await inbox(phone)).toHaveLength(1);
  });

  it('the SMS is in the account\'s saved language', async () => {
    const parent = await createUser('parent');
    expect((await api('/api/me/profile', { method: 'PATCH', token: parent.accessToken, body: { language: 'sw' } })).status).toBe(200);
    const phone = freshPhone();
    // The request's own language is English: the saved one wins.
    expect((await client(parent).request(phone, { 'accept-language': 'en' })).status).toBe(201);
    const [sms] = await eventually(async () => { const m = await inbox(phone); return m.length ? m : undefined; });
    expect(sms!.text).toMatch(/^\d{6} ni nambari yako ya ALP/);
  });

  it('5 wrong codes lock it: the right code is then refused too, and a new code works', async () => {
    const user = await createUser('student');
    const me = client(user);
    const phone = freshPhone();
    await me.request(phone);
    const code = await codeFromSms(phone);
    for (let left = MAX_CODE_TRIES - 1; left >= 1; left -= 1) {
      const wrong = await me.confirm(wrongCodeFor(code));
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ error: { code: 'wrong_code', message: `That code is not right. Tries left: ${left}.` } });
    }
    expect((await me.confirm(wrongCodeFor(code))).body).toMatchObject({ error: { code: 'code_locked' } });
    const right = await me.confirm(code);
    expect(right.status).toBe(422);
    expect(right.body).toMatchObject({ error: { code: 'code_locked', message: 'Too many wrong codes. Ask for a new one.' } });
    expect(await getItem(verifiedPhoneKey(user.userId).pk, 'PHONE')).toBeUndefined();

    await me.request(phone);
    const fresh = await codeFromSms(phone, 2);
    expect((await me.confirm(fresh)).status).toBe(200);
  });

  it('a code past its 10 minutes is refused; a resend replaces the code (the earlier one no longer works)', async () => {
    const user = await createUser('student');
    const me = client(user);
    const phone = freshPhone();
    await me.request(phone);
    const first = await codeFromSms(phone);
    const key = phoneCodeKey(user.userId);
    await setAttributes(key.pk, key.sk, { validUntil: new Date(Date.now() - 1000).toISOString() });
    const late = await me.confirm(first);
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ error: { code: 'code_expired', message: 'This code has expired. Ask for a new one.' } });
    expect((await me.mine()).body).toMatchObject({ pending: null });

    await me.request(phone);
    const second = await codeFromSms(phone, 2);
    if (second !== first) {
      expect((await me.confirm(first)).body).toMatchObject({ error: { code: 'wrong_code' } });
    }
    expect((await me.confirm(second)).status).toBe(200);
  });

  it(`limits: ${CODES_PER_NUMBER.limit} codes per number an hour, then 429 with Retry-After and a message in the caller's language`, async () => {
    const [a, b] = await Promise.all([createUser('student'), createUser('student')]);
    const phone = freshPhone();
    // Two accounts share the number's count.
    expect((await client(a).request(phone)).status).toBe(201);
    expect((await client(b).request(phone)).status).toBe(201);
    for (let i = 2; i < CODES_PER_NUMBER.limit; i += 1) expect((await client(a).request(phone)).status).toBe(201);
    const refused = await client(b).request(phone);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODES_PER_NUMBER.windowSeconds);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/^Too many codes were sent to this number\. Try again in \d+ minutes\.$/) } });
    const sw = await client(b).request(phone, { 'accept-language': 'sw' });
    expect(sw.body).toMatchObject({ error: { message: expect.stringMatching(/^Misimbo mingi mno imetumwa kwa nambari hii/) } });
    expect(await inbox(phone)).toHaveLength(CODES_PER_NUMBER.limit);
  });

  it(`limits: ${CODES_PER_ACCOUNT.limit} codes per account a day, whatever the numbers`, async () => {
    const user = await createUser('student');
    const me = client(user);
    for (let i = 0; i < CODES_PER_ACCOUNT.limit; i += 1) expect((await me.request(freshPhone())).status, `code ${i + 1}`).toBe(201);
    const phone = freshPhone();
    const refused = await me.request(phone);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/^You asked for too many codes today/) } });
    expect(await inbox(phone)).toHaveLength(0);
  });

  it(`limits: ${CODES_PER_ADDRESS.limit} code requests per address an hour, across accounts`, async () => {
    const address = freshAddress();
    const users = await Promise.all(Array.from({ length: 3 }, () => createUser('student')));
    // Bad numbers: counted by the route's limit before the body is read, no SMS sent.
    for (let i = 0; i < CODES_PER_ADDRESS.limit; i += 1) {
      expect((await client(users[i % 3]!, address).request('12')).status, `request ${i + 1}`).toBe(400);
    }
    const refused = await client(users[0]!, address).request(freshPhone());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client(users[0]!).request(freshPhone())).status).toBe(201);
  });

  it('changing a verified number tells the old number, frees it, and the new one is the account\'s', async () => {
    const user = await createUser('parent');
    const me = client(user);
    const [oldPhone, newPhone] = [freshPhone(), freshPhone()];
    await me.request(oldPhone);
    expect((await me.confirm(await codeFromSms(oldPhone))).status).toBe(200);
    await me.request(newPhone);
    // Until confirmed, the old number stays the account's.
    expect((await me.mine()).body).toMatchObject({ verified: { phone: normalized(oldPhone) }, pending: { masked: `07•• ••• ${newPhone.slice(-3)}` } });
    expect((await me.confirm(await codeFromSms(newPhone))).status).toBe(200);

    const notice = await eventually(async () => { const m = await inbox(oldPhone); return m.length === 2 ? m[1] : undefined; });
    expect(notice.text).toContain(`ending ${newPhone.slice(-3)}`);
    expect(notice.text).not.toContain(newPhone.slice(1));
    expect(await getItem(phoneOwnerKey(normalized(oldPhone)).pk, 'OWNER')).toBeUndefined();
    expect(await getItem(phoneOwnerKey(normalized(newPhone)).pk, 'OWNER')).toMatchObject({ userId: user.userId });

    // The old number is free for another account.
    const other = await createUser('student');
    expect((await client(other).request(oldPhone)).status).toBe(201);
  });

  it('a number verified on another account is refused, at asking and at confirming', async () => {
    const [first, second] = await Promise.all([createUser('parent'), createUser('parent')]);
    const phone = freshPhone();
    // Both ask before either confirms; the first to confirm keeps it.
    await client(first).request(phone);
    const firstCode = await codeFromSms(phone, 1);
    await client(second).request(phone);
    const secondCode = await codeFromSms(phone, 2);
    expect((await client(first).confirm(firstCode)).status).toBe(200);
    const late = await client(second).confirm(secondCode);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'phone_taken', message: 'This number is verified on another account.' } });
    expect(await getItem(verifiedPhoneKey(second.userId).pk, 'PHONE')).toBeUndefined();

    const asked = await client(second).request(phone);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ error: { code: 'phone_taken' } });
    expect(await inbox(phone)).toHaveLength(2);
  });

  it("a deleted account's number is free again: its owner item is taken over", async () => {
    const [gone, next] = await Promise.all([createUser('parent'), createUser('parent')]);
    const phone = freshPhone();
    await client(gone).request(phone);
    await client(gone).confirm(await codeFromSms(phone));
    // What deleting the account leaves: its USER# partition goes, the PHONE# owner item stays.
    const { doc, name } = table();
    await doc.send(new DeleteCommand({ TableName: name, Key: verifiedPhoneKey(gone.userId) }));
    expect((await client(next).request(phone)).status).toBe(201);
    expect((await client(next).confirm(await codeFromSms(phone, 2))).status).toBe(200);
    expect(await getItem(phoneOwnerKey(normalized(phone)).pk, 'OWNER')).toMatchObject({ userId: next.userId });
  });

  it('removing the number deletes both items and frees the number; removing again is fine', async () => {
    const user = await createUser('student');
    const me = client(user);
    const phone = freshPhone();
    await me.request(phone);
    await me.confirm(await codeFromSms(phone));
    expect((await me.remove()).status).toBe(204);
    expect(await getItem(verifiedPhoneKey(user.userId).pk, 'PHONE')).toBeUndefined();
    expect(await getItem(phoneOwnerKey(normalized(phone)).pk, 'OWNER')).toBeUndefined();
    expect((await me.mine()).body).toEqual({ verified: null, pending: null });
    expect((await me.remove()).status).toBe(204);
  });

  it('bad input: a number that is not Kenyan mobile and a code that is not 6 digits get field messages', async () => {
    const user = await createUser('student');
    const me = client(user);
    const bad = await me.request('+44 20 7946 0958');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { message: 'Enter a Kenyan mobile number, for example 0712 345 678' } });
    const short = await me.confirm('12a');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: { message: 'Enter the 6-digit code from the SMS' } });
    expect((await me.confirm('123456')).body).toMatchObject({ error: { code: 'no_code' } });
  });
});
