/**
 * What a newcomer's walk through the product found, checked the way they met it:
 * on a 390×844 phone. Booking offered only where it can work; the booking form's missing-information
 * error is said once, in the form (no toast over the fields), and goes once fixed; no false "registered as" notice at sign-in; texts that
 * agree with each other; one money label and readable zone names; a phone layout with the tab's
 * content above the fold, no sideways overflow and 44 px tap targets. Each test makes its own
 * users (the demo admin only reads).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts } from '../support/fixtures.js';

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
/** The emulator serves one request at a time, so a step can take a few seconds under load. */
const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
/** A name no other test's tutor shares, so a search finds exactly ours (letters only: names are words). */
const uniqueName = () => `Zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `.local/newcomer-${name}.png`, fullPage: true }).catch(() => {});

async function signInAs(page: Page, user: { email: string; password: string }, landing: string) {
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL(`**${landing}`);
}

/** The student's phone runs on Nairobi time whatever the machine's zone. */
async function onNairobiTime(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Africa/Nairobi' });
}

/** Interactive elements smaller than 44×44 px (links inside running text excepted, WCAG 2.5.8). */
function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, select, input:not([type=hidden]), [role=tab]')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.classList.contains('skip-link')) continue;
      const parent = el.parentElement;
      const inText = el.tagName === 'A' && getComputedStyle(el).display === 'inline' && parent
        && (parent.textContent ?? '').trim() !== (el.textContent ?? '').trim();
      if (inText) continue;
      if (box.height < 44 || box.width < 44) {
        small.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the newcomer walk, on a phone', () => {
  const s = useBrowser();

  it('browse and the profile offer booking only where it can work: verified tutors, for visitors and students', async () => {
    const { page } = s;
    const tag = uniqueName();
    const verified = await bookableTutor({ firstName: `${tag} Verified` });
    const unverified = await bookableTutor({ firstName: `${tag} Pending`, verified: false });
    const cards = () => page.getByRole('article');
    const card = (first: string) => page.getByRole('article', { name: `${tag} ${first} User` });

    // A visitor: Book Now on the verified tutor (it asks to sign in), a note on the other.
    await page.goto(`/browse-tutors?q=${tag}`);
    await until(() => cards().count()).toBe(2);
    expect(await card('Verified').getByRole('link', { name: 'Book Now' }).count()).toBe(1);
    expect(await card('Pending').getByRole('link', { name: 'Book Now' }).count()).toBe(0);
    expect(await card('Pending').innerText()).toContain('Not yet bookable');
    await page.goto(`/tutor-profile/${unverified.userId}`);
    await until(visible(page, "This tutor is still completing identity verification and can't be booked yet.")).toBe(true);
    expect(await page.getByRole('button', { name: 'Book Session Now' }).count()).toBe(0);

    // A signed-in tutor can't book anyone: View Profile only, and no booking button on the profile.
    const otherTutor = await createUser('tutor');
    await signInAs(page, otherTutor, '/tutor-dashboard');
    await page.goto(`/browse-tutors?q=${tag}`);
    await until(() => cards().count()).toBe(2);
    await until(() => card('Verified').getByRole('link', { name: 'View Profile' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Book Now' }).count()).toBe(0);
    await shot(page, 'browse-as-tutor');
    await page.goto(`/tutor-profile/${verified.userId}`);
    await until(visible(page, 'Only student accounts can book lessons.')).toBe(true);
    expect(await page.getByRole('button', { name: 'Book Session Now' }).count()).toBe(0);
  });

  it('the booking page shows money as KSh only and the zone as EAT, not "KES" or "Africa/Nairobi"', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1900 });
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    await onNairobiTime(page);
    await signInAs(page, student, '/student-dashboard');
    await page.goto(`/book-tutor/${tutor.userId}?start=${encodeURIComponent(start!)}`);
    await until(() => page.getByLabel('Time', { exact: true }).inputValue()).toBe(start);
    const text = await page.locator('main').innerText();
    expect.soft(text).toContain('KSh 1,900 per hour');
    expect.soft(text).toContain('Total: KSh 1,900');
    expect.soft(text).toContain('Times are in EAT (your time zone)');
    expect(text).not.toMatch(/KES|Africa\/Nairobi/);
  });

  it("the booking form's missing-information error is said once, in the form, and goes as soon as the form is fixed", async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1900 });
    const student = await createUser('student');
    const [start] = await freeStarts(tutor.userId);
    await signInAs(page, student, '/student-dashboard');
    await page.goto(`/book-tutor/${tutor.userId}?start=${encodeURIComponent(start!)}`);
    const bookAndPay = page.getByRole('button', { name: 'Book & Pay' });
    await until(() => page.getByLabel('Time', { exact: true }).inputValue()).toBe(start);

    // No subject: said once in the form however often Book & Pay is pressed (no toast over the
    // fields), and the field says what is missing.
    await bookAndPay.click();
    await bookAndPay.click();
    const problem = page.locator('#booking-problem');
    await until(() => problem.innerText()).toBe('Missing Information: Please fill in all required fields');
    expect.soft(await page.getByText('Missing Information').count()).toBe(1);
    expect.soft(await page.locator('.toast').count()).toBe(0);
    await until(() => page.locator('#bk-subject-error').innerText()).toBe('Choose a subject');
    await shot(page, 'booking-problem');

    // Fixing the form takes the message away at once.
    await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    await until(() => problem.count(), 1_500).toBe(0);
  });

  it('sign-in asks no role (the account has one): a tutor gets no "registered as" notice, nor one over Access Denied', async () => {
    const { page } = s;
    const tutor = await createUser('tutor');
    const notice = page.getByText(/registered as a/);
    await page.goto('/auth');
    await until(() => page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.getByLabel('I am a').count()).toBe(0);
    await signInAs(page, tutor, '/tutor-dashboard');
    await until(visible(page, 'Welcome, Test')).toBe(true);
    expect(await notice.count()).toBe(0);

    // A deep link to a page the role can't open: Access Denied, with no notice on top.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/student-dashboard');
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill(tutor.email);
    await page.getByLabel('Password', { exact: true }).fill(tutor.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/student-dashboard');
    await until(visible(page, 'Access Denied')).toBe(true);
    expect(await notice.count()).toBe(0);
  });

  it("a brand-new student is greeted 'Welcome', not 'Welcome back'", async () => {
    const { page } = s;
    const student = await createUser('student', { firstName: 'Baraka' });
    await signInAs(page, student, '/student-dashboard');
    await until(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/^Welcome/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome, Baraka!');
  });

  it('a brand-new tutor reads texts that agree: badge and KYC card, no 0% success rate, all three durations', async () => {
    const { page } = s;
    const tutor = await createUser('tutor');
    await signInAs(page, tutor, '/tutor-dashboard');
    const successRate = page.locator('.stat-card', { hasText: 'Success Rate' }).locator('dd');
    await until(() => successRate.innerText()).not.toBe('…');
    await until(() => page.locator('.profile-card').isVisible()).toBe(true);
    await page.waitForTimeout(1_000); // the badge waits for the tutor's documents
    const badge = await page.locator('.profile-card .pending-badge, .profile-card .verified-badge').allInnerTexts();
    expect.soft(await successRate.innerText()).toBe('No lessons yet');
    expect.soft(badge).toEqual(['Not verified yet']);
    await page.getByRole('tab', { name: 'KYC Verification' }).click();
    await until(visible(page, 'Get Started')).toBe(true);
    await page.getByRole('tab', { name: 'Availability' }).click();
    await until(() => page.getByRole('region', { name: 'Weekly availability' }).isVisible()).toBe(true);
    const availability = await page.getByRole('region', { name: 'Weekly availability' }).innerText();
    expect.soft(availability).toContain('1-hour, 90-minute or 2-hour sessions');
    expect(availability).not.toContain('one-hour');
  });

  it("the tutor's Bookings tab shows the student's notes and the amount", async () => {
    const { page } = s;
    const tutor = await bookableTutor({ hourlyRate: 1500 });
    const student = await createUser('student', { firstName: 'Amani' });
    const [start] = await freeStarts(tutor.userId);
    expect((await book(student, tutor.userId, start!, 90, { notes: 'KCSE paper 1, vectors' })).status).toBe(201);
    await signInAs(page, tutor, '/tutor-dashboard');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    const card = page.getByRole('article', { name: 'Amani User' });
    await until(() => card.isVisible()).toBe(true);
    const text = await card.innerText();
    expect(text).toContain('KSh 2,250');
    expect(text).toContain('KCSE paper 1, vectors');
  });

  it('tap targets are at least 44 px on the landing, browse, sign-in, tutor dashboard and availability pages', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ verified: false });
    const problems: Record<string, string[]> = {};
    await page.goto('/');
    await until(visible(page, 'Find Your Perfect Tutor')).toBe(true);
    problems['/'] = await smallTapTargets(page);
    await page.goto('/browse-tutors');
    await until(() => page.getByRole('article').count()).toBeGreaterThan(0);
    problems['/browse-tutors'] = await smallTapTargets(page);
    await page.goto('/auth');
    problems['/auth'] = await smallTapTargets(page);
    await signInAs(page, tutor, '/tutor-dashboard');
    await until(() => page.getByRole('tabpanel').getByRole('heading').first().isVisible()).toBe(true);
    problems['/tutor-dashboard'] = await smallTapTargets(page);
    await page.goto('/tutor-availability');
    await until(() => page.getByRole('button', { name: /^Delete / }).count()).toBeGreaterThan(0);
    problems['/tutor-availability'] = await smallTapTargets(page);
    expect(Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length > 0))).toEqual({});
  });

  it("tutor dashboard: the tab's content starts above the fold (banner, figures, tabs compact), nothing overflows sideways", async () => {
    const { page } = s;
    const tutor = await bookableTutor({ verified: false }); // the KYC banner shows, as for every new tutor
    await signInAs(page, tutor, '/tutor-dashboard');
    const panel = page.getByRole('tabpanel');
    await until(() => panel.getByRole('heading').first().isVisible()).toBe(true);
    await shot(page, 'tutor-dashboard');
    expect.soft((await panel.boundingBox())!.y).toBeLessThan(844 * 0.67);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    // The figures and the tabs run past the screen's edge: the edge fades, so they read as "more this way".
    await until(() => page.getByRole('region', { name: 'Your teaching figures' }).getAttribute('data-more')).toBe('end');
    await until(() => page.getByRole('tablist').getAttribute('data-more')).toMatch(/^(end|both)$/);
    await page.getByRole('tablist').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await until(() => page.getByRole('tablist').getAttribute('data-more')).toBe('start');
  });

  it('Earnings tab: the page ends with the card (a hidden table once left a tall white band below)', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ verified: false });
    await signInAs(page, tutor, '/tutor-dashboard');
    await page.goto('/tutor-dashboard?tab=earnings');
    const earnings = page.getByRole('region', { name: 'Earnings' });
    await until(() => earnings.getByText('Earnings by month (KSh)').isVisible()).toBe(true);
    await shot(page, 'earnings');
    const bottom = await earnings.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
    // Only the account line (Privacy & data) follows the card, right under it.
    const footer = await page.locator('.dashboard-footer').evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY };
    });
    expect(footer.top).toBeLessThanOrEqual(bottom + 64);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(Math.max(844, footer.bottom + 64));
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });

  it('admin analytics: chart labels are at least 12 px as drawn and the weekly table fits the phone', async () => {
    const { page } = s;
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await page.goto('/admin-dashboard?tab=analytics');
    await until(() => page.locator('.weekly-chart svg').count()).toBe(3);
    await shot(page, 'analytics');
    const smallest = await page.locator('.weekly-chart svg text').evaluateAll((texts) =>
      Math.min(...texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * ((t as SVGTextElement).getScreenCTM()?.a ?? 1))));
    expect.soft(smallest).toBeGreaterThanOrEqual(12);
    const table = await page.locator('.table-wrap').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect.soft(table.scroll).toBeLessThanOrEqual(table.client);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});

describe('one site header', () => {
  const s = useBrowser();
  const headerItems = (page: Page) => page.locator('header.site-header nav').locator('a, button').allInnerTexts();
  /** A phone and a desktop picture of each page, looked at before a change to the frame is done. */
  const bothShots = async (phone: Page, desktop: Page, name: string) => {
    await phone.screenshot({ path: `.local/header-${name}-390.png` }).catch(() => {});
    await desktop.screenshot({ path: `.local/header-${name}-1280.png` }).catch(() => {});
  };

  it('has the same links on every page (landing, browse, courses, booking, payment, AI, bookings), Sign Out included, and stays compact on a phone', async () => {
    const { page } = s;
    const desktop = (await s.another({ viewport: { width: 1280, height: 800 } })).page;
    const tutor = await bookableTutor();

    // A visitor: the same links on the open pages, and the footer offers no tutor dashboard.
    const visitorPages = ['/', '/browse-tutors', '/course-dashboard', '/help'];
    for (const path of visitorPages) {
      await page.goto(path);
      await until(() => headerItems(page)).toEqual(['Find Tutors', 'Courses', 'Sign In', 'Get Started']);
    }
    await page.goto('/');
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Tutor Dashboard' }).count()).toBe(0);

    const student = await createUser('student');
    for (const p of [page, desktop]) await signInAs(p, student, '/student-dashboard');
    const signedIn = ['Dashboard', 'Find Tutors', 'Courses', 'AI Learning', 'My Bookings', 'Messages', 'Sign Out'];
    const pages: Array<[name: string, path: string]> = [
      ['landing', '/'],
      ['browse', '/browse-tutors'],
      ['courses', '/course-dashboard'],
      ['booking', `/book-tutor/${tutor.userId}`],
      ['payment', '/payment-callback'],
      ['ai-learning', '/ai-learning'],
      ['assistant', '/ai-study-assistant'],
      ['my-bookings', '/my-bookings'],
      ['dashboard', '/student-dashboard'],
    ];
    for (const [name, path] of pages) {
      await Promise.all([page.goto(path), desktop.goto(path)]);
      await until(() => headerItems(page)).toEqual(signedIn);
      await until(() => headerItems(desktop)).toEqual(signedIn);
      await until(() => page.locator('main h1').first().isVisible()).toBe(true);
      // On a phone: brand and language on one row, the links on one more (it used to be six stacked rows).
      // On a desktop: all of it on one row.
      expect(await desktop.locator('header.site-header').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(80);
      expect(await page.locator('header.site-header').evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(130);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      // Seven items do not fit a phone's row: it scrolls, and its edge says so.
      await until(() => page.locator('header.site-header nav').getAttribute('data-more')).toBe('end');
      // Nothing of the page's heading sits under (or against) the header.
      const gap = await page.evaluate(() => {
        const header = document.querySelector('header.site-header')!.getBoundingClientRect();
        const heading = document.querySelector('main h1')!.getBoundingClientRect();
        return heading.top - header.bottom;
      });
      expect(gap, `${name}: space between header and heading`).toBeGreaterThanOrEqual(12);
      await bothShots(page, desktop, name);
    }

    // The payment page signs out like every other page.
    await page.goto('/payment-callback');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await until(() => headerItems(page)).toEqual(['Find Tutors', 'Courses', 'Sign In', 'Get Started']);
  });
});

