/**
 * The HTTP client's own texts (shared/messages) before the Kiswahili catalog of them has loaded:
 * English from the built catalog, not a crash. A visitor whose sign-in lapsed comes back from
 * Paystack to the payment page in Kiswahili: it says the payment could not be verified, and what
 * went wrong is "Not authenticated" (the client's refusal), not a TypeError.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';

describe('the HTTP client’s texts in Kiswahili', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('a signed-out visitor on the payment page in Kiswahili is told it failed, with the client’s own reason', async () => {
    const { page } = s;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
    await page.addInitScript(() => localStorage.setItem('alp.language', 'sw'));
    await page.goto('/payment-callback?reference=alp-signed-out');
    await expect.poll(() => page.getByRole('heading', { name: 'Malipo Hayakufaulu' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(problems.filter((text) => text.includes('TypeError'))).toEqual([]);
    expect(problems.some((text) => text.includes('Payment verification failed') && text.includes('Not authenticated'))).toBe(true);
    // The way to see it: sign in with the paying account, and come back to this payment.
    expect(await page.getByText('Ingia kwa akaunti iliyolipa ili kuona malipo haya.').isVisible()).toBe(true);
    await page.locator('.callback-card').getByRole('link', { name: 'Ingia', exact: true }).click();
    await page.waitForURL('**/auth');
  });

  it('in English too, the signed-out payer is offered Sign In', async () => {
    const { page } = s;
    await page.goto('/payment-callback?reference=alp-signed-out');
    await expect.poll(() => page.getByRole('heading', { name: 'Payment Failed' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByText('Sign in with the account that paid to see this payment.').isVisible()).toBe(true);
    expect(await page.locator('.callback-card').getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(1);
  });
});
