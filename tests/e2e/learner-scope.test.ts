/**
 * A parent learning for a child in the browser, on a phone: the header's picker chooses the
 * younger child, a quiz played then counts in that child's Recent Scores and not the other's; a
 * course that child completes gives a certificate in the child's name.
 *
 * ALP_LEARN_SHOTS=<dir> also saves 390 px screenshots, to review by eye.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { verifyThroughKyc } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

async function shot(page: Page, name: string) {
  const dir = process.env.ALP_LEARN_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
}

async function programCourse(title: string) {
  const tutor = await createUser('tutor', { firstName: 'Nyambura' });
  await verifyThroughKyc(tutor);
  const token = tutor.accessToken;
  const { course } = await expectOk(callApi('createCourse', {
    token,
    body: { title, description: 'Fractions for everyday sums.', subject: 'Computer Science', level: 'professional', category: 'Skills', price: null, durationWeeks: 1, certificationProgram: true },
  }), 'create');
  await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: { title: 'Halves', text: 'One of two equal parts.' } }), 'lesson');
  await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish');
  return course.id;
}

describe('learning for a chosen child', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('a parent picks the younger child, plays a quiz, sees the score under that child only, and gets a certificate in the child\'s name', async () => {
    const { page } = s;
    const parent = await createUser('parent', { firstName: 'Njeri' });
    for (const child of [
      { firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: [] },
      { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: [] },
    ] as const) {
      await expectOk(callApi('addLearner', { token: parent.accessToken, body: { ...child, subjects: [] } }), 'add');
    }
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    const picker = page.getByRole('banner').getByLabel('The child you are booking and learning for');
    await picker.selectOption({ label: 'For Amani' });

    await page.goto('/ai-learning?subject=History');
    await page.getByText('Question 1 of 10').waitFor();
    for (let n = 1; n <= 10; n++) {
      await page.keyboard.press('a');
      await page.locator('.ai-verdict').waitFor();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('heading', { name: /^Game completed! Final score: \d+$/ }).waitFor();
    await page.getByText('Saved to your progress.').waitFor();

    await page.goto('/student-dashboard');
    const recent = page.getByRole('region', { name: 'Recent Scores' });
    await recent.getByRole('list', { name: 'Recent Scores' }).getByText('History').waitFor();
    expect(await checkAxeOnce(page, 'dashboard for a chosen child')).toEqual([]);
    await shot(page, 'child-dashboard-amani');

    // The other child has played nothing.
    await picker.selectOption({ label: 'For Zawadi' });
    await until(() => recent.innerText()).toContain('No games yet');
    await shot(page, 'child-dashboard-zawadi');

    // Back to the younger child: a course they complete gives a certificate in their name.
    await picker.selectOption({ label: 'For Amani' });
    const title = `Fractions ${randomUUID().slice(0, 6)}`;
    const courseId = await programCourse(title);
    await page.goto(`/courses/${courseId}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Enrol', exact: true }).click();
    await page.getByText('0% complete').waitFor();
    await page.getByRole('button', { name: 'Mark done' }).click();
    await page.getByText('100% complete (1 of 1)').waitFor();
    await page.getByRole('link', { name: 'View certificate' }).click({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();
    await page.getByText('Amani Mwangi').waitFor();
    expect(await page.getByText('Njeri', { exact: false }).count()).toBe(0);
    await shot(page, 'child-certificate');

    // The other child is not enrolled in it and has no certificate.
    await picker.selectOption({ label: 'For Zawadi' });
    await page.goto('/certification?tab=certificates');
    await page.getByRole('heading', { name: 'No certificates yet' }).waitFor();
  });
});
