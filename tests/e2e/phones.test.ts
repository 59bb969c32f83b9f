/**
 * A parent verifies a phone number as they would: the Phone number page on the account line, the
 * code read from the SMS (the Africa's Talking sandbox's inbox page), and the lesson's payment page
 * then offers that number for the M-Pesa prompt.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AddLearnerRequest } from '../../functions/households/contract.js';
import { api, callApi, createUser, expectOk, stack } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

/**
 * Code requests are limited per client address; every test file's requests come from 127.0.0.1,
 * so each test names an address of its own (the local gateway's x-alp-client-ip), as a family on
 * its own connection would have.
 */
const ownAddress = () => ({ 'x-alp-client-ip': `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}` });

const child: AddLearnerRequest = { firstName: 'Amani', lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] };

describe('a parent verifies a phone', () => {
  const s = useBrowser();

  it('adds a number, reads the code in the SMS inbox, verifies it, and the pay page has it prefilled', async () => {
    const { page, context } = s;
    await context.setExtraHTTPHeaders(ownAddress());
    const digits = `${randomInt(10, 99)}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
    const [typed, shown] = [`07${digits}`, `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`];
    const tutor = await bookableTutor({ hourlyRate: 1000 });
    const parent = await createUser('parent');
    const learner = (await expectOk(callApi('addLearner', { token: parent.accessToken, body: child }), 'add child')).learner;
    const [start] = await freeStarts(tutor.userId);
    const { booking } = (await book(parent, tutor.userId, start!, 60, { learnerId: learner.id })).body;

    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Phone number' }).click();
    await until(() => page.getByRole('heading', { name: 'Phone number', level: 1 }).isVisible()).toBe(true);
    await until(() => page.getByText('You have no verified phone number yet.').isVisible()).toBe(true);

    // A wrong number is refused beside the field.
    await page.getByLabel('Mobile number').fill('0812 345 678');
    await page.getByRole('button', { name: 'Send code' }).click();
    await until(() => page.getByText('Enter a Kenyan mobile number, for example 0712 345 678').isVisible()).toBe(true);

    await page.getByLabel('Mobile number').fill(typed);
    await page.getByRole('button', { name: 'Send code' }).click();
    await until(() => page.getByText(`We sent a code to 07•• ••• ${digits.slice(-3)}.`, { exact: false }).isVisible()).toBe(true);
    const codeField = page.getByLabel('6-digit code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await checkAxeOnce(page, 'phone code form')).toEqual([]);
    await page.screenshot({ path: '.local/phone-code-390.png', fullPage: true });

    // The phone: the sandbox's inbox page for the number.
    const phone = await context.newPage();
    await phone.goto(`${stack().sandboxUrls.africastalking!}/inbox/${typed}`);
    const sms = await phone.getByText(/is your ALP code/).first().textContent();
    const code = /(\d{6})/.exec(sms ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await phone.close();

    await codeField.fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await until(() => page.getByText(shown, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Verified number').isVisible()).toBe(true);
    await page.screenshot({ path: '.local/phone-verified-390.png', fullPage: true });

    await page.goto(`/pay/${booking.id}`);
    await until(() => page.getByRole('heading', { name: 'Pay for your lesson' }).isVisible()).toBe(true);
    await until(() => page.getByLabel('M-Pesa phone number').inputValue()).toBe(shown);
  });

  it('reads in Kiswahili: a wrong code is refused beside the field with the tries left, and the number can be removed', async () => {
    const { page, context } = s;
    await context.setExtraHTTPHeaders(ownAddress());
    const typed = `07${randomInt(10, 99)}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
    const user = await createUser('student');
    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL('**/student-dashboard');
    await page.getByRole('button', { name: 'SW' }).click();
    await page.goto('/account/phone');
    await until(() => page.getByRole('heading', { name: 'Nambari ya simu', level: 1 }).isVisible()).toBe(true);
    await page.getByLabel('Nambari ya simu ya mkononi').fill(typed);
    await page.getByRole('button', { name: 'Tuma msimbo' }).click();
    const codeField = page.getByLabel('Msimbo wa tarakimu 6');
    await until(() => codeField.isVisible()).toBe(true);

    const phone = await context.newPage();
    await phone.goto(`${stack().sandboxUrls.africastalking!}/inbox/${typed}`);
    const sms = await phone.getByText(/ni nambari yako ya ALP/).first().textContent();
    const code = /(\d{6})/.exec(sms ?? '')![1]!;
    await phone.close();

    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Thibitisha' }).click();
    await until(() => page.locator('#phone-code-error').textContent()).toBe('Msimbo huo si sahihi. Majaribio yaliyobaki: 4.');
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await until(() => page.getByText('Kutoka kwenye SMS tuliyotuma. Majaribio yaliyobaki: 4.').isVisible()).toBe(true);
    await page.screenshot({ path: '.local/phone-wrong-code-sw-390.png', fullPage: true });

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Thibitisha' }).click();
    await until(() => page.getByText('Nambari iliyothibitishwa').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Ondoa nambari' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ondoa' }).click();
    await until(() => page.getByText('Bado huna nambari ya simu iliyothibitishwa.').isVisible()).toBe(true);
  });

  it("a tutor's payout form offers the verified number", async () => {
    const { page } = s;
    const digits = `${randomInt(10, 99)}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
    const shown = `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
    const tutor = await createUser('tutor');
    const asked = await api('/api/phones/me/code', { method: 'POST', token: tutor.accessToken, body: { phone: `07${digits}` }, headers: ownAddress() });
    expect(asked.status).toBeLessThan(300);
    const [sms] = await (await fetch(`${stack().sandboxUrls.africastalking!}/__sandbox/messages?to=07${digits}`)).json() as Array<{ text: string }>;
    await expectOk(callApi('confirmPhoneCode', { token: tutor.accessToken, body: { code: /(\d{6})/.exec(sms!.text)![1]! } }), 'confirm');

    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Earnings' }).click();
    const card = page.getByRole('region', { name: 'Payout details' });
    await card.getByRole('button', { name: 'Add payout details' }).click();
    await card.getByRole('button', { name: `Use my verified number ${shown}` }).click();
    expect(await card.getByLabel('M-Pesa number').inputValue()).toBe(shown);
  });
});
