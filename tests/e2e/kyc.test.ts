/**
 * Tutor verification in the browser (phone viewport): a fresh tutor uploads an ID card (PNG)
 * and a degree (PDF) with a progress bar; the demo super admin finds them on /admin-dashboard,
 * previews and approves both; the tutor is then verified (status card, browse badge, bookable).
 * And the other way: a document uploaded from the banner's dialog is rejected with notes on
 * /super-admin-dashboard and the tutor reads the notes. Every test uses its own new tutor.
 *
 * ALP_SCREENSHOTS=1 also saves the screens to .local/screens/.
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { kycMessages } from '../../functions/kyc/catalog.js';
import { api, baseUrl, cognito, createUser, signIn, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts, paystackWebhook, postWebhook } from '../support/fixtures.js';
import { noisePng, PDF } from '../support/uploads.js';
import { enableTotp } from '../support/mfa.js';


/** The error tied to the review notes field (its aria-describedby), or '' when none is shown. */
const notesError = async (dialog: Locator) => {
  const ids = (await dialog.getByLabel('Review notes').getAttribute('aria-describedby', { timeout: 500 }).catch(() => null)) ?? '';
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'));
  return errorId ? (await dialog.locator(`[id="${errorId}"]`).innerText()).trim() : '';
};

const dir = mkdtempSync(join(tmpdir(), 'alp-kyc-'));
const file = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

async function shot(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  await page.screenshot({ path: `.local/screens/${name}.png`, fullPage: true });
}

