/**
 * Reviews in the browser: after a completed lesson the student leaves a review from
 * My Bookings; it appears on the tutor's profile and their browse card carries the real rating
 * instead of "New tutor"; the tutor replies from the dashboard.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, paidLesson } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { createUser } from '../support/api.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 15_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('reviews in the browser', () => {
  const s = useBrowser();

  it('a student reviews a completed lesson; the review shows on the profile and the rating in browse', async () => {
    const { page } = s;
    const base = 40_000 + Math.floor(Math.random() * 900) * 10;
    const tutor = await bookableTutor({ hourlyRate: base + 5, firstName: 'Wambui' });
    const student = await createUser('student', { firstName: 'Baraka' });
    const { booking } = await paidLesson({ tutor, student });
    useStackEnvironment();
    await completeLesson(booking.id, 'ended_by_tutor'); // as the tutor's End Class does

    // Before any review: "New tutor", no invented figure.
    await page.goto(`/browse-tutors?sort=price&minPrice=${base}&maxPrice=${base + 9}`);
    const card = page.locator('.tutor-card', { hasText: 'Wambui' });
    await until(() => card.getByText('New tutor').isVisible()).toBe(true);

    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/my-bookings');
    await page.getByRole('button', { name: 'Leave a review' }).click();
    await page.getByRole('button', { name: 'Publish review' }).click();
    await until(visible(page, 'Choose a rating from 1 to 5 stars')).toBe(true);
    expect(await checkAxeOnce(page, 'review form')).toEqual([]);
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Comment (optional)').fill('Explained fractions so clearly.');
    await page.getByRole('button', { name: 'Publish review' }).click();
    await until(visible(page, 'Your review:')).toBe(true);
    await until(() => page.getByRole('button', { name: 'Edit review' }).isVisible()).toBe(true);

    await page.goto(`/tutor-profile/${tutor.userId}`);
    await until(visible(page, 'Explained fractions so clearly.')).toBe(true);
    await until(visible(page, 'Baraka U.')).toBe(true);
    expect(await page.locator('.profile-header .tutor-figures').textContent()).toContain('4.0');
    expect(await checkAxeOnce(page, 'tutor profile with reviews')).toEqual([]);

    await page.goto(`/browse-tutors?sort=rating&minPrice=${base}&maxPrice=${base + 9}`);
    await until(() => card.locator('.tutor-figures').textContent()).toContain('(1 review)');
    expect(await card.getByText('New tutor').count()).toBe(0);
  });
});
