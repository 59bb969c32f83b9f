/**
 * A family on a phone ends its weekly lessons from My Bookings: the confirmation shows what the
 * server says ending gives back (the paid lessons refunded, with the sum in KES, and the unpaid
 * month released) before she confirms; afterwards the card reads "Ended" with the refund. In
 * Kiswahili the ended card reads in Kiswahili.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidByPrompt, weeklyPlan, type WeeklyPlan } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** Eight Mondays at 17:00 paid by the month, the first month paid by M-Pesa (the sandbox's webhook). */
async function paidPlan(payer: TestUser, tutorId: string): Promise<WeeklyPlan> {
  const plan = await weeklyPlan(payer, tutorId);
  const { reference } = await expectOk(callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n: 1 }, body: { phone: '0712 345 678' } }), 'prompt');
  await paidByPrompt(reference, Math.round(plan.instalments[0]!.amount * 100), 1);
  return plan;
}

describe('ending weekly lessons', () => {
  const s = useBrowser();

  it('a family sees what ending gives back, ends the plan, and the card shows it ended with the refund; in Kiswahili too', async () => {
    const { page } = s;
    const [tutor, payer] = await Promise.all([bookableTutor({ hourlyRate: 1500, firstName: 'Otieno' }), createUser('student', { firstName: 'Akinyi' })]);
    const plan = await paidPlan(payer, tutor.userId);
    // What the server says ending now does (the first lesson may be inside the window, depending on today).
    const { ending } = await expectOk(callApi('planEnding', { token: payer.accessToken, params: { planId: plan.id } }), 'quote');
    expect(ending.released).toHaveLength(4);
    expect(ending.refunded.length).toBeGreaterThanOrEqual(3);
    const amount = `KSh ${ending.refundAmount.toLocaleString('en-KE')}`;

    await signInThroughUi(page, payer.email, payer.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    const card = page.getByRole('article', { name: 'Mathematics every week' });
    await until(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'End weekly lessons' }).click();

    const dialog = page.getByRole('dialog', { name: 'End weekly Mathematics lessons?' });
    await until(() => dialog.getByTestId('plan-ending').isVisible()).toBe(true);
    const facts = await dialog.getByTestId('plan-ending').innerText();
    expect(facts).toContain(`${ending.refunded.length} paid lessons are cancelled and ${amount} is refunded to the way you paid:`);
    expect(facts).toContain('4 lessons not paid for yet are released: nothing is charged for them.');
    if (ending.kept.length) expect(facts).toContain('1 lesson is inside the free-cancellation window, so it goes ahead and the tutor is paid:');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/plan-ending-confirm-390.png', fullPage: true });

    await dialog.getByLabel('Reason for the tutor (optional)').fill('We are moving to Kisumu');
    await dialog.getByRole('button', { name: 'End weekly lessons' }).click();
    await until(visible(page, 'Weekly lessons ended. The tutor has been told.')).toBe(true);
    await until(() => card.getByTestId('plan-ended').isVisible()).toBe(true);
    expect(await card.innerText()).toContain('Ended');
    expect(await card.getByTestId('plan-ended').innerText()).toContain(`${amount} refunded for ${ending.refunded.length} lessons.`);
    // Nothing left to pay or to end.
    expect(await card.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'End weekly lessons' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/plan-ended-390.png', fullPage: true });

    // The card's name is in the language chosen: found by its ended notice.
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    const ended = page.locator('article', { has: page.getByTestId('plan-ended') });
    await until(() => ended.getByTestId('plan-ended').innerText()).toContain(`zimerudishwa kwa masomo ${ending.refunded.length}.`);
    expect(await ended.innerText()).toContain('Imekwisha');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
