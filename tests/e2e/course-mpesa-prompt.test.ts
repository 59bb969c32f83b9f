/**
 * Paying for a course by M-Pesa prompt on a phone, without leaving the course page: the number
 * the student verified is offered, a prompt cancelled on the phone says so and is sent again, the
 * PIN pays, and the page goes on by itself to the payment's own page, which says the student is
 * enrolled; back on the course, its lessons are open to them.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { api, createUser, eventually, stack, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { paidCourse } from '../support/fixtures.js';
import { answerOnPhone } from '../support/pay.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

/** Verifies `local` (07…) as the user's number with the code from the Africa's Talking sandbox's SMS, as a person would. */
async function verifyPhone(user: TestUser, local: string) {
  // Its own client address: the code requests are limited per address too.
  const headers = { 'x-alp-client-ip': `203.0.113.${randomInt(1, 250)}-${randomUUID().slice(0, 6)}` };
  expect((await api('/api/phones/me/code', { method: 'POST', token: user.accessToken, body: { phone: local }, headers })).status).toBe(201);
  const to = `+254${local.slice(1)}`;
  const code = await eventually(async () => {
    const res = await fetch(`${stack().sandboxUrls.africastalking!}/__sandbox/messages?to=${encodeURIComponent(to)}`);
    const messages = await res.json() as { text: string }[];
    return /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
  });
  expect((await api('/api/phones/me/confirm', { method: 'POST', token: user.accessToken, body: { code }, headers })).status).toBe(200);
}

describe('paying for a course by M-Pesa prompt', () => {
  const s = useBrowser();

  it('a student pays a course by prompt answered on the phone (after a cancelled one) and lands enrolled', async () => {
    const { page } = s;
    const { course } = await paidCourse({ title: 'Kiswahili Insha', price: 800 });
    const student = await createUser('student');
    const local = `07${randomInt(10, 99)}${String(randomInt(0, 1e6)).padStart(6, '0')}`;
    await verifyPhone(student, local);
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');

    await page.goto(`/courses/${course.id}`);
    await page.getByRole('button', { name: 'Pay KSh 800 and Enrol' }).click();
    await until(() => page.getByRole('heading', { name: 'Pay for this course' }).isVisible()).toBe(true);
    // The verified number is offered; the card page is the second choice.
    await until(() => page.getByLabel('M-Pesa phone number').inputValue()).toBe(local.replace(/^(\d{4})(\d{3})/, '$1 $2 '));
    expect(await page.getByRole('button', { name: 'Pay by card or on Paystack' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(page, 'course checkout')).toEqual([]);
    await page.screenshot({ path: '.local/course-checkout-390.png', fullPage: true });

    const phone = `254${local.slice(1)}`;
    await page.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
    await until(() => page.getByText('Check your phone and enter your M-Pesa PIN.').isVisible()).toBe(true);
    await answerOnPhone(page, phone, 'Cancel');
    await until(() => page.getByRole('alert').filter({ hasText: 'The prompt was cancelled on the phone. Nothing was charged.' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Send the prompt again' }).click();
    await until(() => page.getByText('Check your phone and enter your M-Pesa PIN.').isVisible()).toBe(true);
    await answerOnPhone(page, phone, 'Enter PIN and pay');
    await page.waitForURL('**/payment-callback?**', { timeout: 30_000 });
    await until(() => page.locator('.callback-summary').innerText()).toContain('Kiswahili Insha');
    await page.screenshot({ path: '.local/course-checkout-paid-390.png', fullPage: true });

    await page.getByRole('link', { name: 'Go to course' }).click();
    await page.waitForURL(`**/courses/${course.id}`);
    await until(() => page.getByText('0% complete (0 of 2)').isVisible()).toBe(true);
    expect(await page.getByText('✓ You are enrolled').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Pay .* and Enrol/ }).count()).toBe(0);
  });
});
