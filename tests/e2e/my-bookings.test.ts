/**
 * My Bookings in the browser: a student's lessons in three sections (Upcoming, Past, Cancelled &
 * expired), in English and Kiswahili, and an expired hold's Book again leading to the same tutor's
 * booking page. Screenshots at 390 px and 1280 px go to .local/ for a look.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectOk, callApi, createUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, book, expireHold, freeStarts, lessonBooking } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });

async function shoot(page: Page, name: string, part: Locator) {
  await part.screenshot({ path: `.local/${name}-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await part.screenshot({ path: `.local/${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
}

describe('My Bookings', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('separates upcoming, past and cancelled & expired lessons, and an expired hold offers Book again', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: 'Achieng' });
    const student = await createUser('student');
    // Upcoming: a paid lesson ahead. Past: a paid lesson whose time has gone by.
    await lessonBooking(student, tutor.userId);
    await lessonBooking(student, tutor.userId, { startsIn: -180 });
    // Expired: a hold never paid. Cancelled: a hold released by the student.
    const starts = await freeStarts(tutor.userId);
    const held = await book(student, tutor.userId, starts[0]!, 60, { subject: 'Physics' });
    expect(held.status).toBe(201);
    await expireHold((held.body.booking as { id: string }).id);
    const released = await book(student, tutor.userId, starts[1]!, 60, { subject: 'Physics', notes: 'Released' });
    expect(released.status).toBe(201);
    await expectOk(callApi('cancelBooking', {
      token: student.accessToken, params: { bookingId: (released.body.booking as { id: string }).id }, body: {},
    }), 'cancel');

    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    const upcoming = page.getByRole('region', { name: /^Upcoming/ });
    const past = page.getByRole('region', { name: /^Past/ });
    const closed = page.getByRole('region', { name: /^Cancelled & expired/ });
    await until(() => closed.isVisible()).toBe(true);
    expect(await upcoming.getByRole('article').count()).toBe(1);
    // Join session is there: a link once the room opens, until then a disabled button saying when.
    expect(await upcoming.getByRole('link', { name: 'Join session' }).or(upcoming.getByRole('button', { name: 'Join session' })).count()).toBe(1);
    expect(await past.getByRole('article').count()).toBe(1);
    expect(await closed.getByRole('article').count()).toBe(2);
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Upcoming (1)', 'Past (1)', 'Cancelled & expired (2)']);
    expect(await checkAxeOnce(page, 'my bookings in sections')).toEqual([]);
    await shoot(page, 'my-bookings-sections', page.locator('main'));

    // Only the expired hold offers Book again, to the same tutor's booking page.
    const expired = closed.getByRole('article').filter({ hasNot: page.getByText('Cancelled by you') });
    expect(await closed.getByRole('article').filter({ has: page.getByText('Cancelled by you') }).getByRole('link', { name: 'Book again' }).count()).toBe(0);
    await expired.getByRole('link', { name: 'Book again' }).click();
    await page.waitForURL(`**/book-tutor/${tutor.userId}`);

    // In Kiswahili, the sections are named in Kiswahili.
    await page.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await page.goto('/my-bookings');
    await until(() => page.getByRole('heading', { level: 2, name: /^Yaliyoghairiwa na yaliyoisha muda/ }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(['Yajayo (1)', 'Yaliyopita (1)', 'Yaliyoghairiwa na yaliyoisha muda (2)']);
    expect(await page.getByRole('link', { name: 'Weka nafasi tena' }).count()).toBe(1);
    await shoot(page, 'my-bookings-sections-sw', page.locator('main'));
  });

  it('names the lesson\'s subject in Kiswahili on My Bookings, the dashboard and the tutor\'s bookings', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: 'Baraka' });
    const student = await createUser('student');
    await lessonBooking(student, tutor.userId); // a Mathematics lesson
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.evaluate(() => localStorage.setItem('alp.language', 'sw'));

    await page.goto('/my-bookings');
    const upcoming = page.getByRole('region', { name: /^Yajayo/ });
    await until(() => upcoming.getByRole('article').count()).toBe(1);
    expect(await upcoming.getByRole('heading', { level: 3 }).innerText()).toBe('Hisabati');
    await page.goto('/student-dashboard');
    await until(() => page.locator('.upcoming-item').count()).toBe(1);
    expect(await page.locator('.upcoming-item').first().innerText()).toContain('Hisabati');

    const other = await s.another();
    await signInThroughUi(other.page, tutor.email, tutor.password);
    await other.page.waitForURL('**/tutor-dashboard**');
    await other.page.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await other.page.goto('/tutor-dashboard?tab=bookings');
    const card = other.page.locator('.booking-card').first();
    await until(() => card.isVisible()).toBe(true);
    expect(await card.innerText()).toContain('Hisabati');
    expect(await card.innerText()).not.toContain('Mathematics');
  });
});
