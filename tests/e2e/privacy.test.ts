/**
 * Privacy and your data in the browser, on a 390 px phone: a parent finds the page in the header,
 * downloads their data (the file holds their children) and deletes one child's data.
 */
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 30_000) => expect.poll(probe, { timeout });

describe('privacy and your data', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('a parent downloads their data and deletes a child\'s data', async () => {
    const { page } = s;
    const parent = await createUser('parent');
    const amani = (await expectOk(callApi('addLearner', { token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: [] } }), 'add')).learner;
    await expectOk(callApi('addLearner', { token: parent.accessToken, body: { firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: [] } }), 'add');
    await signInThroughUi(page, parent.email, parent.password);

    await page.getByRole('link', { name: 'Privacy & data' }).first().click();
    await page.waitForURL('**/account/privacy');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const ready = page.getByRole('link', { name: /^Ready: download \(link valid until / });
    await until(() => ready.isVisible()).toBe(true);
    const archive = await (await page.request.get((await ready.getAttribute('href'))!)).json() as { household: Array<{ learnerId?: string }> };
    expect(archive.household.map((i) => i.learnerId)).toContain(amani.id);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Delete data: Amani Mwangi' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await until(() => page.getByText('Deleting Amani\'s data.').isVisible()).toBe(true);
    await until(async () => {
      await page.reload();
      await page.getByRole('button', { name: 'Delete data: Zawadi Mwangi' }).waitFor();
      return page.getByRole('button', { name: 'Delete data: Amani Mwangi' }).count();
    }).toBe(0);
  });
});
