/**
 * Tutor journeys in the browser (phone viewport): the demo tutor edits the profile and uploads a
 * photo, a signed-out visitor finds a tutor and sees bookable times, the demo tutor manages
 * weekly availability. Each test first puts the data it touches into a known state through the
 * API, so it also passes against a stack that earlier runs have used.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { demoTutors } from '../../infra/local/demo/tutors.js';
import { api, signIn } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { noisePng } from '../support/uploads.js';


async function demoTutorToken() {
  return (await signIn(demoAccounts.tutor.email, DEMO_PASSWORD)).accessToken;
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
/** The emulator serves one request at a time, so a save can take a few seconds under load. */
const until = <T>(probe: () => Promise<T> | T, timeout = 10_000) => expect.poll(probe, { timeout });

describe('tutor screens in the browser', () => {
  const s = useBrowser();

  it('the demo tutor edits the profile with the pickers, sees it after a reload, and uploads a photo with a progress bar', async () => {
    const { page } = s;
    const token = await demoTutorToken();
    const reset = await api('/api/me/profile', {
      method: 'PATCH', token,
      body: { bio: '', hourlyRate: null, minNoticeHours: 2, preferredSubjects: ['Mathematics'], levels: ['secondary'] },
    });
    expect(reset.status).toBe(200);

    await signInThroughUi(page, demoAccounts.tutor.email, DEMO_PASSWORD);
    await page.waitForURL('**/tutor-dashboard');
    await until(visible(page, 'KSh 2,500 (default)')).toBe(true);
    await page.getByRole('button', { name: 'Edit Profile' }).click();

    const bio = `I teach KCSE Physics with past papers every week (${Date.now()}).`;
    await page.getByLabel('Bio').fill(bio);
    // The rate's range is stated beside the field and checked before saving.
    const rate = page.getByLabel('Hourly rate (KSh)');
    expect(await page.locator('#pf-rate-hint').innerText()).toContain('Between KSh 200 and KSh 50,000');
    await rate.fill('0');
    await rate.blur();
    await until(visible(page, 'Hourly rate must be between KSh 200 and KSh 50,000')).toBe(true);
    await rate.fill('3000');
    // Minimum notice: 2 hours until the tutor sets it.
    const notice = page.getByLabel('Minimum notice (hours)');
    expect(await notice.inputValue()).toBe('2');
    await notice.fill('24');

    const subjects = page.getByRole('group', { name: 'Preferred subjects' });
    const subjectPicker = subjects.getByLabel('Add subject');
    await subjectPicker.selectOption('Physics');
    await until(() => subjects.getByRole('button', { name: 'Remove Physics' }).isVisible()).toBe(true);
    // The picker offers only what is not picked yet.
    expect(await subjectPicker.locator('option[value="Physics"]').count()).toBe(0);
    expect(await subjectPicker.locator('option[value="Mathematics"]').count()).toBe(0);
    await subjects.getByRole('button', { name: 'Remove Mathematics' }).click();
    await until(() => subjects.getByRole('button', { name: 'Remove Mathematics' }).count()).toBe(0);
    expect(await subjectPicker.locator('option[value="Mathematics"]').count()).toBe(1);
    await page.getByLabel('University', { exact: true }).check();

    // Hold the save briefly so the saving state is observable.
    await page.route('**/api/me/profile', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await until(() => page.getByRole('button', { name: 'Updating...' }).isVisible()).toBe(true);
    await until(visible(page, 'Profile updated successfully!')).toBe(true);
    await page.unroute('**/api/me/profile');
    await until(() => page.getByRole('button', { name: 'Edit Profile' }).isVisible()).toBe(true);

    await page.reload();
    await until(visible(page, bio)).toBe(true);
    await until(visible(page, 'KSh 3,000')).toBe(true);
    const fact = (term: string) => page.locator('.fact', { has: page.locator('dt', { hasText: term }) }).innerText();
    expect(await fact('Preferred subjects')).toContain('Physics');
    expect(await fact('Preferred subjects')).not.toContain('Mathematics');
    expect(await fact('Levels')).toMatch(/Secondary[\s\S]*University/);
    expect(await fact('Minimum notice')).toContain('24 hours ahead');

    // Photo: pre-checked, cut to the size it is shown at, posted with progress, checked by the
    // server, then shown. A 2.3 MB camera-sized picture reaches visitors as a 256 px square WebP.
    const dir = mkdtempSync(join(tmpdir(), 'alp-photo-'));
    const file = join(dir, 'portrait.png');
    writeFileSync(file, noisePng(1024, 768));
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    expect(await page.getByLabel('Minimum notice (hours)').inputValue()).toBe('24');
    const input = page.getByLabel(/Upload a photo|Change photo/);
    expect(await input.getAttribute('accept')).toContain('image/png');
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('progress')) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 40, downloadThroughput: 2_000_000, uploadThroughput: 150_000,
    });
    await input.setInputFiles(file);
    await until(() => page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    await until(visible(page, 'Profile photo updated'), 20_000).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await page.locator('progress').count()).toBe(0);
    const photo = page.locator('.photo-upload img');
    await until(() => photo.getAttribute('src')).toMatch(/^\/public\/profile-photos\//);
    await until(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(256);
    const served = await page.request.get((await photo.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect((await served.body()).length).toBeLessThan(256 * 256 * 3);

    // A file of the wrong type is refused before any upload.
    const gif = join(dir, 'anim.gif');
    writeFileSync(gif, Buffer.from('GIF89a'));
    await input.setInputFiles(gif);
    await until(visible(page, 'Error uploading profile photo: That file type can\'t be used here. Choose a JPG, PNG or WebP file.')).toBe(true);
    // Other journeys book the demo tutor: give the notice back.
    expect((await api('/api/me/profile', { method: 'PATCH', token, body: { minNoticeHours: 2 } })).status).toBe(200);
  });

  it('a signed-out visitor filters by subject and level, searches, opens a profile and sees bookable times', async () => {
    const { page } = s;
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });

    await page.goto('/browse-tutors');
    // Pages of 12 behind "Load more" (30 demo tutors plus any test tutors).
    await until(() => page.getByRole('article').count()).toBe(12);
    await page.getByRole('button', { name: 'Load more' }).click();
    await until(() => page.getByRole('article').count()).toBe(24);

    await page.getByLabel('Subject', { exact: true }).selectOption('Physics');
    await page.getByLabel('Level', { exact: true }).selectOption('secondary');
    await page.waitForURL((url) => url.searchParams.get('subject') === 'Physics' && url.searchParams.get('level') === 'secondary');
    // Until the filtered page arrives, the previous results stay on screen (dimmed, aria-busy).
    await until(() => page.locator('.tutor-grid[aria-busy="true"]').count()).toBe(0);
    await until(() => page.getByRole('article', { name: 'Faith Achieng' }).count()).toBe(0); // English, on the first page before
    await until(() => page.getByRole('article', { name: 'Ibrahim Hassan' }).isVisible()).toBe(true);
    // Every card left teaches at secondary level.
    for (const card of await page.getByRole('article').all()) {
      const text = await card.innerText();
      expect(text).toContain('Secondary');
    }

    await page.getByLabel('Search tutors').fill('ibrah');
    await page.waitForURL((url) => url.searchParams.get('q') === 'ibrah');
    await until(() => page.locator('.tutor-grid[aria-busy="true"]').count()).toBe(0);
    await until(() => page.getByRole('article').count()).toBe(1);
    // Said to screen readers in the singular.
    await until(() => page.getByText('1 tutor shown', { exact: true }).count()).toBe(1);

    // The URL is shareable: opening it fresh gives the same result.
    await page.goto('/browse-tutors?q=ibrah&subject=Physics&level=secondary');
    const card = page.getByRole('article', { name: 'Ibrahim Hassan' });
    await until(() => card.isVisible()).toBe(true);
    expect(await page.getByLabel('Search tutors').inputValue()).toBe('ibrah');
    expect(await card.innerText()).toMatch(/KSh [\d,]+\/hr/);

    await card.getByRole('link', { name: 'View Profile' }).click();
    await page.waitForURL('**/tutor-profile/**');
    await until(() => page.getByRole('heading', { name: 'Ibrahim Hassan', level: 1 }).isVisible()).toBe(true);
    await until(visible(page, /Times shown in /)).toBe(true);
    expect(await page.getByText(/4\.8|25\+ reviews/).count()).toBe(0);
    // On a phone the booking box comes right after the tutor's header, above the about sections and reviews.
    const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y;
    expect(await top('.profile-side')).toBeLessThan(await top('#reviews-title'));
    expect(await top('.profile-side')).toBeGreaterThan(await top('#tutor-name'));

    // "Book Session Now" without a date.
    await page.getByRole('button', { name: 'Book Session Now' }).click();
    await page.waitForURL('**/auth');
    await until(visible(page, 'Please sign in to book a session')).toBe(true);
    await page.goBack();

    const dates = page.locator('.date-row button');
    await until(() => dates.count()).toBeGreaterThan(0);
    const firstDate = dates.first();
    // Named by what it shows ("Wed 25 Nov"), so speech input can say it (WCAG 2.5.3).
    expect(await firstDate.ariaSnapshot()).toMatch(/button "[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}"/);
    await firstDate.click();
    const times = page.locator('.time-grid button');
    await until(() => times.count()).toBeGreaterThan(0);
    expect(await times.first().innerText()).toMatch(/^\d{2}:\d{2}$/);

    // Nothing signed-out visitors load needs the auth bundle.
    expect(scripts.filter((path) => /amplify/i.test(path))).toEqual([]);
  });

  it('the price range applies as it is typed, both bounds, and a range that cannot apply says why (EN and SW)', async () => {
    const { page } = s;
    await page.goto('/browse-tutors');
    await until(() => page.getByRole('article').count()).toBe(12);
    // KSh 4,500 an hour, on the first page before the range.
    await until(() => page.getByRole('article', { name: 'Collins Barasa' }).isVisible()).toBe(true);

    // Typed and left alone: no blur, no Enter.
    await page.getByLabel('From', { exact: true }).fill('1000');
    await page.getByLabel('To', { exact: true }).fill('3000');
    await page.waitForURL((url) => url.searchParams.get('minPrice') === '1000' && url.searchParams.get('maxPrice') === '3000');
    await until(() => page.locator('.tutor-grid[aria-busy="true"]').count()).toBe(0);
    await until(() => page.getByRole('article', { name: 'Collins Barasa' }).count()).toBe(0);
    const rates = async () => (await page.locator('.tutor-card-rate').allInnerTexts())
      .map((text) => Number(text.replace(/[^\d]/g, '')));
    await until(async () => (await rates()).every((rate) => rate >= 1000 && rate <= 3000)).toBe(true);
    expect((await rates()).length).toBeGreaterThan(0);

    // A negative price or a From above the To is refused beside the field; the range in effect stays.
    await page.getByLabel('From', { exact: true }).fill('-100');
    await until(visible(page, 'A price cannot be negative')).toBe(true);
    await page.getByLabel('From', { exact: true }).fill('4000');
    await until(visible(page, '“To” must not be below “From”')).toBe(true);
    expect(new URL(page.url()).searchParams.get('minPrice')).toBe('1000');
    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await until(visible(page, '“Hadi” isiwe chini ya “Kutoka”')).toBe(true);
  });

  it('the subject filter offers every subject the tutors teach, and Kiswahili finds the Kiswahili tutors', async () => {
    const { page } = s;
    await page.goto('/browse-tutors');
    await until(() => page.getByRole('article').count()).toBe(12);
    const subject = page.getByLabel('Subject', { exact: true });
    const offered = await subject.locator('option').allInnerTexts();
    const taught = new Set(demoTutors.flatMap((tutor) => [...tutor.preferredSubjects, ...tutor.expertise]));
    for (const name of taught) expect(offered, name).toContain(name);

    await subject.selectOption('Kiswahili');
    await page.waitForURL((url) => url.searchParams.get('subject') === 'Kiswahili');
    await until(() => page.locator('.tutor-grid[aria-busy="true"]').count()).toBe(0);
    const kiswahiliTutors = demoTutors
      .filter((tutor) => [...tutor.preferredSubjects, ...tutor.expertise].includes('Kiswahili'))
      .map((tutor) => `${tutor.firstName} ${tutor.lastName}`);
    expect(kiswahiliTutors.length).toBeGreaterThan(1);
    for (const name of kiswahiliTutors) await until(() => page.getByRole('article', { name }).isVisible()).toBe(true);
    for (const card of await page.getByRole('article').all()) expect(await card.innerText()).toContain('Kiswahili');
  });

  it('Book Now on a card sends a signed-out visitor to sign in', async () => {
    const { page } = s;
    await page.goto('/browse-tutors?subject=Physics');
    const card = page.getByRole('article').first();
    await card.getByRole('link', { name: 'Book Now' }).click();
    await page.waitForURL('**/auth');
    await until(visible(page, 'Please sign in to book a tutor')).toBe(true);
  });

  it('an unknown tutor id shows Tutor Not Found with a way back', async () => {
    const { page } = s;
    await page.goto('/tutor-profile/no-such-tutor');
    await until(visible(page, 'Tutor Not Found')).toBe(true);
    await until(visible(page, "The tutor you're looking for doesn't exist or is not available.")).toBe(true);
    await page.getByRole('link', { name: 'Browse Tutors' }).last().click();
    await page.waitForURL('**/browse-tutors');
  });

  it('the demo tutor adds a slot, is refused an overlapping one, deletes the first', async () => {
    const { page } = s;
    const token = await demoTutorToken();
    const existing = await api<{ slots: Array<{ id: string }> }>('/api/me/availability', { token });
    for (const slot of existing.body.slots) {
      await api(`/api/me/availability/${slot.id}`, { method: 'DELETE', token });
    }

    await signInThroughUi(page, demoAccounts.tutor.email, DEMO_PASSWORD);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto('/tutor-availability');
    await until(() => page.getByRole('button', { name: 'Add Availability Slot' }).isVisible()).toBe(true);
    // The form's default: Monday 09:00–10:00.
    expect(await page.getByLabel('Day').inputValue()).toBe('1');
    expect(await page.getByLabel('Start time').inputValue()).toBe('09:00');
    expect(await page.getByLabel('End time').inputValue()).toBe('10:00');
    const monday = page.locator('.week-day', { has: page.getByRole('heading', { name: 'Monday' }) });
    await until(() => monday.innerText()).toContain('No availability');

    await page.getByLabel('Start time').selectOption('11:00');
    await page.getByRole('button', { name: 'Add Availability Slot' }).click();
    await until(visible(page, 'End time must be after start time')).toBe(true);

    await page.getByLabel('Start time').selectOption('09:00');
    await page.getByLabel('End time').selectOption('11:00');
    await page.getByRole('button', { name: 'Add Availability Slot' }).click();
    await until(visible(page, 'Availability slot added successfully')).toBe(true);
    await until(() => monday.innerText()).toContain('09:00–11:00');
    const weekly = page.locator('.summary-list div', { has: page.locator('dt', { hasText: 'Weekly availability' }) });
    await until(() => weekly.innerText()).toContain('2 hours');

    await page.getByLabel('Start time').selectOption('10:00');
    await page.getByLabel('End time').selectOption('12:00');
    await page.getByRole('button', { name: 'Add Availability Slot' }).click();
    await until(visible(page, /overlaps another availability slot on Monday/)).toBe(true);
    expect(await monday.getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: 'Delete Monday 09:00–11:00 slot' }).click();
    await until(visible(page, 'Availability slot removed successfully')).toBe(true);
    await until(() => monday.innerText()).toContain('No availability');

    // The dashboard's Availability tab lists the same week.
    await page.goto('/tutor-dashboard?tab=availability');
    await until(() => page.getByRole('tab', { name: 'Availability' }).getAttribute('aria-selected')).toBe('true');
    await until(() => page.locator('.week-day').count()).toBe(7);
  });
});
