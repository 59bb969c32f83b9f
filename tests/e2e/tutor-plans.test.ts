/**
 * A tutor on a phone finds the weekly plan a parent set up for her child on the Bookings tab,
 * with the weeks ahead, and declines it with a reason before it is paid; the parent, reading
 * Kiswahili, finds it declined in My Bookings with the tutor's reason and nothing to pay.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

/** A parent's four Monday 17:00 Mathematics lessons for her child Amani, awaiting the first payment. */
async function childPlan(tutor: TestUser, parent: TestUser): Promise<string> {
  const child = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Kamau', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
  }), 'child');
  const slot = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 4, skipHolidays: false } };
  const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: parent.accessToken, body: slot });
  const lessonStarts = quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
  const res = await api<{ plan: { id: string } }>('/api/plans', {
    method: 'POST', token: parent.accessToken,
    body: { ...slot, subject: 'Mathematics', payment: 'monthly', lessonStarts, idempotencyKey: randomUUID(), learnerId: child.learner.id },
  });
  expect(res.status).toBe(201);
  return res.body.plan.id;
}

const planCard = (page: Page) => page.locator('article.plan-card').first();

describe('a tutor and weekly plans', () => {
  const s = useBrowser();

  it('the tutor sees the plan and the weeks ahead on the Bookings tab and declines it with a reason', async () => {
    const { page } = s;
    const [tutor, parent] = await Promise.all([bookableTutor({ firstName: 'Wambui' }), createUser('parent', { firstName: 'Wanjiru' })]);
    await childPlan(tutor, parent);

    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await until(() => page.getByRole('heading', { name: 'Weekly plans' }).isVisible()).toBe(true);
    await until(() => page.getByTestId('secured-weeks').locator('li').count()).toBe(4);
    expect(await page.getByTestId('secured-weeks').innerText()).toContain('No paid lessons');
    const card = planCard(page);
    await until(() => card.innerText()).toMatch(/Mathematics every week with Amani \(Grade 7, CBC\)/);
    expect(await card.innerText()).toContain('Awaiting payment');
    await checkAxeOnce(page, 'tutor weekly plans');

    await card.getByRole('button', { name: 'Decline this plan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason for the family (optional)').fill('I teach mornings only this term');
    await dialog.getByRole('button', { name: 'Decline plan' }).click();
    await until(() => page.getByText('Plan declined. The family has been told.').isVisible()).toBe(true);
    await until(() => card.innerText()).toContain('Declined by the tutor');
    expect(await card.getByRole('button', { name: 'Decline this plan' }).count()).toBe(0);
    // The phone screen holds the card without scrolling sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('the parent, reading Kiswahili, finds the plan declined with the tutor\'s reason and nothing to pay', async () => {
    const { page } = s;
    const [tutor, parent] = await Promise.all([bookableTutor({ firstName: 'Otieno' }), createUser('parent')]);
    const planId = await childPlan(tutor, parent);
    await expectOk(callApi('declinePlan', { token: tutor.accessToken, params: { planId }, body: { reason: 'Ratiba yangu imebadilika' } }), 'decline');

    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto('/my-bookings');
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    const card = planCard(page);
    await until(() => card.innerText()).toContain('Imekataliwa na mwalimu');
    expect(await card.innerText()).toContain('Sababu yake: Ratiba yangu imebadilika');
    expect(await card.getByRole('button', { name: /Lipa/ }).count()).toBe(0);
    // Nothing to pay and no lessons: the instalments and lessons are not listed.
    expect(await card.innerText()).not.toContain('Inasubiri');
    expect(await card.getByRole('link', { name: 'Tafuta mwalimu mwingine' }).getAttribute('href')).toBe('/browse-tutors');
  });
});
