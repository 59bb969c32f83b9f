/**
 * Accessibility by hand, checked the way the audit found the problems: with the
 * keyboard, forced colours, reduced motion, 200% text on a 390 px phone and a 320 px screen, and
 * axe-core (WCAG 2.2 A/AA) on each page state visited. Each test makes its own users.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '../support/api.js';
import { DEFAULT_SUPPORT_EMAIL, DEFAULT_SUPPORT_PHONE } from '../../infra/aws/definitions.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { textContrasts } from '../support/contrast.js';
import { bookableTutor } from '../support/fixtures.js';
import { PNG, postUpload, type Ticket } from '../support/uploads.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
/** Letters only (names are words), so a search finds exactly this test's tutors. */
const uniqueName = () => `Zq${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
const shot = (page: Page, name: string) => page.screenshot({ path: `.local/a11y-${name}.png`, fullPage: true }).catch(() => {});

/** What has keyboard focus: tag, and its text or label ("body" when focus was dropped). */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim();
  return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${text}`.trim();
});

/** The page scrolls sideways (WCAG 1.4.10 reflow fails) by this many px. */
const sidewaysScroll = (page: Page) => page.evaluate(() => {
  const doc = document.scrollingElement!;
  return doc.scrollWidth - doc.clientWidth;
});

async function signInAs(page: Page, user: { email: string; password: string }, landing: string) {
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL(`**${landing}`);
}

/** A tutor with one pending KYC document (an ID card), for the review queue. */
async function tutorWithPendingDocument(firstName: string): Promise<TestUser> {
  const tutor = await createUser('tutor', { firstName });
  const ticket = (await api<Ticket>('/api/kyc/uploads', {
    method: 'POST', token: tutor.accessToken, body: { fileName: 'id.png', contentType: 'image/png', size: PNG.length },
  })).body;
  await postUpload(ticket, new Uint8Array(PNG), 'image/png');
  const doc = await api('/api/kyc/documents', { method: 'POST', token: tutor.accessToken, body: { documentType: 'id_card', key: ticket.key } });
  if (doc.status !== 200 && doc.status !== 201) throw new Error(`KYC document: ${doc.status}`);
  return tutor;
}

