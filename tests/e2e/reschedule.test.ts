/**
 * Moving a paid lesson in the browser (phone viewport, Nairobi clock): the
 * student proposes a new time from the tutor's free hours in My Bookings, the tutor accepts it in
 * theirs, and both see the lesson at the new time.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, freeStarts, paidLesson } from '../support/fixtures.js';

const ZONE = 'Africa/Nairobi';
const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
const nairobi = (iso: string) => {
  const at = new Date(iso);
  return {
    /** The date picker's value: the local date. */
    date: new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at),
    time: new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at),
  };
};

async function openMyBookings(page: Page, user: TestUser, landing: 'student-dashboard' | 'tutor-dashboard') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: ZONE });
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL(`**/${landing}`);
  await page.goto('/my-bookings');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('rescheduling in the browser', () => {
  const s = useBrowser();

  it('a student proposes a new time, the tutor accepts, and both see the lesson at the new time', async () => {
    const { page } = s;
    const student = await createUser('student', { firstName: 'Wanjiru' });
    // More than 12 hours ahead, so the student may still move it whatever the time of day.
    const tutor = await bookableTutor();
    const nth = (await freeStarts(tutor.userId)).findIndex((start) => Date.parse(start) > Date.now() + 13 * 3_600_000);
    const { booking } = await paidLesson({ tutor, student, nth });
    // A later day than the lesson's, so the new date is easy to tell apart.
    const newStart = (await freeStarts(tutor.userId)).find((start) => start.slice(0, 10) !== booking.scheduledAt.slice(0, 10))!;
    const target = nairobi(newStart);

    await openMyBookings(page, student, 'student-dashboard');
    const card = page.getByRole('article', { name: 'Mathematics' });
    await until(() => card.getByRole('button', { name: 'Reschedule' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Reschedule' }).click();
    await until(() => card.getByLabel('New date', { exact: true }).locator('option').count()).toBeGreaterThan(1);
    await card.getByLabel('New date', { exact: true }).selectOption(target.date);
    await card.getByLabel('New time', { exact: true }).selectOption(newStart);
    expect(await checkAxeOnce(page, 'reschedule picker')).toEqual([]);
    await card.getByRole('button', { name: 'Propose this time' }).click();
    await until(() => card.getByText('You proposed a new time').isVisible()).toBe(true);
    expect(await card.innerText()).toContain(target.time);
    expect(await card.getByRole('button', { name: 'Withdraw proposal' }).count()).toBe(1);
    expect(await checkAxeOnce(page, 'reschedule proposed')).toEqual([]);
    await signOut(page);

    await openMyBookings(page, tutor, 'tutor-dashboard');
    const tutorCard = page.getByRole('article', { name: 'Mathematics' });
    await until(() => tutorCard.getByText('Wanjiru').first().isVisible()).toBe(true);
    await until(() => tutorCard.getByText(/proposed a new time/).isVisible()).toBe(true);
    expect(await tutorCard.getByRole('button', { name: 'Decline' }).count()).toBe(1);
    await tutorCard.getByRole('button', { name: 'Accept new time' }).click();
    await until(() => page.getByText('Lesson moved to the new time.').isVisible()).toBe(true);
    await until(() => tutorCard.getByText(/proposed a new time/).count()).toBe(0);
    expect(await tutorCard.innerText()).toContain(`${target.time}–`);
    await signOut(page);

    await openMyBookings(page, student, 'student-dashboard');
    await until(() => card.isVisible()).toBe(true);
    await until(async () => (await card.innerText()).includes(`${target.time}–`)).toBe(true);
    expect(await card.getByText('You proposed a new time').count()).toBe(0);
  });
});
