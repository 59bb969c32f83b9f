/**
 * Courses in the browser (phone viewport): a verified tutor creates a course with a thumbnail,
 * adds two lessons and publishes it; a student finds it on /course-dashboard by category and
 * search, enrols (free), completes both lessons and sees 100 %.
 *
 * ALP_SCREENSHOTS=1 also saves the screens to .local/screens/.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { courseMessages } from '../../functions/courses/catalog.js';
import { callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { verifyThroughKyc } from '../support/fixtures.js';
import { noisePng } from '../support/uploads.js';

const dir = mkdtempSync(join(tmpdir(), 'alp-courses-'));
const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

async function shot(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  await page.screenshot({ path: `.local/screens/${name}.png`, fullPage: true });
}

describe('courses', () => {
  const session = useBrowser();

  it('a verified tutor publishes a course with a thumbnail and two lessons; a student finds it, enrols and completes it', async () => {
    const word = `Kilimo${Array.from({ length: 6 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;
    const title = `${word} Farming Basics`;
    const tutor = await createUser('tutor', { firstName: 'Amani' });
    await verifyThroughKyc(tutor);
    const violations: string[] = [];

    const { page } = session;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto('/app/course-creation');
    await page.getByRole('heading', { name: 'Create New Course' }).waitFor();
    violations.push(...await checkAxeOnce(page, 'course creation'));
    await page.getByRole('button', { name: 'Create Course' }).click();
    await page.getByText(courseMessages.titleRequired).waitFor();
    // A title over 120 characters is kept as typed, counted and refused with a reason (not cut).
    const tooLong = `${title} `.padEnd(121, 'x');
    await page.getByLabel('Title').fill(tooLong);
    expect(await page.getByLabel('Title').inputValue()).toHaveLength(121);
    await page.getByText('121 of 120 characters').waitFor();
    await page.getByText(courseMessages.titleTooLong).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByText(`${title.length} of 120 characters`).waitFor();
    expect(await page.getByText(courseMessages.titleTooLong).count()).toBe(0);
    await page.getByLabel('Description').fill('Soil, seeds and water: a practical start for young farmers.');
    await page.getByLabel('Subject').selectOption('Biology');
    await page.getByLabel('Level').selectOption('secondary');
    await page.getByLabel('Category').selectOption('Skills');
    await page.getByLabel('Duration (weeks)').fill('3');
    // A file that is not a JPEG or PNG is refused where it was chosen, saying what is allowed.
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'not a picture');
    await page.getByLabel('Thumbnail image').setInputFiles(notes);
    await page.getByText(courseMessages.thumbnailImage).waitFor();
    const thumbnail = join(dir, 'cover.png');
    writeFileSync(thumbnail, noisePng(64, 36));
    await page.getByLabel('Thumbnail image').setInputFiles(thumbnail);
    expect(await page.getByText(courseMessages.thumbnailImage).count()).toBe(0);
    await page.getByRole('button', { name: 'Create Course' }).click();
    await page.getByText(courseMessages.created).first().waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    const soilText = '## Why soil matters\nHealthy soil is **alive** and *crumbly*.\n- worms\n- roots\n\n[FAO soils](https://www.fao.org/soils) <script>window.ran = 1</script> [bad](javascript:window.ran=2)';
    for (const [lessonTitle, text] of [['Soil', soilText], ['Seeds', 'Choose certified seeds.']] as const) {
      await page.getByLabel('Lesson title').fill(lessonTitle);
      await page.getByLabel('Lesson text').fill(text);
      await page.getByRole('button', { name: 'Add Lesson' }).click();
      await page.locator('.course-lesson-editor').getByText(lessonTitle, { exact: false }).waitFor();
    }
    violations.push(...await checkAxeOnce(page, 'course editor'));
    await shot(page, 'course-editor-390');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('heading', { name: 'Published in the catalogue' }).waitFor();

    const student = await createUser('student');
    const learner = await session.another();
    const sp = learner.page;
    // The course page never asks for what it knows it cannot get: no 403 before enrolling.
    const refused: string[] = [];
    sp.on('response', (response) => {
      if (response.status() === 403) refused.push(new URL(response.url()).pathname);
    });
    await signInThroughUi(sp, student.email, student.password);
    await sp.waitForURL('**/student-dashboard');
    await sp.goto('/course-dashboard');
    await sp.getByRole('button', { name: 'Skills', exact: true }).click();
    await until(() => sp.url()).toContain('category=Skills');
    await sp.getByLabel('Search courses').fill(word.toLowerCase());
    await until(() => sp.url()).toContain(`q=${word.toLowerCase()}`);
    // The search's own answer, not the category's list still on screen (faded) while it loads.
    await until(() => sp.locator('.course-card').count()).toBe(1);
    await sp.locator('.course-grid:not(.is-updating)').waitFor();
    const card = sp.getByRole('link', { name: title });
    violations.push(...await checkAxeOnce(sp, 'course dashboard'));
    await shot(sp, 'course-dashboard-390');
    await card.click();
    await sp.getByRole('heading', { name: title, level: 1 }).waitFor();
    violations.push(...await checkAxeOnce(sp, 'course page'));
    const facts = sp.locator('.course-hero');
    expect(await facts.innerText()).toContain('0 students');
    await sp.getByRole('button', { name: 'Enrol', exact: true }).click();
    await sp.getByText('0% complete').waitFor();
    expect(refused).toEqual([]);
    // The count includes this student at once (not the count cached before enrolling).
    await until(() => facts.innerText()).toContain('1 student');
    await sp.getByRole('heading', { name: 'Soil', level: 3 }).waitFor();
    // Lesson text as formatted text: heading, bold, italics, list, a web link; HTML and javascript: stay text.
    const lesson = sp.locator('.course-lesson');
    await lesson.getByRole('heading', { name: 'Why soil matters', level: 4 }).waitFor();
    expect(await lesson.locator('strong').innerText()).toBe('alive');
    expect(await lesson.locator('em').innerText()).toBe('crumbly');
    expect(await lesson.locator('li').allInnerTexts()).toEqual(['worms', 'roots']);
    expect(await lesson.getByRole('link', { name: 'FAO soils' }).getAttribute('href')).toBe('https://www.fao.org/soils');
    expect(await lesson.getByRole('link', { name: 'bad' }).count()).toBe(0);
    expect(await lesson.innerText()).toContain('<script>window.ran = 1</script>');
    expect(await lesson.innerText()).not.toContain('**');
    expect(await sp.evaluate(() => (window as unknown as { ran?: number }).ran)).toBeUndefined();
    // The product's progress bar, not the browser's.
    expect(await sp.locator('.course-progress progress').evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
    await sp.getByRole('button', { name: 'Mark done' }).click();
    await sp.getByText('50% complete').waitFor();
    await sp.getByRole('button', { name: /Seeds/ }).click();
    await sp.getByRole('button', { name: 'Mark done' }).click();
    await sp.getByText('100% complete (2 of 2)').waitFor();
    // Not a certification program: no certificate is promised or issued.
    expect(await sp.getByText('Your certificate is on its way', { exact: false }).count()).toBe(0);
    violations.push(...await checkAxeOnce(sp, 'lesson viewer'));
    await shot(sp, 'course-learn-390');
    expect(violations).toEqual([]);
  });

  it('on a desktop, the catalogue says when nothing matches and long titles wrap inside their card', async () => {
    const tutor = await createUser('tutor', { firstName: 'Amani' });
    await verifyThroughKyc(tutor);
    const long = `${'Understanding '.repeat(7)}Photosynthesis`.slice(0, 120);
    const token = tutor.accessToken;
    const { course } = await expectOk(callApi('createCourse', {
      token, body: { title: long, description: 'Light, water and carbon dioxide.', subject: 'Biology', level: 'primary', category: 'University', price: 1250.5, durationWeeks: 12 },
    }), 'create');
    await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: { title: 'Leaves' } }), 'lesson');
    await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish');

    const { page } = await session.another({ viewport: { width: 1280, height: 900 } });
    await page.goto('/course-dashboard?category=University');
    await page.getByRole('link', { name: long }).waitFor();
    await page.getByRole('button', { name: 'More Filters' }).click();
    await page.getByLabel('Price').selectOption('paid');
    await until(() => page.url()).toContain('price=paid');
    await page.getByRole('link', { name: long }).waitFor();
    await page.locator('.course-grid:not(.is-updating)').waitFor();
    const card = await page.locator('.course-card').first().boundingBox();
    expect(card!.width).toBeLessThan(640);
    const violations = await checkAxeOnce(page, 'course dashboard with filters');
    await shot(page, 'course-dashboard-1280');
    await page.getByLabel('Search courses').fill('zzqxnothing');
    await page.getByRole('heading', { name: 'No courses found' }).waitFor();
    violations.push(...await checkAxeOnce(page, 'course dashboard empty'));
    await shot(page, 'course-dashboard-empty-1280');
    await page.goto(`/courses/${course.id}`);
    await page.getByRole('link', { name: 'Sign in to Enrol' }).waitFor();
    await page.getByText('KSh 1,250.50').waitFor();
    violations.push(...await checkAxeOnce(page, 'course page signed out'));
    await shot(page, 'course-page-1280');
    await page.goto('/courses/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Course Not Found' }).waitFor();
    expect(violations).toEqual([]);
  });
});
