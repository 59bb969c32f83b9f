/**
 * Cancelling in the browser: a student pays for a lesson two days ahead in the Paystack
 * sandbox, sees until when a cancel is free (Nairobi clock), is told before confirming that the
 * refund is full, cancels, and sees the lesson refunded once the sandbox's refund webhooks arrive.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts } from '../support/fixtures.js';
import { toCardCheckout } from '../support/pay.js';

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

describe('cancelling a paid lesson in the browser', () => {
  const s = useBrowser();

  it('a student cancels a paid lesson 2 days ahead, is told the refund is full, and sees it refunded', async () => {
    const { page } = s;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Africa/Nairobi' });
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const twoDaysAhead = Date.now() + 48 * 3_600_000;
    const start = (await freeStarts(tutor.userId)).find((iso) => Date.parse(iso) >= twoDaysAhead)!;
    expect((await book(student, tutor.userId, start)).status).toBe(201);

    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    const card = page.getByRole('article', { name: 'Mathematics' });
    await until(() => card.isVisible()).toBe(true);
    await card.getByRole('link', { name: 'Pay now' }).click();
    await toCardCheckout(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/payment-callback?**');
    await until(visible(page, 'Payment Successful!')).toBe(true);

    await page.goto('/my-bookings');
    await until(() => card.isVisible()).toBe(true);
    await until(async () => (await card.innerText()).includes('Free cancellation until')).toBe(true);
    await card.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog');
    await until(() => dialog.getByText('You get a full refund to your original payment method.').isVisible()).toBe(true);
    expect(await dialog.innerText()).toMatch(/Free cancellation until .* \(/);
    expect(await checkAxeOnce(page, 'cancel dialog')).toEqual([]);
    await dialog.getByLabel('Reason (optional)').fill('Exams moved');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();

    await until(() => card.innerText()).toMatch(/Cancelled/);
    expect(await card.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Join session' }).count()).toBe(0);
    // The sandbox's refund.processed webhook makes it refunded; the list is read again on focus or reload.
    await until(async () => {
      await page.reload();
      await card.waitFor({ timeout: 10_000 });
      return card.innerText();
    }, 30_000).toMatch(/Refunded[\s\S]*Refunded in full/);
    expect(await checkAxeOnce(page, 'my bookings, refunded')).toEqual([]);
  });
});
