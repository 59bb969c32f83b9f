/**
 * Booking and payment journeys in the browser (phone viewport, Nairobi clock): a student books a
 * verified tutor from the profile calendar, pays with M-Pesa in the local Paystack sandbox and
 * sees the confirmed, paid lesson in My Bookings and on the dashboard; the tutor sees it with
 * Start Class and the earnings; the hour is gone for everyone else. Also: an unverified tutor
 * can't be booked, a declined payment shows "Payment Failed". Every test makes its own tutor
 * (bookableTutor) and students, so runs don't depend on each other.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor } from '../support/fixtures.js';
import { answerOnPhone, toCardCheckout } from '../support/pay.js';

const ZONE = 'Africa/Nairobi';
const callbackSw = JSON.parse(readFileSync('frontend/src/features/bookings/i18n/callback.sw.json', 'utf8')) as Record<string, string>;
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
/** The emulator serves one request at a time, so a step can take a few seconds under load. */
const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

/** The student's phone runs on Nairobi time whatever the machine's zone. */
async function onNairobiTime(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
}

async function signInAs(page: Page, user: TestUser, landing: 'student-dashboard' | 'tutor-dashboard') {
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL(`**/${landing}`);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Options of a <select> as [value, label]. */
const options = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('option').evaluateAll((list) =>
    list.map((o) => [(o as HTMLOptionElement).value, (o.textContent ?? '').trim()] as const));

describe('booking and paying in the browser', () => {
  const s = useBrowser();

  it('a student books from the profile calendar, pays by M-Pesa, and both sides see the paid lesson; the hour is gone for others', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1500 });
    const student = await createUser('student', { firstName: 'Amani' });
    await onNairobiTime(page);
    await signInAs(page, student, 'student-dashboard');
    await until(visible(page, 'No upcoming classes')).toBe(true);

    // Profile calendar: a full day (the second date: today may have only its last hours left), first time.
    await page.goto(`/tutor-profile/${tutor.userId}`);
    const dates = page.locator('.date-row button');
    await until(() => dates.count()).toBeGreaterThan(1);
    await dates.nth(1).click();
    await page.locator('.time-grid button').first().click();
    await page.getByRole('button', { name: 'Book Session Now' }).click();
    await page.waitForURL('**/book-tutor/**');
    const start = new URL(page.url()).searchParams.get('start')!;
    expect(Date.parse(start)).toBeGreaterThan(Date.now());

    // The form opens with that date and time, on the student's clock.
    await until(visible(page, 'Times are in EAT (your time zone)')).toBe(true);
    await until(() => page.getByLabel('Time', { exact: true }).inputValue()).toBe(start);
    expect(await page.getByLabel('Time', { exact: true }).locator('option:checked').innerText()).toBe('08:00');
    expect((await options(page, 'Subject')).map(([v]) => v)).toEqual(['', 'Mathematics', 'Physics']);
    // 08:00 and 09:00 are both free: all three durations fit.
    expect((await options(page, 'Duration')).map(([v]) => v)).toEqual(['60', '90', '120']);
    await until(visible(page, 'Total: KSh 1,500')).toBe(true);

    // No subject yet: the spec's message, and nothing is booked.
    await page.getByRole('button', { name: 'Book & Pay' }).click();
    await until(visible(page, 'Missing Information: Please fill in all required fields')).toBe(true);
    expect(page.url()).toContain('/book-tutor/');

    await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    await page.getByLabel('Duration', { exact: true }).selectOption('90');
    await until(visible(page, 'Total: KSh 2,250')).toBe(true);
    await page.getByLabel('Notes (optional)').fill('KCSE paper 2, quadratics');
    await page.getByRole('button', { name: 'Book & Pay' }).click();

    // Paid on the page by M-Pesa prompt: the number, the prompt answered with the PIN on the
    // (sandbox's) phone, and the page goes on by itself.
    await page.waitForURL('**/pay/**');
    await until(visible(page, 'KSh 2,250')).toBe(true);
    await page.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await page.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
    await until(visible(page, 'Check your phone and enter your M-Pesa PIN.')).toBe(true);
    await until(visible(page, 'Prompt sent to 07•• ••• 678. It can take a few seconds to appear.')).toBe(true);
    expect(await checkAxeOnce(page, 'waiting for the M-Pesa PIN')).toEqual([]);
    await answerOnPhone(page, '254712345678', 'Enter PIN and pay');

    await page.waitForURL('**/payment-callback?**');
    const reference = new URL(page.url()).searchParams.get('reference')!;
    await until(visible(page, 'Payment Successful!')).toBe(true);
    await until(visible(page, 'Your booking has been confirmed!')).toBe(true);
    await until(visible(page, 'We have sent you a confirmation, by the channel you chose under Notifications.')).toBe(true);
    await until(visible(page, reference)).toBe(true);
    expect(await checkAxeOnce(page, 'payment successful')).toEqual([]);

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL('**/student-dashboard');
    const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
    await until(() => upcoming.getByText('Mathematics').isVisible()).toBe(true);
    expect(await upcoming.innerText()).toMatch(/with Test User[\s\S]*08:00–09:30/);
    // Not open yet: Join waits, saying when the class opens (15 minutes before the start).
    expect(await upcoming.getByRole('button', { name: 'Join session' }).isDisabled()).toBe(true);
    expect(await upcoming.innerText()).toMatch(/Opens .*at 07:45/);

    await page.getByRole('link', { name: 'My Bookings' }).first().click();
    await page.waitForURL('**/my-bookings');
    const card = page.getByRole('article', { name: 'Mathematics' });
    await until(() => card.isVisible()).toBe(true);
    const text = await card.innerText();
    expect(text).toContain('Confirmed');
    expect(text).toContain('Paid');
    expect(text).toContain('Test User'); // the tutor
    expect(text).toContain('08:00–09:30');
    expect(text).toContain('1 hour 30 minutes');
    expect(text).toContain('KSh 2,250');
    expect(text).toContain('KCSE paper 2, quadratics');
    expect(await card.getByRole('button', { name: 'Join session' }).isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Verify Payment' }).count() + await card.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    expect(await checkAxeOnce(page, 'my bookings, paid')).toEqual([]);

    // The tutor: the booking with Start Class, and the earnings.
    await signOut(page);
    await signInAs(page, tutor, 'tutor-dashboard');
    const figures = page.getByRole('definition');
    // Earnings are the tutor's share of lessons taught: none yet for a lesson still ahead.
    await until(() => page.locator('.stat-card', { hasText: 'Upcoming' }).innerText()).toContain('1');
    expect(await page.locator('.stat-card', { hasText: 'Total Earnings' }).innerText()).toContain('KSh 0');
    expect(await page.locator('.stat-card', { hasText: 'This Month' }).innerText()).toContain('KSh 0');
    expect(await figures.count()).toBeGreaterThanOrEqual(5);

    await page.getByRole('tab', { name: 'Bookings' }).click();
    const booking = page.getByRole('article', { name: 'Amani User' });
    await until(() => booking.isVisible()).toBe(true);
    expect(await booking.innerText()).toMatch(/Mathematics[\s\S]*Confirmed[\s\S]*Paid|Confirmed[\s\S]*Paid[\s\S]*Mathematics/);
    expect(await booking.getByRole('button', { name: 'Start Class' }).count()).toBe(1);

    await page.getByRole('tab', { name: 'Earnings' }).click();
    const earnings = page.getByRole('tabpanel');
    await until(() => earnings.getByRole('table').count()).toBe(1);
    // The tutor's share counts once the lesson is taught (the ledger), so none yet.
    expect(await earnings.innerText()).toMatch(/Total Earnings\s*KSh 0/);
    const rows = await earnings.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(7); // header + 6 months
    expect(await checkAxeOnce(page, 'tutor earnings tab')).toEqual([]);

    // A second student: the booked hours are not offered, and the API refuses them (409).
    const other = await createUser('student');
    await signOut(page);
    await signInAs(page, other, 'student-dashboard');
    await page.goto(`/book-tutor/${tutor.userId}?start=${encodeURIComponent(start)}`);
    await until(visible(page, 'That time has just been taken. Please choose another time.')).toBe(true);
    const sameDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(start));
    await page.getByLabel('Date', { exact: true }).selectOption(sameDay);
    const labels = (await options(page, 'Time')).map(([, label]) => label);
    expect(labels).toContain('10:00');
    expect(labels).not.toContain('08:00');
    expect(labels).not.toContain('09:00');
    const refused = await book(other, tutor.userId, start);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('slot_taken');
  });

  it("an unverified tutor's booking page shows the verification notice instead of the form", async () => {
    const { page } = s;
    const tutor = await bookableTutor({ verified: false });
    const student = await createUser('student');
    await signInAs(page, student, 'student-dashboard');
    await page.goto(`/book-tutor/${tutor.userId}`);
    await until(visible(page, "This tutor is still completing identity verification and can't be booked yet.")).toBe(true);
    expect(await page.getByRole('button', { name: 'Book a Session' }).count()).toBe(0);
    expect(await page.getByText('Tutor', { exact: true }).count()).toBe(1); // not "Verified"
    expect(await checkAxeOnce(page, 'booking page, tutor not verified')).toEqual([]);

    // A calendar link straight to the form shows the same notice, no form.
    const slots = await api<{ slots: Array<{ start: string }> }>(`/api/tutors/${tutor.userId}/slots`);
    await page.goto(`/book-tutor/${tutor.userId}?start=${encodeURIComponent(slots.body.slots[0]!.start)}`);
    await until(visible(page, "This tutor is still completing identity verification and can't be booked yet.")).toBe(true);
    expect(await page.getByRole('button', { name: 'Book & Pay' }).count()).toBe(0);

    await page.goto('/book-tutor/no-such-tutor');
    await until(visible(page, 'Tutor Not Found')).toBe(true);
    await page.getByRole('link', { name: 'Browse Tutors' }).last().click();
    await page.waitForURL('**/browse-tutors');
  });

  it('a declined payment shows Payment Failed, and the booking can still be paid from My Bookings', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 2000 });
    const student = await createUser('student');
    await onNairobiTime(page);
    await signInAs(page, student, 'student-dashboard');

    await page.goto(`/book-tutor/${tutor.userId}`);
    await page.getByRole('button', { name: 'Book a Session' }).click();
    await page.getByLabel('Subject', { exact: true }).selectOption('Physics');
    await until(async () => (await options(page, 'Date')).length).toBeGreaterThan(1);
    const dates = (await options(page, 'Date')).filter(([v]) => v);
    await page.getByLabel('Date', { exact: true }).selectOption(dates.at(-1)![0]);
    const times = (await options(page, 'Time')).filter(([v]) => v);
    await page.getByLabel('Time', { exact: true }).selectOption(times[0]![0]);
    await until(visible(page, 'Total: KSh 2,000')).toBe(true);
    await page.getByRole('button', { name: 'Book & Pay' }).click();

    await toCardCheckout(page);
    await page.getByRole('button', { name: 'Simulate failure' }).click();
    await page.waitForURL('**/payment-callback?**');
    await until(visible(page, 'Payment Failed')).toBe(true);
    await until(visible(page, 'Payment could not be verified')).toBe(true);
    await until(visible(page, /may still be processing/)).toBe(true);
    expect(await checkAxeOnce(page, 'payment failed')).toEqual([]);
    // What was being bought, as the server reads it from the payment (times on the viewer's clock, EAT here).
    const summary = page.locator('.callback-summary');
    await until(() => summary.isVisible()).toBe(true);
    const bought = await summary.innerText();
    expect(bought).toMatch(/Tutor\s+Test User/);
    expect(bought).toMatch(/Subject\s+Physics/);
    expect(bought).toMatch(/When\s+\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}–\d{2}:\d{2} \(EAT\)/);
    expect(bought).toMatch(/Amount\s+KSh 2,000/);
    expect(bought).toMatch(/Reference\s+ALP-/);
    // The time is still held: Pay again, not Browse.
    expect(await page.getByRole('link', { name: 'Pay again' }).isVisible()).toBe(true);
    await page.locator('main').screenshot({ path: '.local/payment-failed-summary-390.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('main').screenshot({ path: '.local/payment-failed-summary-1280.png' });

    await page.getByRole('link', { name: 'My Bookings' }).last().click();
    await page.waitForURL('**/my-bookings');
    const card = page.getByRole('article', { name: 'Physics' });
    await until(() => card.isVisible()).toBe(true);
    expect(await card.innerText()).toMatch(/Pending[\s\S]*Payment failed/);
    expect(await card.getByRole('link', { name: 'Join session' }).count()).toBe(0);
    expect(await checkAxeOnce(page, 'my bookings, payment failed')).toEqual([]);
    expect(await card.getByRole('link', { name: 'Pay now' }).isVisible()).toBe(true);
    // Back on the failed payment's page, its time is still held: Pay again, this time successfully.
    await page.goBack();
    await page.waitForURL('**/payment-callback?**');
    await page.getByRole('link', { name: 'Pay again' }).click();
    await toCardCheckout(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/payment-callback?**');
    await until(visible(page, 'Payment Successful!')).toBe(true);
    await until(async () => (await summary.innerText()).includes('Physics')).toBe(true);
    expect(await summary.innerText()).toMatch(/Amount\s+KSh 2,000/);
    await page.locator('main').screenshot({ path: '.local/payment-success-summary-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('main').screenshot({ path: '.local/payment-success-summary-390.png' });
  });

  it('the callback without a reference is a failure, in English or in Kiswahili', async () => {
    const { page } = s;
    await page.goto('/payment-callback');
    await until(visible(page, 'Payment Failed')).toBe(true);
    expect(await page.getByRole('link', { name: 'Browse Tutors' }).count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await page.getByRole('heading', { name: callbackSw.failedTitle! }).waitFor();
    expect(await page.getByRole('link', { name: callbackSw.myBookings! }).count()).toBe(1);
    expect(await page.getByText(callbackSw.stillProcessing!).isVisible()).toBe(true);
  });
});
