/**
 * The Share button of a tutor's profile and a course page, on a phone (390 px): the phone's own
 * share sheet where the browser has the Web Share API (stubbed here, to see what it is given);
 * without it, a WhatsApp link and Copy link. In English and Kiswahili.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, expectOk, baseUrl } from '../support/api.js';
import { useBrowser, whenLive } from '../support/browser.js';
import en from '../../frontend/src/features/share/i18n/en.json' with { type: 'json' };
import sw from '../../frontend/src/features/share/i18n/sw.json' with { type: 'json' };

const until = <T>(probe: () => Promise<T> | T, timeout = 10_000) => expect.poll(probe, { timeout });

/** What the page's share sheet and clipboard were given, when present; neither when `webShare` is false. */
async function stubSharing(context: BrowserContext, webShare: boolean) {
  await context.addInitScript((hasShare: boolean) => {
    const w = window as unknown as { shared: unknown[]; copied: string[] };
    w.shared = [];
    w.copied = [];
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: hasShare ? async (data: unknown) => { w.shared.push(data); } : undefined,
    });
    Object.defineProperty(Navigator.prototype, 'clipboard', {
      configurable: true, get: () => ({ writeText: async (text: string) => { w.copied.push(text); } }),
    });
  }, webShare);
}

const recorded = (page: Page, what: 'shared' | 'copied') => page.evaluate((key) => (window as unknown as Record<string, unknown[]>)[key], what);
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function aTutor() {
  const { tutors } = await expectOk(callApi('browseTutors', { query: {} }), 'browse');
  return tutors[0]!;
}
async function aCourse() {
  const { courses } = await expectOk(callApi('browseCourses', { query: {} }), 'courses');
  return courses[0]!;
}

describe('Share button', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('a tutor profile opens the phone\'s share sheet with the profile\'s address (English)', async () => {
    const tutor = await aTutor();
    const name = `${tutor.firstName} ${tutor.lastName}`;
    await stubSharing(s.context, true);
    await s.page.goto(`/tutor-profile/${tutor.id}`);
    const share = s.page.getByRole('button', { name: en.shareTutor.replace('{name}', name) });
    await share.click();
    await until(() => recorded(s.page, 'shared')).toEqual([{
      title: name, text: en.tutorText.replace('{name}', name), url: `${baseUrl()}/tutor-profile/${tutor.id}`,
    }]);
    // No fallback beside the share sheet.
    expect(await s.page.getByRole('link', { name: en.whatsappLabel }).count()).toBe(0);
    expect(await fitsPhone(s.page)).toBe(true);
  });

  it('without the Web Share API a course page offers WhatsApp and Copy link (Kiswahili)', async () => {
    const course = await aCourse();
    const swContext = await s.context.browser()!.newContext({ baseURL: baseUrl(), locale: 'sw-KE', viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    try {
      await stubSharing(swContext, false);
      const swPage = await swContext.newPage();
      await swPage.goto(`/courses/${course.id}`);
      const group = swPage.getByRole('group', { name: sw.shareCourse.replace('{title}', course.title) });
      const url = `${baseUrl()}/courses/${course.id}`;
      const whatsapp = group.getByRole('link', { name: sw.whatsappLabel });
      expect(await whatsapp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`${sw.courseText.replace('{title}', course.title)} ${url}`)}`);
      expect(await swPage.getByRole('button', { name: sw.share, exact: true }).count()).toBe(0);
      // The Kiswahili page is prerendered: Copy works once the app has taken it over.
      await whenLive(group.getByRole('button', { name: sw.copy }));
      await group.getByRole('button', { name: sw.copy }).click();
      await until(() => group.getByRole('status').innerText()).toBe(sw.copied);
      expect(await recorded(swPage, 'copied')).toEqual([url]);
      expect(await fitsPhone(swPage)).toBe(true);
    } finally {
      await swContext.close();
    }
  });
});
