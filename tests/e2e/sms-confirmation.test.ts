/**
 * A payer with a verified phone number (written as phone verification writes it) books a lesson in
 * the browser, pays by M-Pesa prompt in the Paystack sandbox, and the booking confirmation arrives
 * by SMS: it is on that number's page of the Africa's Talking sandbox inbox.
 */
import { randomInt } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phoneOwnerKey, verifiedPhoneKey } from '../../functions/phones/keys.js';
import { createUser, stack } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, table } from '../support/fixtures.js';
import { answerOnPhone } from '../support/pay.js';

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

describe('booking confirmation by SMS', () => {
  const s = useBrowser();

  it('a payer with a verified number books and pays a lesson and finds the SMS confirmation in the sandbox inbox', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1500 });
    const payer = await createUser('student', { firstName: 'Amani' });
    const phone = `2547${randomInt(10_000_000, 99_999_999)}`;
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: { ...verifiedPhoneKey(payer.userId), userId: payer.userId, phone, verifiedAt: new Date().toISOString() } }));
    await doc.send(new PutCommand({ TableName: name, Item: { ...phoneOwnerKey(phone), userId: payer.userId, phone } }));

    await signInThroughUi(page, payer.email, payer.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto(`/tutor-profile/${tutor.userId}`);
    const dates = page.locator('.date-row button');
    await until(() => dates.count()).toBeGreaterThan(1);
    await dates.nth(1).click();
    await page.locator('.time-grid button').first().click();
    await page.getByRole('button', { name: 'Book Session Now' }).click();
    await page.waitForURL('**/book-tutor/**');
    await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    await page.getByRole('button', { name: 'Book & Pay' }).click();

    await page.waitForURL('**/pay/**');
    await page.getByLabel('M-Pesa phone number').fill(`0${phone.slice(3)}`);
    await page.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
    await until(visible(page, 'Check your phone and enter your M-Pesa PIN.')).toBe(true);
    await answerOnPhone(page, phone, 'Enter PIN and pay');
    await page.waitForURL('**/payment-callback?**');
    await until(visible(page, 'Payment Successful!')).toBe(true);

    // The phone's inbox in the Africa's Talking sandbox, as a tester reads it.
    await until(async () => {
      await page.goto(`${stack().sandboxUrls.africastalking}/inbox/${phone}`);
      return page.getByText(/ALP: Lesson booked and paid: Mathematics with Test User/).isVisible();
    }, 30_000).toBe(true);
    expect(await page.getByText(/Lesson booked and paid/).count()).toBe(1);
  });
});
