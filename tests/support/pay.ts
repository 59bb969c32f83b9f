/** Paying in the browser: the app's payment page, the Paystack sandbox's checkout and its M-Pesa phone. */
import type { Page } from 'playwright-core';
import { stack } from './api.js';

/** From the app's payment page (/pay/…) to the sandbox's checkout: card, or M-Pesa on Paystack's page. */
export async function toCardCheckout(page: Page, label = 'Pay by card or on Paystack'): Promise<void> {
  await page.waitForURL('**/pay/**');
  await page.getByRole('button', { name: label }).click();
  await page.waitForURL('**/checkout/**');
}

/**
 * Answers the newest M-Pesa prompt sent to `phone` (2547…) on the sandbox's phone page, in a tab
 * of its own, as a tester does: the PIN, Cancel, …
 */
export async function answerOnPhone(page: Page, phone: string, button: 'Enter PIN and pay' | 'Cancel' | 'Not enough balance' | 'Phone unreachable'): Promise<void> {
  const handset = await page.context().newPage();
  try {
    await handset.goto(`${stack().sandboxUrls.paystack!}/mpesa/${phone}`);
    await handset.getByRole('button', { name: button }).first().click();
    await handset.waitForLoadState();
  } finally {
    await handset.close();
  }
}

/** Pays a Paybill business number with an account reference from the sandbox's M-Pesa Pay Bill menu, in a tab of its own. */
export async function payBillOnPhone(page: Page, businessNumber: string, accountNumber: string): Promise<void> {
  const handset = await page.context().newPage();
  try {
    await handset.goto(`${stack().sandboxUrls.paystack!}/mpesa/paybill`);
    await handset.getByLabel('Business number').fill(businessNumber);
    await handset.getByLabel('Account number').fill(accountNumber);
    await handset.getByRole('button', { name: 'Enter PIN and pay' }).click();
    await handset.getByRole('status').filter({ hasText: 'Paid' }).waitFor();
  } finally {
    await handset.close();
  }
}
