/**
 * Paying for a course in the browser (phone viewport): a student pays for a paid course with
 * M-Pesa on the local Paystack sandbox's checkout page (the course page's "other ways to pay";
 * the in-page prompt is tests/e2e/course-mpesa-prompt.test.ts), comes back to the course page
 * enrolled, opens its first lesson's file through its signed link, and the dashboard counts the enrolment; the tutor's
 * Courses tab shows the enrolment and the revenue. A parent buys a paid course for the child chosen
 * in the header: that child comes back enrolled, the other child is still offered the course.
 *
 * ALP_SCREENSHOTS=1 also saves the screens (390 px and desktop) to .local/screens/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { paidCourse } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });

/** Saves the screen at the phone width it runs at, and at a desktop width. */
async function shots(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `.local/screens/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `.local/screens/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(phone);
}

describe('paying for a course', () => {
  const session = useBrowser();

  it('a student pays by M-Pesa, comes back enrolled, opens the first lesson, and the dashboard counts it', async () => {
    const { course, tutor } = await paidCourse({ title: 'Organic Chemistry: a very long course title that has to wrap on a phone screen' });
    const student = await createUser('student', { firstName: 'Wanjiru' });
    const violations: string[] = [];
    const { page } = session;

    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    const courses = page.getByRole('region', { name: 'Courses' });
    await until(() => courses.locator('.student-course-count-value').textContent()).toBe('0');
    await until(() => courses.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await courses.getByRole('listitem').count()).toBeLessThanOrEqual(3);
    violations.push(...await checkAxeOnce(page, 'student dashboard courses'));
    await shots(page, 'student-dashboard-courses');

    await page.goto(`/courses/${course.id}`);
    const pay = page.getByRole('button', { name: 'Pay KSh 1,500 and Enrol' });
    await pay.waitFor();
    violations.push(...await checkAxeOnce(page, 'paid course, not enrolled'));
    await shots(page, 'course-paid');
    await pay.click();
    // The course's own checkout opens in the page (M-Pesa prompt first); this student takes Paystack's page.
    await page.getByRole('button', { name: 'Pay by card or on Paystack' }).click();

    await page.waitForURL('**/checkout/**');
    await until(() => page.getByText('KES 1,500.00').first().isVisible()).toBe(true);
    await page.getByLabel('M-Pesa').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // The callback verifies and sums up what was bought (paid time on the viewer's clock), then
    // "Go to course" takes the student back to it, enrolled and counted.
    await page.waitForURL('**/payment-callback**');
    const summary = page.locator('.callback-summary');
    await summary.waitFor();
    const facts = await summary.innerText();
    expect(facts).toContain(course.title);
    expect(facts).toContain('KSh 1,500');
    expect(facts).toMatch(/Reference\s*\S+/);
    expect(facts).toMatch(/Paid\s*\w+ \d+ \w+ \d{4}, \d\d:\d\d \(/);
    violations.push(...await checkAxeOnce(page, 'course payment summary'));
    await shots(page, 'course-payment-summary');
    // In Kiswahili the same summary (verified again: the payment is confirmed once), the time after "saa".
    await page.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await page.reload();
    await until(() => page.getByRole('link', { name: 'Nenda kwenye kozi' }).isVisible()).toBe(true);
    expect(await summary.innerText()).toMatch(/Imelipwa\s*.+, saa \d\d:\d\d \(/);
    await shots(page, 'course-payment-summary-sw');
    await page.getByRole('button', { name: 'EN', exact: true }).click();
    await page.getByRole('link', { name: 'Go to course' }).click();
    await page.waitForURL(`**/courses/${course.id}`);
    // Counted at once, though the enrolment count's consumer may not have run yet.
    await until(() => page.locator('.course-hero').innerText()).toContain('1 student');
    await page.getByRole('heading', { name: 'Lessons' }).waitFor();
    await page.getByRole('heading', { name: 'Alkanes and alkenes' }).waitFor();
    await until(() => page.getByText('0% complete (0 of 2)').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Pay .* and Enrol/ }).count()).toBe(0);
    const file = page.getByRole('link', { name: 'Open worksheet.pdf' });
    const href = (await file.getAttribute('href'))!;
    expect(href).toMatch(/X-Amz-Signature=/);
    const download = await page.request.get(href);
    expect(download.status()).toBe(200);
    expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
    violations.push(...await checkAxeOnce(page, 'paid course, enrolled'));
    await shots(page, 'course-enrolled');

    await page.goto('/student-dashboard');
    await until(() => courses.locator('.student-course-count-value').textContent()).toBe('1');

    // The tutor's Courses tab counts the enrolment and the money.
    const tutorSide = await session.another();
    await signInThroughUi(tutorSide.page, tutor.email, tutor.password);
    await tutorSide.page.waitForURL('**/tutor-dashboard');
    await tutorSide.page.goto('/tutor-dashboard?tab=courses');
    const row = tutorSide.page.locator('.course-own', { hasText: course.title });
    await until(() => row.innerText()).toMatch(/Enrolled\s*1 student[\s\S]*Revenue\s*KSh 1,500/);
    violations.push(...await checkAxeOnce(tutorSide.page, 'tutor courses tab with revenue'));
    await shots(tutorSide.page, 'tutor-courses-revenue');
    expect(violations).toEqual([]);
  });

  it('a parent pays for a course for the chosen child, who comes back enrolled; the other child is not', async () => {
    const { course } = await paidCourse({ title: 'Chemistry for one child' });
    const parent = await createUser('parent', { firstName: 'Njeri' });
    for (const firstName of ['Zawadi', 'Amani']) {
      await expectOk(callApi('addLearner', {
        token: parent.accessToken, body: { firstName, lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: [] },
      }), 'add');
    }
    const { page } = session;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    const picker = page.getByRole('banner').getByLabel('The child you are booking and learning for');
    await picker.selectOption({ label: 'For Zawadi' });

    await page.goto(`/courses/${course.id}`);
    await page.getByRole('button', { name: 'Pay KSh 1,500 and Enrol' }).click();
    await page.getByRole('button', { name: 'Pay by card or on Paystack' }).click();
    await page.waitForURL('**/checkout/**');
    await page.getByLabel('M-Pesa').check();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL('**/payment-callback**');
    expect(await page.locator('.callback-summary').innerText()).toContain(course.title);
    await page.getByRole('link', { name: 'Go to course' }).click();
    await page.waitForURL(`**/courses/${course.id}`);
    await until(() => page.getByText('0% complete (0 of 2)').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Pay .* and Enrol/ }).count()).toBe(0);
    expect(await checkAxeOnce(page, 'paid course, enrolled for a child')).toEqual([]);
    await shots(page, 'course-enrolled-child');

    // The other child has not been bought it: the course is offered for them, with no lessons.
    await picker.selectOption({ label: 'For Amani' });
    await page.getByRole('button', { name: 'Pay KSh 1,500 and Enrol' }).waitFor();
    expect(await page.getByText('0% complete (0 of 2)').count()).toBe(0);
  });
});
