/**
 * Payouts in the browser: a tutor adds an M-Pesa number on the Earnings tab, sees only
 * its mask, changes it with their password (a wrong one changes nothing), then withdraws their
 * available money and sees the payout paid once the Paystack sandbox sends transfer.success.
 * Screenshots at 390 px and desktop width, in English and Kiswahili, go to .local/ for a look.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { recordPayment, releaseDueEarnings } from '../../functions/ledger/service.js';
import { callApi, createUser, expectOk, stack } from '../support/api.js';
import { verifyThroughKyc } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

async function shoot(page: Page, name: string, part: Locator) {
  await part.screenshot({ path: `.local/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await part.screenshot({ path: `.local/${name}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

beforeAll(() => useStackEnvironment());

describe('payouts on the Earnings tab', () => {
  const session = useBrowser();

  it('a tutor adds an M-Pesa number, changes it with the password, withdraws, and sees the payout paid', async () => {
    const tutor = await createUser('tutor', { firstName: 'Wanjiru-Nyambura Kariuki-Otieno' });
    const { page } = session;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Earnings' }).click();

    const card = page.getByRole('region', { name: 'Payout details' });
    await until(() => card.getByText('Add where we send your earnings').isVisible()).toBe(true);
    await shoot(page, 'payout-details-empty', card);
    await card.getByRole('button', { name: 'Add payout details' }).click();

    // A number that is not Kenyan is refused beside the field, before anything is sent.
    await card.getByLabel('M-Pesa number').fill('0812 345 678');
    await card.getByLabel('Name on the M-Pesa account').fill('Wanjiru Kariuki');
    await card.getByLabel('Your password').fill(tutor.password);
    await card.getByRole('button', { name: 'Save payout details' }).click();
    await until(() => card.getByText('Enter a Kenyan M-Pesa number, for example 0712 345 678 or +254 712 345 678').isVisible()).toBe(true);
    await shoot(page, 'payout-details-form', card);
    expect(await checkAxeOnce(page, 'payout details form')).toEqual([]);

    await card.getByLabel('M-Pesa number').fill('0722 345 679');
    await card.getByRole('button', { name: 'Save payout details' }).click();
    await until(() => card.getByText('07•• ••• 679').isVisible()).toBe(true);
    expect(await card.innerText()).not.toContain('0722 345 679');
    await shoot(page, 'payout-details-saved', card);

    // Change: a wrong password is refused and the old number stays.
    await card.getByRole('button', { name: 'Change' }).click();
    await card.getByLabel('M-Pesa number').fill('0110 222 333');
    await card.getByLabel('Your password').fill('not-my-password');
    await card.getByRole('button', { name: 'Save payout details' }).click();
    await until(() => card.getByText('That password is not right. Your payout details were not changed.').isVisible()).toBe(true);

    await card.getByLabel('Your password').fill(tutor.password);
    await card.getByRole('button', { name: 'Save payout details' }).click();
    await until(() => card.getByText('01•• ••• 333').isVisible()).toBe(true);
    await until(() => card.getByText('07•• ••• 679').count()).toBe(0);

    // Money to pay out: identity approved, and a course sold three days ago (past the dispute window):
    // KSh 2,000 less the 15 % fee.
    await verifyThroughKyc(tutor);
    await recordPayment({
      reference: `course-${randomUUID()}`, purpose: 'course', tutorId: tutor.userId, courseId: `c-${randomUUID()}`,
      amountMinor: 200_000, paidAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    await releaseDueEarnings(new Date());
    await page.reload();
    await page.getByRole('tab', { name: 'Earnings' }).click();
    const payouts = page.getByRole('region', { name: 'Payouts' });
    // Nothing moves on the first tap: the amount and where it goes are confirmed first.
    await payouts.getByRole('button', { name: 'Withdraw KSh 1,700' }).click();
    const confirm = page.getByRole('dialog', { name: 'Withdraw now?' });
    await until(() => confirm.getByText('Withdraw KSh 1,700 to M-Pesa 01•• ••• 333?').isVisible()).toBe(true);
    await shoot(page, 'payouts-confirm', confirm);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await confirm.isVisible()).toBe(false);
    expect((await expectOk(callApi('getMyPayouts', { token: tutor.accessToken }), 'payouts')).payouts).toEqual([]);
    await payouts.getByRole('button', { name: 'Withdraw KSh 1,700' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await until(() => payouts.getByText('Processing').isVisible()).toBe(true);
    await shoot(page, 'payouts-processing', payouts);

    // Paystack reports the transfer done (the sandbox's transfer.success webhook, signed).
    const [payout] = (await expectOk(callApi('getMyPayouts', { token: tutor.accessToken }), 'payouts')).payouts;
    const sent = await fetch(`${stack().sandboxUrls.paystack}/__sandbox/transfers/${payout!.reference}/success`, {
      method: 'POST', headers: { authorization: `Bearer ${LOCAL_PAYSTACK_SECRET_KEY}`, 'content-type': 'application/json' }, body: '{}',
    });
    expect(sent.status).toBe(200);
    await until(async () => (await expectOk(callApi('getMyPayouts', { token: tutor.accessToken }), 'payouts')).payouts[0]?.status).toBe('paid');
    await page.reload();
    await page.getByRole('tab', { name: 'Earnings' }).click();
    await until(() => payouts.getByText('Paid', { exact: true }).isVisible()).toBe(true);
    expect(await payouts.getByRole('button', { name: 'Withdraw', exact: true }).isDisabled()).toBe(true);
    await shoot(page, 'payouts-paid', payouts);

    // In Kiswahili, the same card reads in Kiswahili.
    await page.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await page.reload();
    const swCard = page.getByRole('region', { name: 'Maelezo ya malipo yako' });
    await until(() => swCard.getByText('01•• ••• 333').isVisible()).toBe(true);
    expect(await swCard.innerText()).toContain('Badilisha');
    await shoot(page, 'payout-details-saved-sw', swCard);
    await swCard.getByRole('button', { name: 'Badilisha' }).click();
    await swCard.getByRole('radio', { name: 'Akaunti ya benki' }).check();
    await until(() => swCard.getByLabel('Benki', { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'payout-details-form-sw', swCard);
  });

  it('Withdraw is offered as soon as payout details are saved, without a reload', async () => {
    const tutor = await createUser('tutor', { firstName: 'Akinyi' });
    await verifyThroughKyc(tutor);
    await recordPayment({
      reference: `course-${randomUUID()}`, purpose: 'course', tutorId: tutor.userId, courseId: `c-${randomUUID()}`,
      amountMinor: 200_000, paidAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    await releaseDueEarnings(new Date());
    const { page } = session;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Earnings' }).click();
    const payouts = page.getByRole('region', { name: 'Payouts' });
    const withdrawButton = payouts.getByRole('button', { name: 'Withdraw KSh 1,700' });
    await until(() => payouts.getByText('Add your payout details (M-Pesa number or bank account) to withdraw.').isVisible()).toBe(true);
    expect(await withdrawButton.isDisabled()).toBe(true);

    const card = page.getByRole('region', { name: 'Payout details' });
    await card.getByRole('button', { name: 'Add payout details' }).click();
    await card.getByLabel('M-Pesa number').fill('0733 345 681');
    await card.getByLabel('Name on the M-Pesa account').fill('Akinyi User');
    await card.getByLabel('Your password').fill(tutor.password);
    await card.getByRole('button', { name: 'Save payout details' }).click();
    await until(() => card.getByText('07•• ••• 681').isVisible()).toBe(true);
    await until(() => withdrawButton.isEnabled()).toBe(true);
    expect(await payouts.getByText('Add your payout details (M-Pesa number or bank account) to withdraw.').count()).toBe(0);
  });
});
