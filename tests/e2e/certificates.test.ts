/**
 * Certificates in the browser: a student finds a certification program
 * on /certification, enrols (free), completes both lessons, sees "View certificate" and the
 * certificate under My Certificates with the badges it earned; a signed-out visitor opens the
 * verification page from the QR code's link (the QR drawn is compared with the encoding of that
 * link), which prints on one A4 page. A super admin looks the code up and revokes it; the
 * public page then says revoked. An unknown code is a clear Not Found page.
 *
 * ALP_SCREENSHOTS=1 also saves the screens to .local/screens/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { qrPath } from '../../frontend/src/shared/ui/qr-path.js';
import { baseUrl, callApi, createUser, eventually, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { verifyThroughKyc } from '../support/fixtures.js';

async function shot(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  await page.screenshot({ path: `.local/screens/${name}.png`, fullPage: true });
}

/** How many A4 pages the page prints on (as a PDF). */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
  return pdf.match(/\/Type\s*\/Page[^s]/g)?.length;
}

async function programCourse(title: string) {
  const tutor = await createUser('tutor', { firstName: 'Nyambura' });
  await verifyThroughKyc(tutor);
  const token = tutor.accessToken;
  const { course } = await expectOk(callApi('createCourse', {
    token,
    body: { title, description: 'Spreadsheets for work.', subject: 'Computer Science', level: 'professional', category: 'Skills', price: null, durationWeeks: 2, certificationProgram: true },
  }), 'create');
  for (const [t, text] of [['Cells and formulas', 'Type =SUM(A1:A5).'], ['Charts', 'Pick the chart that answers the question.']]) {
    await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: { title: t!, text: text! } }), 'lesson');
  }
  await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish');
  return course.id;
}

