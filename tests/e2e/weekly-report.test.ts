/**
 * The weekly progress report page in the browser, on a 390 px phone: the parent opens their
 * child's week from the learner card, steps to the week of a reported lesson and reads its
 * topics and homework; then the same page in Kiswahili. Another household's learner is refused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { weekOf } from '../../functions/weeklyreports/rules.js';
import { callApi, createUser, eventually, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts, payBooking } from '../support/fixtures.js';
import { visibleTextNotIn } from '../support/i18n-check.js';
import { useStackEnvironment } from '../support/jobs.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the weekly report page', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('the parent opens the child\'s week from the card and reads the reported lesson, in English and Kiswahili', async () => {
    const [tutor, parent, stranger] = await Promise.all([
      bookableTutor({ firstName: 'Wambui' }), createUser('parent', { firstName: 'Wanjiru' }), createUser('parent'),
    ]);
    const { learner } = await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Kamau', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    }), 'child');
    const [start] = await freeStarts(tutor.userId);
    const booked = await book(parent, tutor.userId, start!, 60, { learnerId: learner.id });
    expect(booked.status).toBe(201);
    await payBooking(parent, booked.body.booking);
    const bookingId = booked.body.booking.id as string;
    useStackEnvironment();
    await completeLesson(bookingId, 'ended_by_tutor');
    await expectOk(callApi('saveLessonReport', {
      token: tutor.accessToken, params: { bookingId },
      body: { revision: 0, topics: ['Equivalent fractions'], performance: 'confident', nextSteps: 'Unlike denominators.', homework: { text: 'Exercise 4B' } },
    }), 'save');
    await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1 } }), 'approve');
    const lessonWeek = weekOf(new Date(start!));
    // The week's marker comes from the report's event: the page shows the lesson once it is there.
    await eventually(async () => (await expectOk(callApi('getWeeklyReport', {
      token: parent.accessToken, params: { learnerId: learner.id, week: lessonWeek },
    }), 'week')).report?.lessons[0]?.topics.length);

    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    // The card opens this week's page (the week so far).
    await page.getByRole('link', { name: 'Amani\'s week' }).click();
    await page.waitForURL(`**/weekly-reports/${learner.id}/${weekOf(new Date())}`);
    await until(() => page.getByRole('heading', { name: 'Amani\'s week' }).isVisible()).toBe(true);
    expect(await page.getByText(/^\w{3} \d{1,2} \w{3} \d{4} to \w{3} \d{1,2} \w{3} \d{4}$/).isVisible()).toBe(true);
    // The test's lesson was held "now" at its booked hour, which may be next week: its week's own link, as the e-mail has.
    await page.goto(`/weekly-reports/${learner.id}/${lessonWeek}`);
    await until(() => page.getByText('Topics: Equivalent fractions').isVisible()).toBe(true);
    const body = await page.locator('main').innerText();
    expect(body).toContain('Lessons held');
    expect(body).toContain('Mathematics');
    expect(body).toContain('No quiz games this week.');
    expect(await checkAxeOnce(page, 'weekly report')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/weekly-report-390.png', fullPage: true });

    // The week before it had nothing: said plainly.
    await page.getByRole('link', { name: 'Previous week' }).click();
    await until(() => page.getByText('Nothing happened this week: no lessons, homework or quiz games.').isVisible()).toBe(true);
    await page.goBack();
    await until(() => page.getByText('Topics: Equivalent fractions').isVisible()).toBe(true);

    // Kiswahili: every text of ours translated; names, the subject and the tutor's words are data.
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    await until(() => page.getByRole('heading', { name: 'Wiki ya Amani' }).isVisible()).toBe(true);
    expect(await visibleTextNotIn(page, 'sw', ['Amani', 'Wanjiru', 'Wambui', 'Mathematics', 'Hisabati', 'Equivalent fractions', 'Exercise 4B', parent.email])).toEqual([]);
    await page.screenshot({ path: '.local/weekly-report-sw-390.png', fullPage: true });

    // Another parent cannot open this child's week.
    const other = await callApi('getWeeklyReport', { token: stranger.accessToken, params: { learnerId: learner.id, week: lessonWeek } });
    expect(other.status).toBe(404);
  });
});
