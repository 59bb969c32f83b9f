/**
 * Lesson reports in the browser, on a 390 px phone: the tutor opens a completed lesson's report
 * from the Bookings tab, has it drafted from three words (the Bedrock sandbox answers with the
 * write_lesson_report tool: the words as a topic, "<subject> practice", getting_there, homework
 * and a "Local sandbox draft" next step), changes it, adds a private note and approves it; the
 * parent, reading Kiswahili, opens the report on My Bookings: topics, how it went, homework with
 * its due date and next steps, never the private note.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { callApi, createUser, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, establishedAccount, freeStarts, payBooking, setAttributes } from '../support/fixtures.js';
import { visibleTextNotIn } from '../support/i18n-check.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('a lesson report', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('the tutor drafts it from three words, edits and approves it; the parent reads it on My Bookings in Kiswahili without the private note', async () => {
    const [tutor, parent] = await Promise.all([
      bookableTutor({ firstName: 'Wambui' }).then(establishedAccount), createUser('parent', { firstName: 'Wanjiru' }),
    ]);
    const { learner } = await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Kamau', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] },
    }), 'child');
    const [start] = await freeStarts(tutor.userId);
    const booked = await book(parent, tutor.userId, start!, 60, { learnerId: learner.id });
    expect(booked.status).toBe(201);
    await payBooking(parent, booked.body.booking);
    useStackEnvironment();
    await completeLesson(booked.body.booking.id as string, 'ended_by_tutor'); // as the tutor's End Class does

    // The tutor: the completed lesson on the Bookings tab offers its report.
    const { page } = s;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.getByRole('tab', { name: 'Bookings' }).click();
    await page.getByRole('link', { name: 'Write report' }).click();
    await page.waitForURL('**/lesson-report/**');
    await until(() => page.getByRole('heading', { name: 'Lesson report: Mathematics' }).isVisible()).toBe(true);
    expect(await page.getByText('Not written yet. The family sees nothing until you approve it.').isVisible()).toBe(true);
    expect(await page.getByText(/You can write and change this report until/).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'empty report form')).toEqual([]);

    // "Draft it for me" from three words fills the form.
    await page.getByLabel('A few words about the lesson').fill('fractions unlike denominators');
    await page.getByRole('button', { name: 'Draft it for me' }).click();
    await until(() => page.getByText('The draft is in the form below. Check and change it before you send it.').isVisible()).toBe(true);
    const topics = page.getByRole('list', { name: 'Topics covered' });
    expect(await topics.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('fractions unlike denominators'), expect.stringContaining('Mathematics practice'),
    ]);
    expect(await page.getByRole('radio', { name: 'Getting there' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Homework (optional)').inputValue()).toBe('Practise Mathematics exercises on fractions unlike denominators.');
    expect(await page.getByLabel('Next steps').inputValue()).toContain('Local sandbox draft');

    // The tutor edits it: a topic less, a suggested one more, how it went, a due date, their own next steps and a private note.
    await page.getByRole('button', { name: 'Remove topic Mathematics practice' }).click();
    await page.getByRole('group', { name: 'Suggestions' }).getByRole('button', { name: '+ Fractions' }).click();
    await page.getByRole('radio', { name: 'Confident' }).check();
    await page.getByLabel('Homework due date (optional)').fill('2026-12-05');
    await page.getByLabel('Next steps').fill('Adding fractions with unlike denominators.');
    await page.getByLabel('Private note (optional)').fill('Tired today; ask the parent about sleep.');
    expect(await page.getByText('Only you see this. It is never shown to the family.').isVisible()).toBe(true);
    expect(await topics.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('fractions unlike denominators'), expect.stringContaining('Fractions'),
    ]);
    expect(await checkAxeOnce(page, 'drafted report form')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Approve and send' }).click();
    await until(() => page.getByText('Report approved and shared with the family.').first().isVisible()).toBe(true);
    await until(() => page.getByText(/^Sent to the family on/).isVisible()).toBe(true);

    // Back on the Bookings tab the lesson's report is sent (and may still be changed).
    await page.goto('/tutor-dashboard?tab=bookings');
    await until(() => page.getByText('Report sent').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit report' }).count()).toBe(1);
    expect(await page.getByText('Reports sent within a day of the lesson: none due yet.').isVisible()).toBe(true);
    // A day after the lesson the report counts as sent on time, in the tutor's own figure.
    const lesson = booked.body.booking as { scheduledAt: string; durationMinutes: number };
    await runJobAt('lessons', new Date(Date.parse(lesson.scheduledAt) + (lesson.durationMinutes + 24 * 60 + 1) * 60_000));
    await page.reload();
    await until(() => page.getByText('Reports sent within a day of the lesson: 1 of 1 (100%)').isVisible()).toBe(true);

    // The form reads Kiswahili too (what the tutor wrote is data).
    await page.getByRole('link', { name: 'Edit report' }).click();
    await page.waitForURL('**/lesson-report/**');
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    await until(() => page.getByRole('button', { name: 'Idhinisha na utume' }).isVisible()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Anajiamini' }).isChecked()).toBe(true);
    expect(await visibleTextNotIn(page, 'sw', ['Wambui', 'Amani', 'Wambui User', 'Mathematics', 'fractions unlike denominators', 'Fractions', tutor.email])).toEqual([]);
    expect(await checkAxeOnce(page, 'sent report form (sw)')).toEqual([]);

    // The parent, in Kiswahili: the report on the lesson's card, folded until opened.
    const family = await s.another();
    const parentPage = family.page;
    await signInThroughUi(parentPage, parent.email, parent.password);
    await parentPage.waitForURL('**/parent-dashboard');
    await parentPage.goto('/my-bookings');
    await parentPage.getByRole('button', { name: 'SW', exact: true }).first().click();
    const summary = parentPage.getByText('Ripoti ya somo', { exact: true });
    await until(() => summary.isVisible()).toBe(true);
    await summary.click();
    const report = parentPage.locator('details.family-report');
    await until(() => report.innerText()).toContain('Anajiamini');
    const text = await report.innerText();
    for (const shown of ['Mada zilizofundishwa', 'fractions unlike denominators', 'Fractions', 'Jinsi alivyofanya', 'Kazi ya nyumbani',
      'Practise Mathematics exercises on fractions unlike denominators.', 'Iwasilishwe', 'Hatua zinazofuata', 'Adding fractions with unlike denominators.']) {
      expect(text).toContain(shown);
    }
    expect(text).toMatch(/Iwasilishwe .*2026/);
    expect(await parentPage.locator('body').innerText()).not.toContain('sleep');
    // Every text of ours is Kiswahili; what the tutor wrote and people's names are data.
    const data = ['Wambui', 'Wanjiru', 'Amani', 'Wambui User', 'Wanjiru User', 'fractions unlike denominators', 'Fractions',
      'Practise Mathematics exercises on fractions unlike denominators.', 'Adding fractions with unlike denominators.', parent.email];
    const leftovers = await visibleTextNotIn(parentPage, 'sw', data);
    expect(leftovers).toEqual([]);
    expect(await checkAxeOnce(parentPage, 'family lesson report (sw)')).toEqual([]);
    expect(await pageWidth(parentPage)).toBeLessThanOrEqual(390);
  });

  it('a save from a stale copy offers to reload it; after 48 hours the report is read-only', async () => {
    const { tutor, booking } = await completedLesson();
    const { page } = s;
    await signInThroughUi(page, tutor.email, tutor.password);
    await page.waitForURL('**/tutor-dashboard');
    await page.goto(`/lesson-report/${booking.id}`);
    await until(() => page.getByRole('heading', { name: 'Lesson report: Mathematics' }).isVisible()).toBe(true);

    // Another window saves first.
    await expectOk(callApi('saveLessonReport', {
      token: tutor.accessToken, params: { bookingId: booking.id }, body: { revision: 0, topics: ['Cells'], nextSteps: 'From the other window.' },
    }), 'other window');
    await page.getByLabel('Next steps').fill('From this window.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await until(() => page.getByText(/This report changed in another window/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Reload the report' }).click();
    await until(() => page.getByLabel('Next steps').inputValue()).toBe('From the other window.');
    expect(await page.getByRole('list', { name: 'Topics covered' }).innerText()).toContain('Cells');
    expect(await page.getByText('Saved as a draft. The family does not see it yet.').isVisible()).toBe(true);

    await setAttributes(`REPORT#${booking.id}`, 'REPORT', { editableUntil: new Date(Date.now() - 3_600_000).toISOString() });
    await page.reload();
    await until(() => page.getByText('The 48 hours for this report have passed, so it can no longer be changed.').isVisible()).toBe(true);
    expect(await page.getByLabel('Next steps').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save draft' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Draft it for me' }).count()).toBe(0);
    expect(await checkAxeOnce(page, 'locked report')).toEqual([]);
  });
});

/** A paid lesson of a Mathematics tutor, completed as End Class completes it. */
async function completedLesson() {
  const tutor = await bookableTutor();
  const student = await createUser('student');
  const [start] = await freeStarts(tutor.userId);
  const booked = await book(student, tutor.userId, start!, 60);
  expect(booked.status).toBe(201);
  await payBooking(student, booked.body.booking);
  useStackEnvironment();
  await completeLesson(booked.body.booking.id as string, 'ended_by_tutor');
  return { tutor, student, booking: booked.body.booking as { id: string } };
}