describe('accessibility on a phone (390 px)', () => {
  // Load more and the browse skeleton are held with page.route, which the app's worker would bypass.
  const s = useBrowser({ serviceWorkers: 'block' });

  it('keyboard: the skip link enters the page, a busy Load more keeps focus, then focus is on the first new card', async () => {
    const { page } = s;
    await page.goto('/browse-tutors');
    const cards = page.getByRole('article');
    await until(() => cards.count()).toBeGreaterThan(0);
    expect(await checkAxeOnce(page, 'browse')).toEqual([]);

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a Skip to content');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatch(/^main#main/);

    // The next page answers slowly, so the busy state can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/tutors?*cursor=*', async (route) => { await held; await route.continue(); });
    const before = await cards.count();
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await until(() => loadMore.getAttribute('aria-busy')).toBe('true');
    expect(await focused(page)).toBe('button Load more');
    await page.keyboard.press('Enter'); // ignored while busy: still one request, focus stays
    expect(await focused(page)).toBe('button Load more');
    release();

    await until(() => cards.count()).toBeGreaterThan(before);
    const firstNew = (await cards.nth(before).getByRole('heading').innerText()).trim();
    await until(() => focused(page)).toMatch(new RegExp(`^h2#\\S+ ${firstNew}$`));
    // Tab carries on inside that card, not from the top of the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a View Profile');
  });

  it('sign-in: an empty field says so beside itself and takes focus; a failed Sign In keeps focus on the button', async () => {
    const { page } = s;
    await page.goto('/auth');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
    await until(() => signIn.isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'auth sign-in')).toEqual([]);

    await signIn.click();
    await until(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await email.getAttribute('aria-describedby')}`).innerText()).toBe('Enter your email');
    expect(await focused(page)).toMatch(/^input#signin-email/);
    expect(await page.getByRole('alert').innerText()).toBe('Please fill in all fields');
    expect(await checkAxeOnce(page, 'auth sign-in errors')).toEqual([]);

    await email.fill('someone@example.com');
    await signIn.click();
    await until(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('#signin-password-error').innerText()).toBe('Enter your password');
    expect(await focused(page)).toMatch(/^input#signin-password/);

    await password.fill('not-the-password');
    await signIn.focus();
    await page.keyboard.press('Enter');
    await until(() => page.getByRole('alert').innerText()).toBe('Incorrect email or password.');
    expect(await focused(page)).toBe('button Sign In');
    expect((await password.getAttribute('aria-describedby')) ?? '').toContain('signin-error');
  });

  it('profile and booking: focus moves to each new page heading, date buttons are named by their text, errors sit beside the fields', async () => {
    const { page } = s;
    const tag = uniqueName();
    const tutor = await bookableTutor({ firstName: tag });
    const student = await createUser('student');
    await signInAs(page, student, '/student-dashboard');
    expect(await checkAxeOnce(page, 'student dashboard')).toEqual([]);

    await page.goto(`/browse-tutors?q=${tag}`);
    await until(() => page.getByRole('article').count()).toBe(1);
    await page.getByRole('link', { name: 'View Profile' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/tutor-profile/${tutor.userId}`);
    await until(() => focused(page)).toBe(`h1#tutor-name ${tag} User`);

    const dates = page.locator('.date-button');
    await until(() => dates.count()).toBeGreaterThan(0);
    expect(await checkAxeOnce(page, 'tutor profile')).toEqual([]);
    for (const date of (await dates.all()).slice(0, 3)) {
      const visible = (await date.evaluate((el) => el.textContent ?? '')).replace(/\s+/g, ' ').trim();
      expect(await date.ariaSnapshot()).toContain(`button "${visible}`);
    }

    // No date chosen: said under the dates (no toast), and the button points at it.
    const bookNow = page.getByRole('button', { name: 'Book Session Now' });
    await bookNow.click();
    await until(() => page.locator('#calendar-problem').innerText()).toBe('Please select a date');
    expect(await bookNow.getAttribute('aria-describedby')).toBe('calendar-problem');
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await checkAxeOnce(page, 'tutor profile, no date')).toEqual([]);

    await dates.first().click();
    await until(() => page.locator('#calendar-problem').count()).toBe(0);
    await page.locator('.time-button').first().click();
    await bookNow.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/book-tutor/${tutor.userId}?start=*`);
    await until(() => focused(page)).toBe(`h1#book-title Book ${tag} User`);
    const time = page.getByLabel('Time', { exact: true });
    await until(() => time.inputValue()).not.toBe('');
    expect(await checkAxeOnce(page, 'booking form')).toEqual([]);

    // No subject: the form says so above Book & Pay, the subject says what it lacks and has focus.
    const bookAndPay = page.getByRole('button', { name: 'Book & Pay' });
    await bookAndPay.click();
    await bookAndPay.click();
    await until(() => page.locator('#booking-problem').innerText()).toBe('Missing Information: Please fill in all required fields');
    expect(await page.locator('#bk-subject-error').innerText()).toBe('Choose a subject');
    expect(await page.getByLabel('Subject', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await focused(page)).toMatch(/^select#bk-subject/);
    expect(await page.locator('.toast').count()).toBe(0);
    expect(await checkAxeOnce(page, 'booking form errors')).toEqual([]);
    await page.getByLabel('Subject', { exact: true }).selectOption('Mathematics');
    await until(() => page.locator('#booking-problem').count()).toBe(0);
  });

  it('toasts sit clear of the focused control and wait while hovered; availability errors sit under End time', async () => {
    const { page } = s;
    const tutor = await createUser('tutor');
    await page.clock.install();
    await signInAs(page, tutor, '/tutor-dashboard');
    expect(await checkAxeOnce(page, 'tutor dashboard')).toEqual([]);
    await page.goto('/tutor-dashboard?tab=kyc');
    await until(() => page.getByRole('heading', { name: 'Upload a document' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'tutor dashboard KYC')).toEqual([]);

    await page.goto('/tutor-availability');
    const add = page.getByRole('button', { name: 'Add Availability Slot' });
    await until(() => add.isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'availability')).toEqual([]);

    // The button at the top of the screen: the toast must not land on it.
    await page.getByLabel('Day').selectOption('3');
    await add.focus();
    await add.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 8));
    await page.keyboard.press('Enter');
    const toast = page.locator('.toast', { hasText: 'Availability slot added successfully' });
    await until(() => toast.isVisible()).toBe(true);
    expect(await focused(page)).toBe('button Add Availability Slot');
    const [toastBox, buttonBox] = [(await toast.boundingBox())!, (await add.boundingBox())!];
    expect(toastBox.y >= buttonBox.y + buttonBox.height || toastBox.y + toastBox.height <= buttonBox.y).toBe(true);

    // Hovered, it stays past its time; let go, it leaves.
    await toast.hover();
    await page.clock.fastForward(20_000);
    expect(await toast.isVisible()).toBe(true);
    await page.mouse.move(1, 1);
    await page.clock.fastForward(20_000);
    await until(() => toast.count()).toBe(0);

    // The same slot again is refused beside the field it concerns, not in a toast.
    await page.keyboard.press('Enter');
    const end = page.getByLabel('End time');
    await until(() => end.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#slot-end-error').innerText()).toMatch(/overlaps another availability slot/);
    expect(await focused(page)).toMatch(/^select#slot-end/);
    expect(await page.locator('.toast-error').count()).toBe(0);
  });

  it('forced colours show a focus outline; reduced motion stills skeletons and spinners', async () => {
    const { page } = s;
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/api/tutors?*', async (route) => { await held; await route.continue(); });
    await page.goto('/browse-tutors');
    const skeleton = page.locator('.skeleton').first();
    await until(() => skeleton.count()).toBe(1);
    expect(await skeleton.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    release();
    await until(() => page.getByRole('article').count()).toBeGreaterThan(0);

    await page.getByLabel('Search tutors').focus();
    await page.keyboard.press('Shift+Tab'); // keyboard focus, so :focus-visible applies
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);

    let releaseMore = () => {};
    const heldMore = new Promise<void>((resolve) => { releaseMore = resolve; });
    await page.unroute('**/api/tutors?*');
    await page.route('**/api/tutors?*cursor=*', async (route) => { await heldMore; await route.continue(); });
    await page.getByRole('button', { name: 'Load more' }).click();
    const spinner = page.locator('.load-more .spinner');
    await until(() => spinner.count()).toBe(1);
    expect(await spinner.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    releaseMore();
  });

  it('every text on the hero gradient, stat cards and buttons has 4.5:1 (3:1 large) against every pixel behind it', async () => {
    const { page } = s;
    const failing: string[] = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await until(() => page.locator('.hero dd').first().isVisible()).toBe(true);
      const found = await textContrasts(page, '.hero .eyebrow, .hero h1, .hero-lead, .hero .actions a, .hero dt, .hero dd');
      expect(found.length, 'the hero texts were found').toBeGreaterThanOrEqual(7);
      failing.push(...found.filter((t) => t.ratio < t.required).map((t) => `${width} px "${t.text}": ${t.ratio}:1 < ${t.required}:1`));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    expect(failing).toEqual([]);
  });

  it('the footer leads to real Help, Contact and Privacy pages', async () => {
    const { page } = s;
    await page.goto('/');
    await until(() => page.getByRole('link', { name: 'Help Center' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'landing')).toEqual([]);

    await page.getByRole('link', { name: 'Help Center' }).click();
    await page.waitForURL('**/help');
    await until(() => focused(page)).toBe('h1 Help Center');
    await until(() => page.getByRole('link', { name: DEFAULT_SUPPORT_PHONE }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: DEFAULT_SUPPORT_PHONE }).getAttribute('href')).toBe(`tel:${DEFAULT_SUPPORT_PHONE.replace(/ /g, '')}`);
    expect(await page.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${DEFAULT_SUPPORT_EMAIL}`);
    expect(await checkAxeOnce(page, 'help')).toEqual([]);

    await page.getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact');
    // The URL changes before the page does (the Help page's e-mail link is the same): wait for the new heading.
    await until(() => focused(page)).toBe('h1 Contact Us');
    await until(() => page.getByRole('link', { name: DEFAULT_SUPPORT_EMAIL }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'contact')).toEqual([]);

    await page.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/privacy');
    await until(() => focused(page)).toBe('h1 Privacy Policy');
    const notice = await page.locator('main').innerText();
    expect(notice).toContain('KYC documents');
    expect(notice).toMatch(/only the tutor who uploaded them and super administrators can open them/);
    expect(notice).toMatch(/kept while the tutor account exists/);
    expect(notice).toMatch(/deleted after one day/);
    expect(await checkAxeOnce(page, 'privacy')).toEqual([]);
    await shot(page, 'privacy-390');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);

    // Signed in, the support pages' header leads to the dashboard, as browse's does.
    await signInAs(page, await createUser('student'), '/student-dashboard');
    await page.goto('/help');
    await until(() => header.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
  });

  it('admin: the analytics table is a named, focusable region; after a review focus goes to the next document', async () => {
    const { page } = s;
    const tag = uniqueName();
    await tutorWithPendingDocument(`${tag}a`);
    await tutorWithPendingDocument(`${tag}b`);
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    expect(await checkAxeOnce(page, 'super admin dashboard')).toEqual([]);

    await page.goto('/admin-dashboard?tab=analytics');
    const table = page.getByRole('region', { name: /^Weekly figures/ });
    await until(() => table.isVisible()).toBe(true);
    expect(await table.getAttribute('tabindex')).toBe('0');
    expect(await checkAxeOnce(page, 'admin analytics')).toEqual([]);

    await page.goto('/admin-dashboard?tab=kyc');
    await page.getByLabel('Search documents').fill(tag);
    const items = page.locator('.pending-item');
    await until(() => items.count()).toBe(2);
    expect(await checkAxeOnce(page, 'admin KYC queue')).toEqual([]);
    const second = (await items.nth(1).locator('strong').innerText()).trim();
    await items.first().click();
    const dialog = page.getByRole('dialog', { name: 'Review KYC document' });
    const approve = dialog.getByRole('button', { name: 'Approve' });
    await until(() => approve.isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'admin KYC review dialog')).toEqual([]);
    await approve.focus();
    await page.keyboard.press('Enter');
    await until(() => items.count()).toBe(1);
    await until(() => focused(page)).toContain(second);
  });
});

describe('reflow and contrast: 320 px, and 200% text on a 390 px phone', () => {
  const s = useBrowser({ viewport: { width: 320, height: 720 } });

  /** Browser text size (Chrome's font-size setting), not zoom: rem-sized text doubles, the viewport stays. */
  async function textSize(page: Page, percent: 100 | 200) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 16 * (percent / 100), fixed: 13 * (percent / 100) } });
  }

  async function overflowing(page: Page, paths: readonly string[], ready: (page: Page) => Promise<unknown>) {
    const found: string[] = [];
    for (const [width, large] of [[320, false], [390, true]] as const) {
      await page.setViewportSize({ width, height: 720 });
      await textSize(page, large ? 200 : 100);
      for (const path of paths) {
        await page.goto(path);
        await ready(page);
        const extra = await sidewaysScroll(page);
        if (extra > 0) found.push(`${path} at ${width} px${large ? ', 200% text' : ''}: ${extra} px`);
        if (!large) {
          const violations = await checkAxeOnce(page, path);
          found.push(...violations);
        }
      }
    }
    return found;
  }

  const mainLoaded = (page: Page) => until(() => page.locator('main h1').first().isVisible(), 20_000).toBe(true);

  const settle = async (page: Page) => {
    await mainLoaded(page);
    await page.waitForLoadState('networkidle').catch(() => {});
  };

  it('public pages fit without sideways scrolling', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: uniqueName() });
    const paths = ['/', '/browse-tutors', '/auth', '/help', '/contact', '/privacy', `/tutor-profile/${tutor.userId}`];
    expect(await overflowing(page, paths, settle)).toEqual([]);
  });

  it("a student's pages fit without sideways scrolling", async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: uniqueName() });
    const student = await createUser('student');
    await signInAs(page, student, '/student-dashboard');
    expect(await overflowing(page, [`/book-tutor/${tutor.userId}`, '/my-bookings', '/student-dashboard'], settle)).toEqual([]);
  });

  it("a tutor's pages fit without sideways scrolling", async () => {
    const { page } = s;
    const tutor = await createUser('tutor');
    await signInAs(page, tutor, '/tutor-dashboard');
    expect(await overflowing(page, ['/tutor-dashboard', '/tutor-dashboard?tab=kyc', '/tutor-availability'], settle)).toEqual([]);
  });
});

describe('at desktop size (1280 px)', () => {
  const s = useBrowser({ viewport: { width: 1280, height: 800 } });

  it('the landing, browse and support pages have no axe violations', async () => {
    const { page } = s;
    const found: string[] = [];
    for (const path of ['/', '/browse-tutors', '/help', '/privacy']) {
      await page.goto(path);
      await until(() => page.locator('main h1').first().isVisible()).toBe(true);
      await page.waitForLoadState('networkidle').catch(() => {});
      found.push(...(await checkAxeOnce(page, path)));
      await shot(page, `desktop${path.replace(/\W+/g, '-')}`);
    }
    expect(found).toEqual([]);
  });
});
