/**
 * Subject landing pages on a phone (390 px): /tutors/mathematics lists the tutors of that subject
 * under a title and meta description of its own, in English and in Kiswahili (the browser's
 * language); an exam page (/tutors/kcse-…) lists only tutors who stated a grade of its
 * curriculum, and links its grade pages (/tutors/kcse-chemistry/844-form-4: tutors who stated that
 * grade); the landing page's subject links lead there.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectOk, baseUrl } from '../support/api.js';
import { useBrowser } from '../support/browser.js';
import en from '../../frontend/src/features/tutors/subject-page/i18n/en.json' with { type: 'json' };
import sw from '../../frontend/src/features/tutors/subject-page/i18n/sw.json' with { type: 'json' };

const until = <T>(probe: () => Promise<T> | T, timeout = 10_000) => expect.poll(probe, { timeout });
const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function tutorsOf(query: { subject: string; curriculum?: string; grade?: string }) {
  const { tutors } = await expectOk(callApi('browseTutors', { query: query as never }), 'browse');
  return tutors;
}

describe('subject landing pages', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('/tutors/mathematics: its tutors, its own title and description (English), reached from the landing page', async () => {
    const expected = await tutorsOf({ subject: 'Mathematics' });
    expect(expected.length).toBeGreaterThan(0);
    const { page } = s;
    await page.goto('/');
    await page.locator('a[href="/tutors/mathematics"]').first().click();
    await page.waitForURL('**/tutors/mathematics');
    const title = en.title.replace('{subject}', 'Mathematics');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    await until(() => page.title()).toBe(`${title} · Africa's Learning Platform`);
    expect(await description(page)).toBe(en.description.replace('{subject}', 'Mathematics'));
    const first = expected[0]!;
    await until(() => page.getByRole('heading', { name: `${first.firstName} ${first.lastName}` }).isVisible()).toBe(true);
    await until(() => page.locator('.tutor-grid > li').count()).toBe(expected.length);
    expect(await fitsPhone(page)).toBe(true);
  });

  it('/tutors/kcse-mathematics in Kiswahili: only tutors of the KCSE (8-4-4) grades, Kiswahili title and description', async () => {
    const expected = await tutorsOf({ subject: 'Mathematics', curriculum: '8-4-4' });
    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'sw-KE', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto('/tutors/kcse-mathematics');
      const values = (text: string) => text.replace('{subject}', 'Hisabati').replace('{exam}', 'KCSE');
      await until(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(values(sw.titleExam));
      await until(() => page.title()).toBe(`${values(sw.titleExam)} · Africa's Learning Platform`);
      expect(await description(page)).toBe(values(sw.descriptionExam));
      if (expected.length === 0) {
        await until(() => page.getByText(sw['empty.title']).isVisible()).toBe(true);
      } else {
        const first = expected[0]!;
        await until(() => page.getByRole('heading', { name: `${first.firstName} ${first.lastName}` }).isVisible()).toBe(true);
        // The page the server sent may be a render behind a tutor another test just added: the app's own read catches up.
        await until(() => page.locator('.tutor-grid > li').count()).toBe(expected.length);
      }
      expect(await fitsPhone(page)).toBe(true);
      await page.goto('/tutors/no-such-subject');
      await until(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(sw['notFound.title']);
    } finally {
      await context.close();
    }
  });

  it('a grade page under an exam page: /tutors/kcse-chemistry → Form 4 lists only tutors who stated Form 4; Kiswahili; a grade of another curriculum is not found', async () => {
    const expected = await tutorsOf({ subject: 'Chemistry', grade: '844-form-4' });
    const { page } = s;
    await page.goto('/tutors/kcse-chemistry');
    const byGrade = page.getByRole('navigation', { name: en.byGrade });
    await until(() => byGrade.getByRole('link').count()).toBe(4);
    await byGrade.getByRole('link', { name: 'Form 4' }).click();
    await page.waitForURL('**/tutors/kcse-chemistry/844-form-4');
    const values = (text: string, grade: string, subject: string, exam = 'KCSE') => text.replace('{grade}', grade).replace('{subject}', subject).replace('{exam}', exam);
    const title = values(en.titleGrade, 'Form 4', 'Chemistry');
    await until(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    await until(() => page.title()).toBe(`${title} · Africa's Learning Platform`);
    expect(await description(page)).toBe(values(en.descriptionGrade, 'Form 4', 'Chemistry'));
    expect(await byGrade.getByRole('link', { name: 'Form 4' }).getAttribute('aria-current')).toBe('page');
    if (expected.length === 0) {
      await until(() => page.getByText(en['empty.title']).isVisible()).toBe(true);
    } else {
      await until(() => page.getByRole('heading', { name: `${expected[0]!.firstName} ${expected[0]!.lastName}` }).isVisible()).toBe(true);
      await until(() => page.locator('.tutor-grid > li').count()).toBe(expected.length);
    }
    expect(await fitsPhone(page)).toBe(true);
    await page.goto('/tutors/kcse-chemistry/cbc-grade-7');
    await until(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(en['notFound.title']);

    const context = await s.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'sw-KE', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      const swPage = await context.newPage();
      await swPage.goto('/tutors/cbc-mathematics/cbc-grade-7');
      await until(() => swPage.getByRole('heading', { level: 1 }).innerText()).toBe(values(sw.titleGrade, 'Gredi ya 7', 'Hisabati', 'CBC'));
      expect(await fitsPhone(swPage)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
