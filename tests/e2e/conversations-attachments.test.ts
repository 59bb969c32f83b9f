/**
 * Attachments in a conversation, on phones: a parent attaches a homework photo from the composer
 * (progress, then "ready"), focus staying in the message box; the tutor, with the thread already
 * open, sees its thumbnail arrive without a reload and opens the full photo through its signed
 * link. A worksheet PDF shows as a file chip that opens the PDF. A file of another type (a HEIC
 * photo, a Word document) is refused where it was picked, in English and in Kiswahili.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor } from '../support/fixtures.js';
import { noisePng, PDF } from '../support/uploads.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

const dir = mkdtempSync(join(tmpdir(), 'alp-attachments-'));
const file = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

async function shot(page: Page, name: string) {
  if (!process.env.ALP_SCREENSHOTS) return;
  mkdirSync('.local/screens', { recursive: true });
  await page.screenshot({ path: `.local/screens/${name}.png`, fullPage: true });
}

/** Picks `path` through the composer's Attach button, as a person would. */
async function attach(page: Page, path: string, button = 'Attach a photo or PDF') {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles(path);
}

/** How many live regions say `text` (the composer announces a file once it is ready or has failed). */
const announced = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text }).count();

async function openThread(page: Page, user: { email: string; password: string }, conversationId: string) {
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL(/dashboard/);
  await page.goto(`/messages?c=${conversationId}`);
}

describe('conversation attachments', () => {
  const s = useBrowser();

  it('a parent attaches a homework photo and a worksheet PDF; the tutor sees the thumbnail live and opens both', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Wambui' }), bookableTutor({ firstName: 'Kamau' })]);
    const started = await callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } });
    const conversationId = started.body.conversation.id;
    const other = await s.another();
    const tutorPage = other.page;
    await Promise.all([openThread(s.page, parent, conversationId), openThread(tutorPage, tutor, conversationId)]);
    const tutorThread = tutorPage.getByRole('list', { name: 'Messages with Wambui User' });
    await until(() => tutorThread.isVisible()).toBe(true);

    const page = s.page;
    await attach(page, file('homework.png', noisePng(960, 720)));
    await until(() => announced(page, 'homework.png is ready to send')).toBe(1);
    // Focus is back in the message box: the caption is typed next.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('message-text');
    await page.getByLabel('Your message').fill('Question 3, please');
    await shot(page, 'conversation-photo-ready');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const thread = page.getByRole('list', { name: 'Messages with Kamau User' });
    await until(() => thread.getByRole('img', { name: 'Photo homework.png: open full size' }).isVisible()).toBe(true);
    expect(await page.getByText('homework.png is ready to send').count()).toBe(0);

    // The tutor's page, untouched: the thumbnail arrives, drawn by the parent's browser at 320 px.
    const thumbnail = tutorThread.getByRole('img', { name: 'Photo homework.png: open full size' });
    await until(() => thumbnail.isVisible()).toBe(true);
    await until(() => thumbnail.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(320);
    expect(await tutorThread.getByText('Question 3, please').isVisible()).toBe(true);
    await shot(tutorPage, 'conversation-photo-received');
    // Opening it shows the full photo, through its signed link.
    const [full] = await Promise.all([other.context.waitForEvent('page'), tutorPage.getByRole('link', { name: 'Photo homework.png: open full size' }).click()]);
    await full.waitForLoadState();
    expect(await full.evaluate(() => document.contentType)).toBe('image/png');
    expect(await full.evaluate(() => document.images[0]?.naturalWidth)).toBe(960);
    await full.close();

    // A worksheet PDF with no text: a file chip on both sides.
    await attach(page, file('worksheet.pdf', PDF));
    await until(() => announced(page, 'worksheet.pdf is ready to send')).toBe(1);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const chip = tutorThread.getByRole('link', { name: /^worksheet\.pdf \(1 KB\): open$/ });
    await until(() => chip.isVisible()).toBe(true);
    await shot(tutorPage, 'conversation-pdf-received');
    const pdfUrl = await chip.getAttribute('href');
    const response = await fetch(pdfUrl!);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).toString('latin1')).toContain('%PDF-1.4');
    // Nothing runs off a 390 px screen.
    expect(await tutorPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('a file of another type is refused where it was picked, in English and in Kiswahili', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Achieng' }), bookableTutor({ firstName: 'Mwangi' })]);
    const started = await callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } });
    const { page } = s;
    await openThread(page, parent, started.body.conversation.id);
    await attach(page, file('IMG_0042.heic', new Uint8Array(Buffer.from('\0\0\0\x18ftypheic\0\0\0\0'))));
    const refused = page.getByRole('alert').filter({ hasText: "That file type can't be sent. Choose a photo (JPG, PNG or WebP) or a PDF." });
    await until(() => refused.isVisible()).toBe(true);
    await shot(page, 'conversation-attachment-refused');
    // Nothing was attached: Send stays off with an empty message.
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'IMG_0042.heic' }).count()).toBe(0);

    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await until(() => page.evaluate(() => document.documentElement.lang)).toBe('sw');
    await attach(page, file('notes.docx', new Uint8Array(Buffer.from('PK\x03\x04 not a photo'))), 'Ambatisha picha au PDF');
    await until(() => page.getByRole('alert').filter({ hasText: 'Aina hiyo ya faili haiwezi kutumwa.' }).isVisible()).toBe(true);
  });
});

/** Storage refuses the first upload (page.route sees every request with the service worker blocked). */
describe('conversation attachments on a bad connection', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('a failed upload says so and Try again sends it; the message is stored once', async () => {
    const [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Nyokabi' }), bookableTutor({ firstName: 'Odhiambo' })]);
    const started = await callApi('startConversation', { token: parent.accessToken, body: { tutorId: tutor.userId } });
    const conversationId = started.body.conversation.id;
    const { page } = s;
    let refusals = 0;
    await page.route((url) => !url.pathname.startsWith('/api/'), async (route) => {
      // The presigned POST to storage (not the API): the first one is dropped as a bad network would.
      const form = (route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data');
      if (route.request().method() === 'POST' && form && refusals === 0) {
        refusals += 1;
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    await openThread(page, parent, conversationId);
    await attach(page, file('homework-2.png', noisePng(400, 300)));
    await until(() => announced(page, /^homework-2\.png was not uploaded: /)).toBe(1);
    expect(refusals).toBe(1);
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Try again' }).click();
    await until(() => announced(page, 'homework-2.png is ready to send')).toBe(1);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const thread = page.getByRole('list', { name: 'Messages with Odhiambo User' });
    await until(() => thread.getByRole('img', { name: 'Photo homework-2.png: open full size' }).isVisible()).toBe(true);
    const stored = await callApi('getConversationThread', { token: tutor.accessToken, params: { conversationId }, query: {} });
    expect(stored.body.messages.filter((m) => m.attachment?.name === 'homework-2.png')).toHaveLength(1);
  });
});
