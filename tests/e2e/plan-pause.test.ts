/**
 * A family on a phone pauses one week of its weekly lessons from My Bookings: the dialog offers
 * the plan's coming weeks, shows what the server says that pause gives back (the week's paid
 * lesson refunded, with the sum in KES) before she confirms; afterwards the card lists the paused
 * week with the refund. In Kiswahili the paused week reads in Kiswahili.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidByPrompt, weeklyPlan, type WeeklyPlan } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

type PlanWithLessons = WeeklyPlan & { lessons: Array<{ bookingId: string; start: string }> };

/** Eight Mondays at 17:00 paid by the month, the first month paid by M-Pesa (the sandbox's webhook). */
async function paidPlan(payer: TestUser, tutorId: string): Promise<PlanWithLessons> {
  const plan = await weeklyPlan(payer, tutorId) as PlanWithLessons;
  const { reference } = await expectOk(callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n: 1 }, body: { phone: '0712 345 678' } }), 'prompt');
  await paidByPrompt(reference, Math.round(plan.instalments[0]!.amount * 100), 1);
  return plan;
}

/** The Monday of a lesson's week on the plan's clock (Nairobi): the value the dialog's week list holds. */
function mondayOf(start: string): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(start));
  const day = new Date(`${date}T00:00:00Z`);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
}

describe('pausing weekly lessons', () => {
  const s = useBrowser();

  it('a family pauses one week, sees its refund before confirming and on the card after; in Kiswahili too', async () => {
    const { page } = s;
    const [tutor, payer] = await Promise.all([bookableTutor({ hourlyRate: 1500, firstName: 'Otieno' }), createUser('student', { firstName: 'Akinyi' })]);
    const plan = await paidPlan(payer, tutor.userId);
    // The second lesson is a week or more away: outside the free-cancellation window, so refunded.
    const from = mondayOf(plan.lessons[1]!.start);
    const amount = `KSh ${plan.pricePerLesson.toLocaleString('en-KE')}`;

    await signInThroughUi(page, payer.email, payer.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    const card = page.getByRole('article', { name: 'Mathematics every week' });
    await until(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Pause lessons' }).click();

    const dialog = page.getByRole('dialog', { name: 'Pause weekly Mathematics lessons?' });
    await until(() => dialog.getByLabel('Start from').isVisible()).toBe(true);
    await dialog.getByLabel('Start from').selectOption(from);
    expect(await dialog.getByLabel('For how long').inputValue()).toBe('1');
    await until(async () => (await dialog.getByTestId('plan-pause').isVisible()) && await dialog.getByTestId('plan-pause').innerText()).toContain(
      `1 paid lesson is cancelled and ${amount} is refunded to the way you paid:`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/plan-pause-confirm-390.png', fullPage: true });

    await dialog.getByRole('button', { name: 'Pause these weeks' }).click();
    await until(visible(page, 'Lessons paused. The tutor has been told.')).toBe(true);
    await until(() => card.getByTestId('plan-paused').isVisible()).toBe(true);
    const paused = await card.getByTestId('plan-paused').innerText();
    expect(paused).toContain('Paused for 1 week from the week of');
    expect(paused).toContain(`${amount} refunded for 1 lesson.`);
    expect(await card.innerText()).toContain('Active');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/plan-paused-390.png', fullPage: true });

    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    const swCard = page.locator('article', { has: page.getByTestId('plan-paused') });
    await until(() => swCard.getByTestId('plan-paused').innerText()).toContain('Yamesimamishwa kwa wiki 1 kuanzia wiki ya');
    expect(await swCard.getByTestId('plan-paused').innerText()).toContain('zimerudishwa kwa somo 1.');
    expect(await swCard.getByRole('button', { name: 'Simamisha masomo' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