describe('certificates', () => {
  const session = useBrowser();

  it('a student completes a program and gets its certificate; a signed-out visitor verifies it from the QR link; it prints on one A4 page', async () => {
    const title = `Spreadsheet Skills ${randomUUID().slice(0, 6)}`;
    await programCourse(title);
    const student = await createUser('student', { firstName: 'Atieno' });
    const violations: string[] = [];
    const { page } = session;
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');

    await page.goto('/certification');
    await page.getByRole('heading', { name: 'Certification & Upskilling' }).waitFor();
    await page.getByRole('link', { name: `Enroll Now: ${title}` }).waitFor();
    violations.push(...await checkAxeOnce(page, 'certification programs'));
    await shot(page, 'certification-programs-390');
    await page.getByRole('tab', { name: 'Badges' }).click();
    await page.getByText('0 of 3 earned').waitFor();
    await page.getByRole('tab', { name: 'My Certificates' }).click();
    await page.getByRole('heading', { name: 'No certificates yet' }).waitFor();
    await shot(page, 'certification-certificates-empty-390');
    await page.getByRole('tab', { name: 'Programs' }).click();
    await page.getByRole('link', { name: `Enroll Now: ${title}` }).click();

    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Enrol', exact: true }).click();
    await page.getByText('0% complete').waitFor();
    await page.getByRole('button', { name: 'Mark done' }).click();
    await page.getByText('50% complete').waitFor();
    await page.getByRole('button', { name: /Charts/ }).click();
    await page.getByRole('button', { name: 'Mark done' }).click();
    await page.getByText('100% complete (2 of 2)').waitFor();
    await page.getByRole('link', { name: 'View certificate' }).waitFor({ timeout: 30_000 });

    await page.goto('/certification?tab=certificates');
    await page.getByRole('heading', { name: title, level: 3 }).waitFor();
    await page.getByText('Valid', { exact: true }).waitFor();
    violations.push(...await checkAxeOnce(page, 'my certificates'));
    await shot(page, 'certification-certificates-390');
    await page.getByRole('tab', { name: 'Badges' }).click();
    await page.getByText('2 of 3 earned').waitFor();
    violations.push(...await checkAxeOnce(page, 'badges'));
    await shot(page, 'certification-badges-390');
    await page.getByRole('tab', { name: 'Programs' }).click();
    await page.getByRole('link', { name: `View Certificate: ${title}` }).click();
    await page.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();

    // The QR code drawn is the encoding of the link shown beside it, and that link is this page.
    const qr = page.locator('.certificate-qr');
    const url = (await qr.getAttribute('data-verify-url'))!;
    expect(url).toBe(page.url());
    expect(url.startsWith(baseUrl())).toBe(true);
    expect(await qr.locator('svg path').getAttribute('d')).toBe(qrPath(url).path);
    expect(await qr.getByRole('link').getAttribute('href')).toBe(url);

    const visitor = await session.another({ viewport: { width: 1280, height: 900 } });
    await visitor.page.goto(url);
    await visitor.page.getByRole('heading', { name: 'Certificate of Completion' }).waitFor();
    await visitor.page.getByText('Atieno User').waitFor();
    await visitor.page.getByText(title).waitFor();
    await visitor.page.getByText('taught by Nyambura User').waitFor();
    await visitor.page.getByRole('status').filter({ hasText: 'Valid' }).waitFor();
    violations.push(...await checkAxeOnce(visitor.page, 'certificate page'));
    await shot(visitor.page, 'certificate-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'certificate-390');

    // Print: no header or buttons, and the whole certificate on one A4 page.
    await visitor.page.emulateMedia({ media: 'print' });
    expect(await visitor.page.locator('.site-header').isVisible()).toBe(false);
    expect(await visitor.page.getByRole('button', { name: 'Print / Save as PDF' }).isVisible()).toBe(false);
    await shot(visitor.page, 'certificate-print');
    expect(await printedPages(visitor.page)).toBe(1);

    // Desktop: the signed-out visitor's /certification, the student's own tabs.
    await visitor.page.emulateMedia({ media: 'screen' });
    await visitor.page.goto('/certification');
    await visitor.page.getByRole('link', { name: `Enroll Now: ${title}` }).waitFor();
    await shot(visitor.page, 'certification-programs-1280');
    await visitor.page.getByRole('tab', { name: 'My Certificates' }).click();
    await visitor.page.getByRole('heading', { name: 'Sign in to see this' }).waitFor();
    await shot(visitor.page, 'certification-signed-out-1280');
    await visitor.page.getByRole('tab', { name: 'Upskilling' }).click();
    await visitor.page.getByRole('link', { name: title }).waitFor();
    violations.push(...await checkAxeOnce(visitor.page, 'upskilling'));
    await shot(visitor.page, 'certification-upskilling-1280');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/certification?tab=certificates');
    await page.getByRole('heading', { name: title, level: 3 }).waitFor();
    await shot(page, 'certification-certificates-1280');
    await page.getByRole('tab', { name: 'Badges' }).click();
    await page.getByText('2 of 3 earned').waitFor();
    await shot(page, 'certification-badges-1280');
    expect(violations).toEqual([]);
  });

  it('a super admin looks a code up and revokes it; the public page says revoked; an unknown code is Not Found', async () => {
    // A long title: it wraps inside the certificate, the admin list and the status line.
    const courseId = await programCourse(`Revocable ${randomUUID().slice(0, 6)} ${'Advanced Spreadsheet Modelling for Cooperatives '.repeat(2)}`.trim());
    const student = await createUser('student', { firstName: 'Kipchoge' });
    const token = student.accessToken;
    await expectOk(callApi('enrolInCourse', { token, params: { courseId } }), 'enrol');
    const { lessons } = await expectOk(callApi('getCourse', { params: { courseId } }), 'course');
    for (const l of lessons) await expectOk(callApi('markCourseLessonDone', { token, params: { courseId, lessonId: l.id } }), 'done');
    const code = await eventually(async () => (await expectOk(callApi('listMyCertificates', { token }), 'mine')).certificates[0]?.code, 30_000);

    const { page } = await session.another({ viewport: { width: 1280, height: 900 } });
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.getByLabel('Certificate code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('button', { name: /^Revoke certificate of Kipchoge User/ }).click();
    await page.getByRole('button', { name: 'Revoke certificate', exact: true }).click();
    await page.getByText('Give a reason').waitFor();
    await page.getByLabel('Reason').fill('Completed on a shared account');
    await page.getByRole('button', { name: 'Revoke certificate', exact: true }).click();
    await page.getByText('Revoked', { exact: true }).first().waitFor();
    await page.getByText(/Completed on a shared account/).waitFor();
    const violations = await checkAxeOnce(page, 'admin certificates');
    await shot(page, 'admin-certificates-1280');

    const visitor = session.page;
    await visitor.goto(`/certificates/${code}`);
    await visitor.getByRole('status').filter({ hasText: 'Revoked on' }).waitFor();
    violations.push(...await checkAxeOnce(visitor, 'revoked certificate'));
    await shot(visitor, 'certificate-revoked-390');

    // In Kiswahili (longer lines), revoked and with a long title, it still prints on one A4 page.
    await visitor.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await visitor.reload();
    await visitor.getByRole('status').filter({ hasText: 'Kilifutwa tarehe' }).waitFor();
    await visitor.getByRole('heading', { name: 'Cheti cha Kukamilisha Kozi' }).waitFor();
    await shot(visitor, 'certificate-revoked-sw-390');
    await visitor.emulateMedia({ media: 'print' });
    await shot(visitor, 'certificate-revoked-print-sw');
    expect(await printedPages(visitor)).toBe(1);
    await visitor.emulateMedia({ media: 'screen' });
    await visitor.evaluate(() => localStorage.setItem('alp.language', 'en'));
    await visitor.goto('/certificates/ZZZZ-ZZZZ-ZZZZ');
    await visitor.getByRole('heading', { name: 'Certificate Not Found', level: 1 }).waitFor();
    await visitor.goto('/certificates/not-a-code');
    await visitor.getByRole('heading', { name: 'Certificate Not Found', level: 1 }).waitFor();
    violations.push(...await checkAxeOnce(visitor, 'unknown certificate'));
    await shot(visitor, 'certificate-unknown-390');
    await visitor.goto('/certification?tab=badges');
    await visitor.getByRole('link', { name: 'Sign In' }).last().waitFor();
    await shot(visitor, 'certification-signed-out-390');
    expect(violations).toEqual([]);
  });
});
