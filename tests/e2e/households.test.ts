/**
 * A parent's children in the browser, on a phone: a parent signs up as Parent, finds My children
 * in the header, adds two children, edits one and removes the other; and the page in Kiswahili.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CURRICULUM_LABELS, gradeName } from '../../functions/households/grades-catalog.js';
import { createUser, uniqueEmail } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { visibleTextNotIn } from '../support/i18n-check.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function fillChild(page: Page, child: { first: string; last: string; curriculum: string; grade: string; subject?: string }, labels = {
  first: 'First name', last: 'Last name', curriculum: 'Curriculum', grade: 'Grade',
}) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labels.first).fill(child.first);
  await dialog.getByLabel(labels.last).fill(child.last);
  await dialog.getByLabel(labels.curriculum).selectOption(child.curriculum);
  await dialog.getByLabel(labels.grade).selectOption(child.grade);
  if (child.subject) await dialog.getByLabel(child.subject, { exact: true }).check();
}

describe('my children', () => {
  const s = useBrowser();

  it('a parent signs up as Parent, adds two children, edits one and removes the other', async () => {
    const { page } = s;
    const email = uniqueEmail('e2e-parent');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('I am a').selectOption('parent');
    await page.getByLabel('First Name').fill('Njeri');
    await page.getByLabel('Last Name').fill('Mwangi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('family-kenya-1');
    await page.getByLabel('Confirm Password').fill('family-kenya-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByLabel('Confirmation code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/parent-dashboard');

    await page.getByRole('link', { name: 'My children' }).first().click();
    await page.waitForURL('**/my-children');
    await until(() => page.getByText('No children yet').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add a child' }).click();
    // The contract's rule, before anything is sent: a grade of the chosen curriculum.
    await page.getByRole('dialog').getByRole('button', { name: 'Add child' }).click();
    await until(() => page.getByRole('dialog').getByText('Enter the first name').isVisible()).toBe(true);
    await fillChild(page, { first: 'Amani', last: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subject: 'Mathematics' });
    await page.getByRole('dialog').getByRole('button', { name: 'Add child' }).click();
    const amani = page.getByRole('listitem', { name: 'Amani Mwangi' });
    await until(() => amani.isVisible()).toBe(true);
    expect(await amani.innerText()).toContain('Grade 7 · Junior School');

    await page.getByRole('button', { name: 'Add a child' }).click();
    await fillChild(page, { first: 'Zawadi', last: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subject: 'Chemistry' });
    await page.getByRole('dialog').getByLabel('School (optional)').fill('Alliance Girls');
    await page.getByRole('dialog').getByRole('button', { name: 'Add child' }).click();
    const zawadi = page.getByRole('listitem', { name: 'Zawadi Mwangi' });
    await until(() => zawadi.isVisible()).toBe(true);
    expect(await zawadi.innerText()).toMatch(/Form 4[\s\S]*School: Alliance Girls[\s\S]*Chemistry/);
    await until(() => page.getByText('2 of 10 children').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'my children')).toEqual([]);

    // The header's child picker: the first child until another is chosen, remembered on this device.
    const picker = page.getByRole('banner').getByLabel('The child you are booking and learning for');
    await until(() => picker.inputValue().then((id) => picker.locator(`option[value="${id}"]`).innerText())).toBe('For Amani');
    await picker.selectOption({ label: 'For Zawadi' });
    await page.reload();
    await until(() => picker.inputValue().then((id) => picker.locator(`option[value="${id}"]`).innerText())).toBe('For Zawadi');

    await amani.getByRole('button', { name: 'Edit: Amani Mwangi' }).click();
    await page.getByRole('dialog').getByLabel('Grade').selectOption('cbc-grade-8');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await until(() => amani.innerText()).toContain('Grade 8 · Junior School');

    await zawadi.getByRole('button', { name: 'Remove: Zawadi Mwangi' }).click();
    await page.getByRole('dialog', { name: 'Remove Zawadi?' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await until(() => zawadi.count()).toBe(0);
    // A removed child is no longer chosen: the picker falls back to the first.
    await until(() => picker.inputValue().then((id) => picker.locator(`option[value="${id}"]`).innerText())).toBe('For Amani');
    await page.reload();
    await until(() => amani.isVisible()).toBe(true);
    expect(await page.getByRole('listitem', { name: 'Zawadi Mwangi' }).count()).toBe(0);
  });

  it('reads in Kiswahili: the page, the form, the grades and the messages', async () => {
    const { page } = s;
    const parent = await createUser('parent', { firstName: 'Wairimu' });
    await page.goto('/');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await until(() => lang(page)).toBe('sw');
    await signInThroughUiSw(page, parent.email, parent.password);
    await page.goto('/my-children');
    await until(() => page.getByRole('heading', { name: 'Watoto wangu' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Ongeza mtoto' }).first().click();
    await fillChild(page, { first: 'Baraka', last: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-5', subject: 'Hisabati' }, {
      first: 'Jina la kwanza', last: 'Jina la mwisho', curriculum: 'Mtaala', grade: 'Darasa',
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Ongeza mtoto' }).click();
    const baraka = page.getByRole('listitem', { name: 'Baraka Otieno' });
    await until(() => baraka.isVisible()).toBe(true);
    expect(await baraka.innerText()).toContain(gradeName('cbc-grade-5', 'sw'));
    // Every text of ours is Kiswahili; the child's name, grade and curriculum are data.
    // (The toast is the API's own message, from the server's Kiswahili catalog.)
    expect(await visibleTextNotIn(page, 'sw', ['Baraka Otieno', gradeName('cbc-grade-5', 'sw'), CURRICULUM_LABELS.cbc.sw, 'Mtoto ameongezwa.', /Wairimu/])).toEqual([]);
  });
});

/** /auth in Kiswahili: its fields by id (their labels are Kiswahili). */
async function signInThroughUiSw(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  await page.locator('form:has(#signin-email) button[type=submit]').click();
  await page.waitForURL('**/parent-dashboard');
}
