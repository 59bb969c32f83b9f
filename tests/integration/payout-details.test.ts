/**
 * Payout details against the emulator and the Paystack sandbox: a tutor adds
 * M-Pesa or a bank with their password, Paystack's recipient is created, only a mask is kept, and
 * every change e-mails the tutor once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi, createUser, eventually, sentEmails, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { getItem, waitUntilDone } from '../support/fixtures.js';

interface SandboxRecipient { recipient_code: string; type: string; name: string; details: { account_number: string; bank_code: string } }

const sandboxRecipients = async () =>
  ((await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/recipients`)).json()) as { recipients: SandboxRecipient[] }).recipients;

const recipientItem = (tutor: TestUser) => getItem(`TUTOR#${tutor.userId}`, 'PAYOUTRECIPIENT');

const changeMails = async (tutor: TestUser) =>
  (await sentEmails()).filter((e) => e.destinations.ToAddresses.includes(tutor.email) && e.subject === 'Your payout details changed');

const mpesa = (tutor: TestUser, phoneNumber: string, extra: Record<string, string> = {}) =>
  callApi('setMyPayoutDetails', { token: tutor.accessToken, body: { method: 'mpesa', phoneNumber, accountName: 'Wanjiku Kamau', password: tutor.password, ...extra } });

describe('payout details', () => {
  let tutor: TestUser;
  beforeAll(async () => {
    tutor = await createUser('tutor');
  });

  it('starts empty, then keeps an M-Pesa number as a mask and Paystack\'s recipient code only', async () => {
    const empty = await callApi('getMyPayoutDetails', { token: tutor.accessToken });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ details: null });

    const added = await mpesa(tutor, '+254 712-345 678');
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ method: 'mpesa', maskedNumber: '07•• ••• 678', accountName: 'Wanjiku Kamau', institution: 'M-Pesa' });
    expect(JSON.stringify(added.body)).not.toContain('712345678');

    const sent = (await sandboxRecipients()).find((r) => r.details.account_number === '254712345678' && r.name === 'Wanjiku Kamau');
    expect(sent).toMatchObject({ type: 'mobile_money', details: { bank_code: 'MPESA' } });

    const item = await recipientItem(tutor);
    expect(item).toMatchObject({ recipientCode: sent!.recipient_code, maskedNumber: '07•• ••• 678', method: 'mpesa' });
    // No attribute of the stored item holds the number in any form.
    expect(JSON.stringify(item)).not.toMatch(/712\s?345\s?678|2547123/);
    expect(Object.keys(item!)).not.toContain('phoneNumber');

    const read = await callApi('getMyPayoutDetails', { token: tutor.accessToken });
    expect(read.body.details).toMatchObject({ maskedNumber: '07•• ••• 678', institution: 'M-Pesa' });

    await waitUntilDone(`payout-details-changed#${tutor.userId}#${added.body.updatedAt}`);
    const mails = await changeMails(tutor);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('M-Pesa 07•• ••• 678');
    expect(mails[0]!.body).toContain('If this was not you, contact support');
    expect(mails[0]!.body).not.toContain('712345678');
  });

  it('refuses a number that is not a Kenyan mobile with a clear 400, and changes nothing', async () => {
    const before = await recipientItem(tutor);
    for (const bad of ['0812345678', '071234567', '+255712345678', 'not a number']) {
      const res = await mpesa(tutor, bad);
      expect(res.status, bad).toBe(400);
      expect(res.error?.message).toBe('Enter a Kenyan M-Pesa number, for example 0712 345 678 or +254 712 345 678');
    }
    expect(await recipientItem(tutor)).toEqual(before);
  });

  it('refuses a wrong password with 403: nothing changed, no recipient created, no e-mail', async () => {
    const before = await recipientItem(tutor);
    const recipientsBefore = (await sandboxRecipients()).length;
    const mailsBefore = (await changeMails(tutor)).length;

    const res = await mpesa(tutor, '0799 000 111', { password: 'not-my-password' });
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe('That password is not right. Your payout details were not changed.');

    expect(await recipientItem(tutor)).toEqual(before);
    expect((await sandboxRecipients()).length).toBe(recipientsBefore);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await changeMails(tutor)).length).toBe(mailsBefore);
  });

  it('changes to another number with the password, and e-mails once for that change', async () => {
    const changed = await mpesa(tutor, '0112 987 654');
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ maskedNumber: '01•• ••• 654' });
    expect(await recipientItem(tutor)).toMatchObject({ maskedNumber: '01•• ••• 654' });

    await waitUntilDone(`payout-details-changed#${tutor.userId}#${changed.body.updatedAt}`);
    const mails = await eventually(async () => { const m = await changeMails(tutor); return m.length === 2 && m; });
    expect(mails.filter((m) => m.body.includes('01•• ••• 654'))).toHaveLength(1);
  });

  it('adds a bank account chosen from Paystack\'s list of Kenyan banks', async () => {
    const other = await createUser('tutor');
    const banks = await callApi('listPayoutBanks', { token: other.accessToken });
    expect(banks.status).toBe(200);
    const equity = banks.body.banks.find((b) => b.name === 'Equity Bank');
    expect(equity).toBeDefined();
    expect(banks.body.banks.some((b) => b.code === 'MPESA')).toBe(false);

    const res = await callApi('setMyPayoutDetails', {
      token: other.accessToken,
      body: { method: 'bank', bankCode: equity!.code, accountNumber: '0123 4567 89012', accountName: 'Otieno Ochieng', password: other.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'bank', maskedNumber: '••••9012', institution: 'Equity Bank', accountName: 'Otieno Ochieng' });
    const sent = (await sandboxRecipients()).find((r) => r.details.account_number === '0123456789012');
    expect(sent).toMatchObject({ type: 'kepss', details: { bank_code: equity!.code } });
    expect(JSON.stringify(await recipientItem(other))).not.toContain('0123456789012');

    const unknownBank = await callApi('setMyPayoutDetails', {
      token: other.accessToken,
      body: { method: 'bank', bankCode: 'NOPE', accountNumber: '0123456789012', accountName: 'Otieno Ochieng', password: other.password },
    });
    expect(unknownBank.status).toBe(400);
    expect(unknownBank.error?.message).toBe('Choose your bank from the list');
  });

  it('is for tutors only: a student and a super admin get 403 on every payout details route', async () => {
    const admin = await signInDemoAdmin();
    expect((await callApi('getMyPayoutDetails', { token: admin.accessToken })).status).toBe(403);

    const student = await createUser('student');
    expect((await callApi('getMyPayoutDetails', { token: student.accessToken })).status).toBe(403);
    expect((await callApi('listPayoutBanks', { token: student.accessToken })).status).toBe(403);
    const res = await callApi('setMyPayoutDetails', {
      token: student.accessToken, body: { method: 'mpesa', phoneNumber: '0712345678', accountName: 'Student', password: student.password },
    });
    expect(res.status).toBe(403);
    expect(await getItem(`TUTOR#${student.userId}`, 'PAYOUTRECIPIENT')).toBeUndefined();
  });
});