/** A name nobody else has, so searches find exactly this tutor. */
const uniqueLastName = (label: string) =>
  `${label}${Array.from({ length: 8 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;

async function freshTutor(label: string): Promise<TestUser & { lastName: string }> {
  const tutor = await createUser('tutor', { firstName: 'Amani' });
  const lastName = uniqueLastName(label);
  const res = await api('/api/me/profile', {
    method: 'PATCH', token: tutor.accessToken,
    body: { lastName, hourlyRate: 1800, preferredSubjects: ['Mathematics'], levels: ['secondary'] },
  });
  expect(res.status).toBe(200);
  return { ...tutor, lastName };
}

/** Counts the progress bars the page ever shows (an upload may finish between two polls). */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { sawProgress: boolean };
    w.sawProgress = false;
    new MutationObserver(() => {
      if (document.querySelector('progress')) w.sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress);
}

/** A lesson paid through the sandbox's signed webhook: a transaction for the dashboards. */
async function paidBooking(): Promise<{ reference: string; bookingId: string }> {
  const tutor = await bookableTutor({ hourlyRate: 2000 });
  const student = await createUser('student');
  const [start] = await freeStarts(tutor.userId);
  const booking = await book(student, tutor.userId, start!);
  expect(booking.status).toBe(201);
  const { id, amountMinor } = booking.body.booking as { id: string; amountMinor: number };
  const init = await api<{ reference: string }>('/api/payments/initialize', { method: 'POST', token: student.accessToken, body: { bookingId: id } });
  const hook = paystackWebhook({ reference: init.body.reference, amount: amountMinor });
  expect((await postWebhook(hook.body, hook.signature)).body?.outcome).toBe('confirmed');
  return { reference: init.body.reference, bookingId: id };
}

const counter = async (page: Page, label: string) => {
  const text = await page.locator('.admin-counter', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd').first().innerText();
  return text;
};

describe('KYC verification in the browser', () => {
  const s = useBrowser();
  const extra: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    while (extra.length) await extra.pop()!.close().catch(() => {});
  });

  /** Another person on another phone: a new context with nothing stored. */
  async function otherPage(): Promise<Page> {
    const browser = s.context.browser() as Browser;
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(15_000);
    extra.push(context);
    return context.newPage();
  }

  it('a new tutor uploads an ID card and a degree, the super admin approves both, and the tutor is verified and bookable', async () => {
    const { page } = s;
    const tutor = await freshTutor('Verify');
    const name = `Amani ${tutor.lastName}`;

    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await until(() => page.getByRole('button', { name: 'Complete KYC Verification' }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'KYC Verification' }).click();
    await until(() => page.getByRole('heading', { name: 'Get Started' }).isVisible()).toBe(true);
    const meter = page.getByRole('progressbar', { name: 'Verification progress' });
    expect(await meter.getAttribute('aria-valuenow')).toBe('0');
    expect(await page.getByRole('button', { name: 'Start Verification' }).isVisible()).toBe(true);
    await shot(page, 'kyc-tab-get-started');

    // The product's texts, in the form's order.
    const upload = page.getByRole('button', { name: 'Upload Document' });
    await upload.click();
    await until(visible(page, 'Please select a document type and file to upload.')).toBe(true);
    const type = page.getByLabel('Document type');
    const input = page.getByLabel('Document file');
    expect(await input.getAttribute('accept')).toContain('.pdf');
    await type.selectOption({ label: 'Academic Qualification' });
    await until(() => page.getByLabel('Qualification type').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'KYC upload, qualification')).toEqual([]);
    // The picker's words are the page's (not the browser's), with the chosen file's name.
    const picked = page.locator('.kyc-form .file-picker-name');
    expect(await picked.innerText()).toBe('No file chosen');
    await input.setInputFiles(file('diploma.pdf', PDF));
    await until(() => picked.innerText()).toBe('diploma.pdf');
    await upload.click();
    await until(visible(page, 'Please specify the type of academic qualification.')).toBe(true);
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await until(visible(page, 'File too large: Please select a file smaller than 10MB.')).toBe(true);
    expect(await picked.innerText()).toBe('No file chosen'); // a refused file does not stay chosen
    await type.selectOption({ label: 'National ID Card' });
    expect(await page.getByLabel('Qualification type').count()).toBe(0);

    // The ID card: a real PNG over a slow upload link, with a progress bar.
    const sawProgress = await watchProgress(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 2_000_000, uploadThroughput: 150_000 });
    await input.setInputFiles(file('national-id.png', noisePng(200, 200)));
    await upload.click();
    await until(() => page.locator('progress').isVisible()).toBe(true);
    await shot(page, 'kyc-tab-uploading');
    await until(visible(page, 'Document Uploaded - Your KYC document has been submitted for review'), 30_000).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await sawProgress()).toBe(true);
    // The ID alone is not every required document: the step and the call to action stay.
    await until(() => page.getByRole('heading', { name: 'Documents Still Needed' }).isVisible()).toBe(true);
    expect(await meter.getAttribute('aria-valuenow')).toBe('40');
    expect(await page.locator('.kyc-step', { hasText: 'Submit documents' }).getAttribute('class')).not.toContain('is-done');
    expect(await page.getByRole('button', { name: 'Complete KYC Verification' }).isVisible()).toBe(true);
    expect(await picked.innerText()).toBe('No file chosen'); // sent: the form is empty again
    expect(await checkAxeOnce(page, 'KYC pending')).toEqual([]);

    // The degree (PDF).
    await type.selectOption({ label: 'Degree' });
    await input.setInputFiles(file('bsc-degree.pdf', PDF));
    await upload.click();
    await until(() => page.locator('.kyc-document').count()).toBe(2);
    await until(visible(page, 'Review usually takes about 1-2 business days.')).toBe(true);
    expect(await meter.getAttribute('aria-valuenow')).toBe('60');
    expect(await page.getByRole('heading', { name: 'Verification Pending' }).isVisible()).toBe(true);
    // Under review: the banner says so, with nothing to press.
    await until(() => page.getByRole('heading', { name: 'Verification under review' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Complete KYC Verification' }).count()).toBe(0);
    const documents = page.locator('.kyc-document');
    expect(await documents.nth(0).innerText()).toMatch(/Degree[\s\S]*bsc-degree\.pdf[\s\S]*Pending/);
    expect(await documents.nth(1).innerText()).toMatch(/National ID Card[\s\S]*national-id\.png[\s\S]*Pending/);
    expect(await documents.nth(1).getByRole('link', { name: /^View/ }).getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await page.getByRole('button', { name: 'View Submission' }).isVisible()).toBe(true);
    expect(await page.getByText('Submit documents (done)').count()).toBe(1);
    await shot(page, 'kyc-tab-pending');

    // The super admin finds both by the tutor's name, previews and approves them.
    const admin = await otherPage();
    await signInDemoAdminThroughUi(admin);
    await admin.waitForURL('**/super-admin-dashboard');
    await admin.goto('/admin-dashboard');
    await until(() => counter(admin, 'Pending KYC')).toMatch(/^\d+$/);
    const pendingBefore = Number(await counter(admin, 'Pending KYC'));
    expect(pendingBefore).toBeGreaterThanOrEqual(2);
    await admin.getByLabel('Search documents').fill(tutor.lastName);
    const items = admin.locator('.pending-item');
    await until(() => items.count()).toBe(2);
    await shot(admin, 'admin-kyc-search');

    await admin.getByRole('button', { name: new RegExp(`${name}.*National ID Card`) }).click();
    const dialog = admin.getByRole('dialog', { name: 'Review KYC document' });
    await until(() => dialog.isVisible()).toBe(true);
    const preview = dialog.locator('img');
    await until(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
    await shot(admin, 'admin-review-dialog-image');
    // Rejecting needs a reason: without notes the dialog says so beside the field and sends nothing.
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await until(() => notesError(dialog)).toBe(kycMessages.rejectionNeedsReason);
    expect(await dialog.getByLabel('Review notes').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await until(visible(admin, 'KYC document approved successfully!')).toBe(true);
    await until(() => dialog.isVisible()).toBe(false);
    await until(() => items.count()).toBe(1);

    // The PDF is framed only on request (it may be large). Any browser connection to the local
    // emulator that sends nothing (Chromium opens one for a cross-origin frame) stalls it, as it
    // serves one connection at a time; so here the fresh file link the dialog asks for (checked
    // on the way) is swapped for a stand-in PDF on the app's own origin.
    const standIn = `${baseUrl()}/__kyc-stand-in/bsc-degree.pdf`;
    await admin.route('**/api/admin/kyc/documents/*/file', async (route) => {
      const real = await route.fetch();
      const link = (await real.json()) as { url: string; contentType: string };
      expect(link.url).toMatch(/bsc-degree\.pdf/);
      expect(link.contentType).toBe('application/pdf');
      await route.fulfill({ response: real, json: { ...link, url: standIn } });
    });
    await admin.route(standIn, (route) => route.fulfill({ status: 200, contentType: 'application/pdf', body: Buffer.from(PDF) }));
    await admin.getByRole('button', { name: new RegExp(`${name}.*Degree`) }).click();
    await until(() => dialog.isVisible()).toBe(true);
    await until(() => dialog.getByRole('link', { name: /^Open document/ }).getAttribute('href')).toBe(standIn);
    await dialog.getByRole('button', { name: 'Show PDF preview' }).click();
    const frame = dialog.locator('iframe');
    await until(() => frame.getAttribute('src')).toBe(standIn);
    await shot(admin, 'admin-review-dialog-pdf');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await until(() => dialog.isVisible()).toBe(false);
    await until(visible(admin, 'No pending KYC documents found.')).toBe(true);
    await until(async () => Number(await counter(admin, 'Pending KYC'))).toBe(pendingBefore - 2);

    // The tutor is verified.
    await page.reload();
    await until(() => page.getByRole('heading', { name: 'Verification Complete' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'KYC complete')).toEqual([]);
    expect(await meter.getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByRole('button', { name: 'Complete KYC Verification' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Start Verification|View Submission/ }).count()).toBe(0);
    expect(await page.getByText('Start teaching (done)').count()).toBe(1);
    await until(() => page.locator('.kyc-document .status-ok').count()).toBe(2);
    await shot(page, 'kyc-tab-complete');

    // Listed with the Verified badge, and bookable.
    const visitor = await otherPage();
    await visitor.goto(`/browse-tutors?q=${tutor.lastName}`);
    const card = visitor.getByRole('article', { name });
    await until(() => card.isVisible()).toBe(true);
    expect(await card.getByText('Verified').isVisible()).toBe(true);

    const profile = await api<{ verified: boolean }>(`/api/tutors/${tutor.userId}`);
    expect(profile.body.verified).toBe(true);
    const student = await createUser('student');
    const booker = await otherPage();
    await signInThroughUi(booker, student.email, student.password);
    await booker.waitForURL('**/student-dashboard');
    await booker.goto(`/book-tutor/${tutor.userId}`);
    await until(() => booker.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
    expect(await booker.getByText('Not bookable yet').count()).toBe(0);
    await booker.getByRole('button', { name: 'Book a Session' }).click();
    await until(() => booker.getByRole('heading', { name: `Book ${name}` }).isVisible()).toBe(true);
  });

  it('a document sent from the banner\'s dialog is rejected with notes on the super admin dashboard, and the tutor reads them', async () => {
    const { page } = s;
    const tutor = await freshTutor('Reject');
    const name = `Amani ${tutor.lastName}`;
    const notes = `The photo is blurred; please upload a clearer scan (${tutor.lastName}).`;
    const paid = await paidBooking();

    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('button', { name: 'Complete KYC Verification' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete KYC Verification' });
    await until(() => dialog.getByLabel('Document type').isVisible()).toBe(true);
    await shot(page, 'kyc-dialog');
    await dialog.getByLabel('Document type').selectOption({ label: 'Passport' });
    await dialog.getByLabel('Document file').setInputFiles(file('passport.png', noisePng(64, 64)));
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    // Toasts sit under a modal dialog's backdrop: the dialog confirms it itself.
    await until(() => dialog.getByRole('status').innerText()).toContain('Passport uploaded. Your KYC document has been submitted for review');
    await until(() => dialog.locator('.kyc-document').count()).toBe(1);
    expect(await dialog.locator('.kyc-document').innerText()).toMatch(/Passport[\s\S]*Pending/);
    await shot(page, 'kyc-dialog-submitted');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The super admin dashboard: real figures, recent transactions, the newest pending documents.
    const admin = await otherPage();
    await signInDemoAdminThroughUi(admin);
    await admin.waitForURL('**/super-admin-dashboard');
    await until(() => admin.getByRole('heading', { name: 'Super Admin Dashboard' }).isVisible()).toBe(true);
    await until(() => counter(admin, 'Total Users')).toMatch(/^[\d,]+$/);
    expect(await counter(admin, 'Total Tutors')).toMatch(/^[\d,]+$/);
    expect(await counter(admin, 'Total Revenue \\(KSh\\)')).toMatch(/^KSh [\d,.]+$/);
    expect(await admin.getByText('Loading...').count()).toBe(0);
    await until(() => admin.getByRole('heading', { name: 'Recent Transactions' }).isVisible()).toBe(true);
    const payment = admin.getByRole('row', { name: new RegExp(paid.reference) });
    await until(() => payment.isVisible()).toBe(true);
    // What was paid for is named (the lesson's subject and start), not its booking id.
    expect(await payment.innerText()).toMatch(/Mathematics,\s[\s\S]*KSh 2,000[\s\S]*Paid/);
    expect(await payment.innerText()).not.toContain(paid.bookingId);
    expect(await counter(admin, 'Total Revenue \\(KSh\\)')).not.toBe('KSh 0');
    const row = admin.getByRole('row', { name: new RegExp(name) });
    await until(() => row.isVisible()).toBe(true);
    // The tutor is named by their e-mail, never their internal id.
    expect(await row.innerText()).toContain(tutor.email);
    expect(await row.innerText()).not.toContain(tutor.userId);
    expect(await row.innerText()).toContain('Passport');
    await shot(admin, 'super-admin-dashboard');

    await row.getByRole('button', { name: /^Reject/ }).click();
    const reject = admin.getByRole('dialog', { name: 'Reject document' });
    await until(() => reject.isVisible()).toBe(true);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await until(() => notesError(reject)).toBe(kycMessages.rejectionNeedsReason);
    expect(await admin.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await reject.getByLabel('Review notes').fill('   ');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await until(() => notesError(reject)).toBe(kycMessages.rejectionNeedsReason);
    expect(await row.isVisible()).toBe(true);
    await reject.getByLabel('Review notes').fill(notes);
    expect(await reject.locator('.field-error').count()).toBe(0);
    await shot(admin, 'super-admin-reject-dialog');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await until(visible(admin, 'KYC document rejected successfully!')).toBe(true);
    await until(() => row.count()).toBe(0);
    await admin.getByRole('link', { name: /^View All KYC/ }).click();
    await admin.waitForURL('**/admin-dashboard');

    // The tutor sees the notes and that verification needs another document.
    await page.goto('/tutor-dashboard?tab=kyc');
    await until(() => page.getByRole('heading', { name: 'Verification Required' }).isVisible()).toBe(true);
    await until(visible(page, notes)).toBe(true);
    expect(await checkAxeOnce(page, 'KYC rejected with notes')).toEqual([]);
    expect(await page.locator('.kyc-document').innerText()).toMatch(/Passport[\s\S]*Rejected/);
    expect(await page.getByRole('button', { name: 'Start Verification' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Complete KYC Verification' }).isVisible()).toBe(true);
    await shot(page, 'kyc-tab-rejected');
  });

  it('the admin dashboard lists the newest users, grants a pending admin request, and shows eight weeks of figures', async () => {
    const { page } = s;
    const newcomer = await createUser('parent', { firstName: 'Neema' });
    const applicant = await createUser('admin', { firstName: 'Imani' });
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.goto('/admin-dashboard?tab=users');
    const row = page.getByRole('region', { name: 'Newest users' }).locator('.user-row', { hasText: newcomer.email });
    await until(() => row.isVisible()).toBe(true);
    expect(await row.innerText()).toMatch(/Neema User[\s\S]*Parent[\s\S]*Parent/);
    await shot(page, 'admin-users');

    // A pending admin request is granted after a confirmation.
    const requests = page.getByRole('region', { name: 'Pending admin requests' });
    const request = requests.locator('.user-row', { hasText: applicant.email });
    await until(() => request.isVisible()).toBe(true);
    await request.getByRole('button', { name: /^Grant admin to Imani User/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Grant super admin?' });
    await until(() => confirm.isVisible()).toBe(true);
    await shot(page, 'admin-grant-dialog');
    await confirm.getByRole('button', { name: 'Grant admin' }).click();
    // The grant waits for the applicant's enrolment: its one-time code is shown once, to hand over.
    const issued = page.getByRole('dialog', { name: 'Enrolment code for Imani User' });
    await until(() => issued.isVisible()).toBe(true);
    const code = await issued.getByLabel('Enrolment code').innerText();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await issued.getByRole('button', { name: 'Done' }).click();
    const before = await api<{ profile: { role: string } }>('/api/me', { token: (await signIn(applicant.email, applicant.password)).accessToken });
    expect(before.body.profile.role).toBe('student');
    const secret = await enableTotp(cognito(), applicant.accessToken);
    expect((await api('/api/admin-enrolment', { method: 'POST', token: applicant.accessToken, body: { code } })).status).toBe(200);
    const me = await api<{ profile: { role: string } }>('/api/me', { token: (await signIn(applicant.email, applicant.password, secret)).accessToken });
    expect(me.body.profile.role).toBe('super_admin');

    await page.getByRole('tab', { name: 'Platform Analytics' }).click();
    await until(() => page.getByRole('img', { name: /Sign-ups per week/ }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: /Bookings per week/ }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /Revenue per week/ }).count()).toBe(1);
    expect(await page.locator('.weekly-table tbody tr').count()).toBe(8);
    expect(await page.locator('.weekly-chart').first().locator('rect').count()).toBe(8);
    await shot(page, 'admin-analytics');
  });
});
