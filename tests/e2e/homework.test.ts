/**
 * Homework in the browser, on a 390 px phone: after a reported lesson the parent sees the latest
 * report and the homework to-do on the learner's card, marks it done with a photo of the work,
 * finds it done in the learner's Lessons history, and the tutor sees "done" and the photo on their
 * report page; once in Kiswahili.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts, payBooking } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { PNG } from '../support/uploads.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A parent's child had a Mathematics lesson; its tutor reported it with homework due on a past day. */
async function reportedLesson(): Promise<{ parent: TestUser; tutor: TestUser; bookingId: string }> {
  const [tutor, parent] = await Promise.all([bookableTutor({ firstName: 'Wambui' }), createUser('parent', { firstName: 'Wanjiru' })]);
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
    body: {
      revision: 0, topics: ['Equivalent fractions'], performance: 'confident', homework: { text: 'Exercise 4B, questions 1 to 10', dueDate: '2026-11-20' },
      nextSteps: 'Adding fractions with unlike denominators.', privateNote: 'Ask the parent about sleep.',
    },
  }), 'save');
  await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1 } }), 'approve');
  return { parent, tutor, bookingId };
}

describe('homework', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('the parent sees the report and the to-do on the learner card, marks it done with a photo; the Lessons history and the tutor show it done', async () => {
    const { parent, tutor, bookingId } = await reportedLesson();
    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    const card = page.getByTestId('learner-reports');
    await until(() => card.getByText('Topics: Equivalent fractions').isVisible()).toBe(true);
    expect(await card.getByText('Next steps: Adding fractions with unlike denominators.').isVisible()).toBe(true);
    expect(await card.getByRole('heading', { name: '1 homework to do' }).isVisible()).toBe(true);
    const todo = card.getByTestId('homework-todo');
    expect(await todo.innerText()).toContain('Exercise 4B, questions 1 to 10');
    expect(await todo.getByText(/^Overdue since/).isVisible()).toBe(true);
    expect(await page.locator('body').innerText()).not.toContain('sleep');
    expect(await checkAxeOnce(page, 'learner card with homework')).toEqual([]);

    await todo.getByLabel('Add a photo of the work (optional)').setInputFiles({ name: 'work.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
    await todo.getByRole('button', { name: 'Mark done' }).click();
    await until(() => card.getByRole('heading', { name: 'No homework to do' }).isVisible()).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    await card.getByRole('link', { name: 'Reports and homework' }).click();
    await page.waitForURL('**/lessons?learner=**');
    const entry = page.getByTestId('history-lesson');
    await until(() => entry.count()).toBe(1);
    const text = await entry.innerText();
    for (const shown of ['Mathematics', 'Equivalent fractions', 'Confident', 'Exercise 4B, questions 1 to 10', 'Done']) expect(text).toContain(shown);
    expect(await entry.getByRole('link', { name: 'See the photo of the work' }).count()).toBe(1);
    expect(await checkAxeOnce(page, 'lessons history')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    // The tutor sees the family's "done" and can open the photo.
    const other = await s.another();
    await signInThroughUi(other.page, tutor.email, tutor.password);
    await other.page.waitForURL('**/tutor-dashboard');
    await other.page.goto(`/lesson-report/${bookingId}`);
    const state = other.page.getByTestId('homework-state');
    await until(() => state.innerText()).toContain('The family marked the homework done');
    const href = await state.getByRole('link', { name: 'See the photo of the work' }).getAttribute('href');
    const served = await fetch(href!);
    expect(served.status).toBe(200);
  });

  it('in Kiswahili at 390 px: the to-do, marking it done and the Lessons page', async () => {
    const { parent } = await reportedLesson();
    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    const card = page.getByTestId('learner-reports');
    await until(() => card.getByRole('heading', { name: 'Ripoti ya somo la karibuni' }).isVisible()).toBe(true);
    expect(await card.getByText('Mada: Equivalent fractions').isVisible()).toBe(true);
    expect(await card.getByRole('heading', { name: 'Kazi 1 ya nyumbani ya kufanya' }).isVisible()).toBe(true);
    expect(await card.getByText(/^Imechelewa tangu/).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Weka alama imekamilika' }).click();
    await until(() => card.getByRole('heading', { name: 'Hakuna kazi ya nyumbani ya kufanya' }).isVisible()).toBe(true);
    await card.getByRole('link', { name: 'Ripoti na kazi za nyumbani' }).click();
    await page.waitForURL('**/lessons?learner=**');
    await until(() => page.getByRole('heading', { name: 'Ripoti za masomo', level: 1 }).isVisible()).toBe(true);
    const entry = page.getByTestId('history-lesson');
    await until(() => entry.innerText()).toContain('Imekamilika');
    // Undo opens it again.
    await entry.getByRole('button', { name: 'Bado haijakamilika' }).click();
    await until(() => entry.getByRole('button', { name: 'Weka alama imekamilika' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'lessons history (sw)')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
});
