/**
 * A 15-year-old signs up alone on a phone (390 px): the form insists on the year of birth, then
 * asks for a parent, the account waits (no booking); the parent opens the e-mailed link in
 * Kiswahili, signs in as a Parent, comes back to the page, picks the grade and approves; the
 * child has a card on the parent's dashboard and the student is then a linked learner.
 */
import { describe, expect, it } from 'vitest';
import { createUser, sentEmails, uniqueEmail } from '../support/api.js';
import { useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

describe('an under-18 solo sign-up', () => {
  const s = useBrowser();

  it('waits for the parent, who approves from the e-mailed link; the child is then their learner', async () => {
    const { page } = s;
    const parent = await createUser('parent', { firstName: 'Wanjiku' });
    const email = uniqueEmail('e2e-minor');
    const birthYear = String(new Date().getUTCFullYear() - 15);

    await page.goto('/auth?tab=signup&as=student');
    await page.getByLabel('First Name').fill('Baraka');
    await page.getByLabel('Last Name').fill('Otieno');
    await page.getByLabel('Email', { exact: true }).fill(email);
    expect(await page.locator('#signup-parent').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill('family-kenya-1');
    await page.getByLabel('Confirm Password').fill('family-kenya-1');
    // Leaving the year out does not skip the parent: the form asks for it, under the field, on the phone's width.
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    const yearError = page.locator('#signup-birth-year-error');
    await until(() => yearError.textContent()).toBe('Please enter your year of birth');
    expect(await page.getByLabel('Year of birth').getAttribute('aria-invalid')).toBe('true');
    const box = await yearError.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Year of birth').fill(birthYear);
    await until(() => page.getByText('You are under 18, so a parent approves your account.', { exact: false }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await until(() => page.getByText("Under 18, please enter your parent's e-mail address").isVisible()).toBe(true);
    await page.getByLabel("Parent's email").fill(parent.email);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByLabel('Confirmation code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/student-dashboard');
    await until(() => page.getByText("Waiting for your parent's approval").isVisible()).toBe(true);
    // Nothing on the phone's page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Booking says why it is closed instead of failing.
    await page.goto('/book-tutor/any-tutor');
    await until(() => page.getByRole('button', { name: 'Send the link again' }).isVisible()).toBe(true);

    let mails: Awaited<ReturnType<typeof sentEmails>> = [];
    await until(async () => {
      mails = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(parent.email));
      return mails.length;
    }).toBeGreaterThan(0);
    const link = /https?:\/\/\S+\/parent-approval#[A-Za-z0-9_-]+/.exec(mails.at(-1)!.body)?.[0];
    expect(link).toBeDefined();

    const mum = await s.another();
    await mum.page.goto('/');
    await mum.page.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await mum.page.goto(new URL(link!).pathname + new URL(link!).hash);
    await until(() => mum.page.getByRole('heading', { name: 'Idhinisha akaunti ya mtoto wako' }).isVisible()).toBe(true);
    expect(await mum.page.locator('#approval-asks').innerText()).toContain('Baraka Otieno');
    await mum.page.evaluate(() => localStorage.setItem('alp.language', 'en'));
    await mum.page.getByRole('link', { name: 'Ingia kama Mzazi' }).click();
    await mum.page.getByLabel(/Email|Barua pepe/).first().fill(parent.email);
    await mum.page.getByLabel(/Password|Nenosiri/, { exact: false }).first().fill(parent.password);
    await mum.page.locator('form button[type="submit"]').first().click();
    await mum.page.waitForURL('**/parent-approval');
    await mum.page.locator('#approval-curriculum').selectOption('cbc');
    await mum.page.locator('#approval-grade').selectOption('cbc-grade-10');
    await mum.page.locator('.approval-form button[type="submit"]').click();
    await until(() => mum.page.getByRole('heading', { name: 'Imeidhinishwa' }).isVisible()).toBe(true);
    // The parent goes on to their dashboard: the child they just approved has a card there, titled
    // with the first name only (the full name is on My children, not on the card).
    await mum.page.getByRole('link', { name: 'Nenda kwenye dashibodi yako' }).click();
    await mum.page.waitForURL('**/parent-dashboard');
    await until(() => mum.page.getByTestId('learner-card').getByRole('heading', { name: 'Baraka' }).isVisible()).toBe(true);

    await page.goto('/student-dashboard');
    await page.reload();
    await until(() => page.getByText('Your parent books and pays for your lessons', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByText("Waiting for your parent's approval").count()).toBe(0);
  });

  it('what was typed in the student-only boxes does not hold back a Parent sign-up once they are hidden', async () => {
    const { page } = s;
    await page.goto('/auth?tab=signup&as=student');
    await page.getByLabel('First Name').fill('Njeri');
    await page.getByLabel('Last Name').fill('Mwangi');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('e2e-changed-mind'));
    await page.getByLabel('Year of birth').fill(String(new Date().getUTCFullYear() - 14));
    await page.getByLabel("Parent's email").fill('not-an-address');
    await page.getByLabel('Year of birth').fill('19B5');
    await page.getByLabel('Password', { exact: true }).fill('family-kenya-1');
    await page.getByLabel('Confirm Password').fill('family-kenya-1');
    // She is the parent, not the student: the year and the parent's e-mail are no longer asked.
    await page.getByLabel('I am a').selectOption('parent');
    expect(await page.getByLabel('Year of birth').count()).toBe(0);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await until(() => page.getByLabel('Confirmation code').isVisible()).toBe(true);
  });
});
