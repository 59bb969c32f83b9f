/**
 * A parent on a phone sets up weekly lessons for her child: from the tutor's profile, "Mathematics
 * every Tuesday 17:00 until the end of term". The quote lists every lesson on her clock beside the
 * tutor's, marks the one another family took as left out, and prices the months and the term; she
 * sets it up, pays the first month by M-Pesa prompt in the sandbox, and finds it in My Bookings,
 * active, with its instalments (the first paid) and lessons. In Kiswahili the same
 * page reads in Kiswahili.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';
import { answerOnPhone } from '../support/pay.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

type Quote = { lessons: Array<{ start: string; status: string }>; payMonthly: Array<{ amount: number; lessonCount: number }> };

describe('weekly lessons', () => {
  const s = useBrowser();

  it('a parent sets up Mathematics every Tuesday 17:00 until the end of term for her child, pays the first month by M-Pesa and sees it in My Bookings', async () => {
    const { page } = s;
    const [tutor, parent, other] = await Promise.all([bookableTutor({ hourlyRate: 1500, firstName: 'Achieng' }), createUser('parent', { firstName: 'Wanjiru' }), createUser('student')]);
    await expectOk(callApi('addMyAvailability', { token: tutor.accessToken, body: { dayOfWeek: 2, startTime: '08:00', endTime: '20:00' } }), 'Tuesdays');
    await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Kamau', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    }), 'child');
    // Another family already holds the term's first Tuesday at 17:00 (a one-lesson plan of its own).
    const slot = { tutorId: tutor.userId, dayOfWeek: 2, startTime: '17:00', durationMinutes: 60 };
    const theirs = await api<{ quote: Quote }>('/api/plans/quote', { method: 'POST', token: other.accessToken, body: { ...slot, length: { kind: 'weeks', lessons: 1 } } });
    expect(theirs.status).toBe(200);
    const taken = theirs.body.quote.lessons.map((l) => l.start);
    expect((await api('/api/plans', {
      method: 'POST', token: other.accessToken,
      body: { ...slot, length: { kind: 'weeks', lessons: 1 }, subject: 'Mathematics', payment: 'term', lessonStarts: taken, idempotencyKey: randomUUID() },
    })).status).toBe(201);
    const seen = await api<{ quote: Quote }>('/api/plans/quote', { method: 'POST', token: parent.accessToken, body: { ...slot, length: { kind: 'term' } } });
    expect(seen.status).toBe(200);
    expect(seen.body.quote.lessons.filter((l) => l.status === 'taken').map((l) => l.start)).toEqual(taken);

    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');

    // From the profile, beside Book.
    await page.goto(`/tutor-profile/${tutor.userId}`);
    await page.getByRole('link', { name: 'Weekly lessons' }).click();
    await page.waitForURL(`**/weekly-lessons/${tutor.userId}`);
    await until(() => page.getByRole('heading', { name: 'Weekly lessons with Achieng User' }).isVisible()).toBe(true);
    await until(visible(page, 'Weekly lessons for Amani (Grade 7, CBC)')).toBe(true);

    await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    await page.getByLabel('Day of the week').selectOption({ label: 'Tuesday' });
    await page.getByLabel('Time', { exact: true }).selectOption('17:00');
    // The tutor's clock, and the parent's beside it when it reads otherwise.
    await until(visible(page, /Every Tuesday at 17:00 \(EAT\)/)).toBe(true);
    expect(await page.getByLabel('Until the end of the school term').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'See the lessons' }).click();

    const lessons = page.getByRole('list', { name: 'Every lesson' });
    await until(() => lessons.getByRole('listitem').count()).toBe(seen.body.quote.lessons.length);
    const free = seen.body.quote.lessons.filter((l) => l.status === 'free').length;
    await until(() => page.getByTestId('plan-counts').innerText()).toMatch(new RegExp(`${free} lessons booked · 1 left out`));
    expect(await lessons.getByText('Left out: the tutor is booked').count()).toBe(1);
    await until(visible(page, `Month 1 · `)).toBe(true);
    await page.screenshot({ path: '.local/weekly-plan-quote-390.png', fullPage: true });
    // Nothing sticks out of a 390 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(page, 'weekly lessons quote')).toEqual([]);

    await page.getByRole('button', { name: 'Set up weekly lessons' }).click();
    await until(() => page.getByRole('heading', { name: 'Weekly lessons set up' }).isVisible()).toBe(true);
    await until(visible(page, `Mathematics: ${free} lessons are held for you.`)).toBe(true);

    // The first month is paid in the page, by M-Pesa prompt (the sandbox's phone answers).
    const firstMonth = seen.body.quote.payMonthly[0]!;
    await until(() => page.getByRole('heading', { name: `Pay Month 1: KSh ${firstMonth.amount.toLocaleString('en-KE')}` }).isVisible()).toBe(true);
    await page.getByLabel('M-Pesa phone number').fill('0712 345 678');
    await page.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
    await until(visible(page, 'Check your phone and enter your M-Pesa PIN.')).toBe(true);
    await answerOnPhone(page, '254712345678', 'Enter PIN and pay');
    await page.waitForURL('**/payment-callback?**');
    await until(visible(page, 'Payment Successful!')).toBe(true);
    // What was bought: the month's lessons, not one lesson.
    await until(() => page.locator('.callback-summary').innerText()).toMatch(new RegExp(`Weekly lessons\\s*${firstMonth.lessonCount} lessons`));

    await page.goto('/my-bookings');
    const card = page.getByRole('article', { name: 'Mathematics every week' });
    await until(() => card.isVisible()).toBe(true);
    // The held lessons wait under their plan (paid by instalment), not as lessons to pay one by one.
    expect(await page.getByRole('link', { name: 'Pay now' }).count()).toBe(0);
    const text = await card.innerText();
    expect(text).toMatch(/Learner\s*Amani \(Grade 7, CBC\)/);
    expect(text).toMatch(/Tutor\s*Achieng User/);
    expect(text).toContain('Every Tuesday at 17:00 (EAT)');
    expect(text).toContain('Active');
    const instalments = card.getByTestId('plan-instalment');
    expect(await instalments.count()).toBe(seen.body.quote.payMonthly.length);
    expect(await instalments.first().innerText()).toMatch(/Month 1[\s\S]*KSh[\s\S]*Paid/);
    expect(await instalments.nth(1).innerText()).toMatch(/Month 2[\s\S]*Charged[\s\S]*KSh[\s\S]*Pending/);
    // The paid month's lessons are lessons like any other now.
    await until(() => page.getByRole('region', { name: /Upcoming/ }).getByRole('article').count()).toBe(firstMonth.lessonCount);
    await card.getByText(`${free} lessons`, { exact: true }).click();
    expect(await card.locator('.plan-lesson').count()).toBe(free);
    await page.screenshot({ path: '.local/weekly-plan-my-bookings-390.png', fullPage: true });
  });

  it('reads in Kiswahili, with an empty My Bookings section before any plan', async () => {
    const { page } = s;
    const [tutor, parent] = await Promise.all([bookableTutor({ firstName: 'Baraka' }), createUser('parent')]);
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto('/my-bookings');
    await until(() => page.getByTestId('plans-empty').isVisible()).toBe(true);

    await page.goto(`/weekly-lessons/${tutor.userId}`);
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    await until(() => page.getByRole('heading', { name: 'Masomo ya kila wiki na Baraka User' }).isVisible()).toBe(true);
    await until(visible(page, 'Hadi mwisho wa muhula wa shule')).toBe(true);
    await page.getByRole('button', { name: 'Ona masomo' }).click();
    await until(() => page.locator('#plan-day-error').innerText()).toBe('Chagua siku');
  });
});
