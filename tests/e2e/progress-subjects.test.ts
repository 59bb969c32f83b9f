/**
 * Progress by subject in the browser, on a 390 px phone: the parent opens their child's page from
 * the learner card and reads the Chemistry card (the score chart, its trend in words, the topics
 * of the reported lesson); then the same page in Kiswahili; an accessibility check on both.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { weekStarts } from '../../functions/progress/subject-rules.js';
import { callApi, createUser, eventually, expectOk } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { book, bookableTutor, freeStarts, moveLesson, payBooking, table } from '../support/fixtures.js';
import { visibleTextNotIn } from '../support/i18n-check.js';
import { useStackEnvironment } from '../support/jobs.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A finished game stored as the game route stores it, in a past week (the route stamps now). */
async function pastGame(ownerId: string, subject: string, finishedAt: string, correctCount: number) {
  const { doc, name } = table();
  const gameId = randomUUID();
  const game = { gameId, subject, mode: 'quiz', score: correctCount * 100, correctCount, questionCount: 10, durationSeconds: 300, percent: correctCount * 10, finishedAt };
  await doc.send(new PutCommand({ TableName: name, Item: { pk: `PROGRESS#${ownerId}`, sk: `GAME#${finishedAt}#${gameId}`, ...game } }));
}

describe('the progress by subject page', () => {
  const s = useBrowser({ viewport: { width: 390, height: 844 } });

  it('the parent opens it from the learner card and reads the Chemistry card, in English and Kiswahili', async () => {
    const [tutor, parent] = await Promise.all([bookableTutor({ firstName: 'Wambui' }), createUser('parent', { firstName: 'Wanjiru' })]);
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { preferredSubjects: ['Chemistry'] } }), 'tutor subjects');
    const { learner } = await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Zawadi', lastName: 'Kamau', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] },
    }), 'child');
    const [start] = await freeStarts(tutor.userId);
    const booked = await book(parent, tutor.userId, start!, 60, { learnerId: learner.id, subject: 'Chemistry' });
    expect(booked.status).toBe(201);
    await payBooking(parent, booked.body.booking);
    const bookingId = booked.body.booking.id as string;
    await moveLesson(bookingId, new Date(Date.now() - 2 * 3_600_000).toISOString());
    useStackEnvironment();
    await completeLesson(bookingId, 'ended_by_tutor');
    await expectOk(callApi('saveLessonReport', {
      token: tutor.accessToken, params: { bookingId },
      body: { revision: 0, topics: ['Mole concept'], performance: 'confident', nextSteps: 'Titration next.', homework: { text: 'Exercise 3' } },
    }), 'save');
    await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1 } }), 'approve');
    // Chemistry rising before KCSE: 55 % then 72 % four weeks later.
    const weeks = weekStarts(new Date(), 'Africa/Nairobi');
    await pastGame(learner.id, 'Chemistry', `${weeks[6]!}T09:00:00.000Z`, 5);
    await pastGame(learner.id, 'Chemistry', `${weeks[6]!}T10:00:00.000Z`, 6);
    await pastGame(learner.id, 'Chemistry', `${weeks[10]!}T09:00:00.000Z`, 7);
    await pastGame(learner.id, 'Chemistry', `${weeks[10]!}T10:00:00.000Z`, 7);
    await eventually(async () => (await expectOk(callApi('getSubjectProgress', {
      token: parent.accessToken, query: { learnerId: learner.id },
    }), 'subjects')).subjects[0]?.topics.length);

    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.getByRole('link', { name: 'Zawadi\'s progress by subject' }).click();
    await page.waitForURL(`**/progress/subjects?learner=${learner.id}`);
    const card = page.getByRole('article', { name: 'Chemistry' });
    await until(() => card.isVisible()).toBe(true);
    await until(() => card.getByText('Average score rose from 55% to 70% over 5 weeks.').first().isVisible()).toBe(true);
    const chart = card.getByRole('img', { name: /Chemistry: average quiz score and lessons each week, last 12 weeks/ });
    expect(await chart.isVisible()).toBe(true);
    expect(await card.locator('svg polyline').count()).toBe(0); // two weeks with games, apart: two dots, no line across the gap
    expect(await card.locator('svg circle').count()).toBe(2);
    expect(await card.getByRole('listitem').filter({ hasText: 'Mole concept' }).isVisible()).toBe(true);
    expect(await card.innerText()).toContain('homework 0 of 1 done');
    expect(await checkAxeOnce(page, 'progress by subject')).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.local/progress-subjects-390.png', fullPage: true });

    // Kiswahili: every text of ours translated; names, the subject and the tutor's words are data.
    await page.getByRole('button', { name: 'SW', exact: true }).first().click();
    await until(() => page.getByRole('heading', { name: 'Maendeleo kwa somo: Zawadi', level: 1 }).isVisible()).toBe(true);
    // The subject's name is translated too.
    await until(() => page.getByRole('article', { name: 'Kemia' }).getByText('Wastani wa alama ulipanda kutoka 55% hadi 70% katika wiki 5.').first().isVisible()).toBe(true);
    expect(await visibleTextNotIn(page, 'sw', ['Zawadi', 'Wanjiru', 'Chemistry', 'Kemia', 'Mole concept', parent.email])).toEqual([]);
    expect(await checkAxeOnce(page, 'progress by subject sw')).toEqual([]);
    await page.screenshot({ path: '.local/progress-subjects-sw-390.png', fullPage: true });
  });
});
