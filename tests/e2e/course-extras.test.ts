/**
 * Course extras in the browser: a signed-out visitor downloads an exam pack from /course-dashboard
 * and sees its count go up; a tutor edits one lesson's text and deletes another.
 *
 * ALP_SCREENSHOTS=1 also saves the screens (390 px and 1280 px) to .local/screens/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXAM_PACKS } from '../../functions/exampacks/catalog.js';
import { callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { verifyThroughKyc } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

/** Saves the page at its size, then (screenshots only) at desktop width too. */
async function shots(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  const size = page.viewportSize()!;
  await page.screenshot({ path: `.local/screens/${name}-${size.width}.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `.local/screens/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(size);
}

describe('course extras', () => {
  const session = useBrowser();

  it('a visitor downloads an exam pack and sees its download count go up', async () => {
    const { page } = session;
    const [pack] = EXAM_PACKS;
    await page.goto('/course-dashboard');
    const card = page.locator('.exam-pack').filter({ has: page.getByRole('heading', { name: pack.title }) });
    const count = card.getByTestId('exam-pack-downloads');
    await count.waitFor();
    const before = Number((await count.textContent())!.split(' ')[0]);
    await expect(card.getByText(/^PDF, \d+(\.\d)? KB$/).count()).resolves.toBe(1);
    const violations = await checkAxeOnce(page, 'exam packs');
    await shots(page, 'exam-packs');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /^Download/ }).click()]);
    expect(download.suggestedFilename()).toBe(pack.fileName);
    const saved = readFileSync((await download.path())!);
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Others may download at the same time: the count shown is at least one more.
    await until(async () => Number((await count.textContent())!.split(' ')[0])).toBeGreaterThan(before);
    expect(page.url()).toContain('/course-dashboard');
    expect(violations).toEqual([]);
  });

  it('a tutor edits a lesson\'s text and deletes another lesson', async () => {
    const tutor = await createUser('tutor');
    await verifyThroughKyc(tutor);
    const token = tutor.accessToken;
    const { course } = await expectOk(callApi('createCourse', {
      token, body: { title: 'Fractions Without Fear', description: 'Halves, quarters and more.', subject: 'Mathematics', level: 'primary', category: 'Skills', price: null, durationWeeks: 2 },
    }), 'create');
    const params = { courseId: course.id };
    for (const title of ['What a fraction is', 'Adding fractions', 'A lesson to remove']) {
      await expectOk(callApi('addCourseLesson', { token, params, body: { title, text: `About ${title.toLowerCase()}.` } }), 'lesson');
    }

    const { page } = session;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto(`/app/course-creation?course=${course.id}`);
    await page.getByRole('heading', { name: 'Fractions Without Fear' }).waitFor();

    await page.getByRole('button', { name: 'Edit Adding fractions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit lesson' });
    await dialog.getByLabel('Lesson text').fill('Make the bottoms the same, then add the tops.');
    const violations = await checkAxeOnce(page, 'edit lesson dialog');
    await shots(page, 'lesson-editor');
    await dialog.getByRole('button', { name: 'Save Lesson' }).click();
    await page.getByText('Lesson saved').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete A lesson to remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete lesson?' });
    violations.push(...await checkAxeOnce(page, 'delete lesson dialog'));
    await confirm.getByRole('button', { name: 'Delete Lesson' }).click();
    await page.getByText('Lesson deleted').first().waitFor();
    await until(() => page.locator('.course-lesson-editor li').count()).toBe(2);

    const { course: stored } = await expectOk(callApi('getMyCourse', { token, params }), 'reload');
    expect(stored.lessons.map((l) => [l.title, l.text])).toEqual([
      ['What a fraction is', 'About what a fraction is.'],
      ['Adding fractions', 'Make the bottoms the same, then add the tops.'],
    ]);
    expect(violations).toEqual([]);
  });
});
