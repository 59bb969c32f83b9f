/**
 * Paying by M-Pesa prompt on a phone, as a payer lives it: the prompt cancelled on the phone and
 * sent again, the phone unreachable, then (after two failures) the card page offered first, and
 * the prompt answered with the PIN; the page goes on to the payment's own page by itself.
 */
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts } from '../support/fixtures.js';
import { answerOnPhone, payBillOnPhone } from '../support/pay.js';
import en from '../../frontend/src/features/bookings/i18n/pay.en.json' with { type: 'json' };
import sw from '../../frontend/src/features/bookings/i18n/pay.sw.json' with { type: 'json' };

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

describe('paying by M-Pesa prompt', () => {
  const s = useBrowser();

  it('a cancelled and an unreachable prompt say so and can be sent again; the card page comes first after two; the PIN pays', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1200 });
    const student = await createUser('student', { phone: '+254711222333' });
    const [start] = await freeStarts(tutor.userId);
    const { booking } = (await book(student, tutor.userId, start!)).body;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');

    await page.goto(`/pay/${booking.id}`);
    await until(() => page.getByRole('heading', { name: 'Pay for your lesson' }).isVisible()).toBe(true);
    // The profile's number is offered; the card page is the second choice.
    expect(await page.getByLabel('M-Pesa phone number').inputValue()).toBe('+254711222333');
    expect(await page.getByText('Pay by card, or by M-Pesa on Paystack\'s secure page.').isVisible()).toBe(true);
    await page.screenshot({ path: '.local/pay-page-390.png', fullPage: true });

    await page.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
    await until(() => page.getByText('Check your phone and enter your M-Pesa PIN.').isVisible()).toBe(true);
    await answerOnPhone(page, '254711222333', 'Cancel');
    await until(() => page.getByRole('alert').filter({ hasText: 'The prompt was cancelled on the phone. Nothing was charged.' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'M-Pesa prompt cancelled')).toEqual([]);

    await page.getByRole('button', { name: 'Send the prompt again' }).click();
    await until(() => page.getByText('Check your phone and enter your M-Pesa PIN.').isVisible()).toBe(true);
    await answerOnPhone(page, '254711222333', 'Phone unreachable');
    await until(() => page.getByText(/Your phone could not be reached/).isVisible()).toBe(true);
    // Two failures: the other ways to pay come first, saying why.
    await until(() => page.getByText('The prompt did not work twice.', { exact: false }).isVisible()).toBe(true);
    await page.screenshot({ path: '.local/pay-page-two-failures-390.png', fullPage: true });

    await page.getByRole('button', { name: 'Send the prompt again' }).click();
    await until(() => page.getByText('Check your phone and enter your M-Pesa PIN.').isVisible()).toBe(true);
    await answerOnPhone(page, '254711222333', 'Enter PIN and pay');
    await page.waitForURL('**/payment-callback?**');
    await until(() => page.getByText('Payment Successful!').isVisible()).toBe(true);

    // Paid: the payment page now says so instead of offering to pay.
    await page.goto(`/pay/${booking.id}`);
    await until(() => page.getByRole('heading', { name: 'Already paid' }).isVisible()).toBe(true);
  });

  it('reads in Kiswahili, and refuses a number that is not an M-Pesa one beside the field', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1000 });
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    const { booking } = (await book(student, tutor.userId, start!)).body;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.getByRole('button', { name: 'SW' }).click();
    await page.goto(`/pay/${booking.id}`);
    await until(() => page.getByRole('heading', { name: 'Lipia somo lako' }).isVisible()).toBe(true);
    await page.getByLabel('Nambari ya simu ya M-Pesa').fill('0812 345 678');
    await page.getByRole('button', { name: 'Tuma ombi la M-Pesa' }).click();
    await until(() => page.getByText('Weka nambari ya M-Pesa ya Safaricom, kwa mfano 0712 345 678').isVisible()).toBe(true);
    await page.screenshot({ path: '.local/pay-page-sw-390.png', fullPage: true });
  });

  it.each([['en', en], ['sw', sw]] as const)('after two failed prompts, Paybill shows the business number and account number; paying them in M-Pesa\'s menu shows success (%s)', async (language, text) => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1500 });
    const student = await createUser('student', { phone: '+254722333444' });
    const [start] = await freeStarts(tutor.userId);
    const { booking } = (await book(student, tutor.userId, start!)).body;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    if (language === 'sw') await page.getByRole('button', { name: 'SW' }).click();
    await page.goto(`/pay/${booking.id}`);
    await until(() => page.getByRole('heading', { name: text.title }).isVisible()).toBe(true);
    // Before any failure, no Paybill.
    expect(await page.getByRole('heading', { name: text['paybill.title'] }).count()).toBe(0);

    await page.getByRole('button', { name: text['mpesa.send'] }).click();
    await until(() => page.getByText(text['mpesa.waiting']).isVisible()).toBe(true);
    await answerOnPhone(page, '254722333444', 'Cancel');
    await until(() => page.getByText(text['mpesa.cancelled']).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: text['paybill.title'] }).count()).toBe(0);
    await page.getByRole('button', { name: text['mpesa.again'] }).click();
    await until(() => page.getByText(text['mpesa.waiting']).isVisible()).toBe(true);
    await answerOnPhone(page, '254722333444', 'Phone unreachable');
    await until(() => page.getByRole('heading', { name: text['paybill.title'] }).isVisible()).toBe(true);
    // The card checkout is offered beside it.
    expect(await page.getByRole('button', { name: text['card.pay'] }).isVisible()).toBe(true);

    await page.getByRole('button', { name: text['paybill.show'] }).click();
    const business = page.locator('.paybill-row').filter({ hasText: text['paybill.business'] }).locator('.paybill-value');
    const account = page.locator('.paybill-row').filter({ hasText: text['paybill.account'] }).locator('.paybill-value');
    await until(() => business.isVisible()).toBe(true);
    expect(await business.textContent()).toBe('4084333');
    const accountNumber = (await account.textContent())!;
    expect(accountNumber).toMatch(/^\d{7}$/);
    expect(await page.getByRole('button', { name: text['paybill.copyLabel'].replace('{what}', text['paybill.account']) }).isVisible()).toBe(true);
    expect(await page.getByText(text['paybill.step1']).isVisible()).toBe(true);
    expect(await page.getByText(text['paybill.waiting']).isVisible()).toBe(true);
    // Nothing sticks out of a 390 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await checkAxeOnce(page, `Paybill details (${language})`)).toEqual([]);
    await page.screenshot({ path: `.local/pay-page-paybill-${language}-390.png`, fullPage: true });

    await payBillOnPhone(page, '4084333', accountNumber);
    await page.waitForURL('**/payment-callback?**', { timeout: 30_000 });
    await page.goto(`/pay/${booking.id}`);
    await until(() => page.getByRole('heading', { name: text['paid.title'] }).isVisible()).toBe(true);
  });
});
