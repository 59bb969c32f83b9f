/**
 * The student dashboard's progress in the browser: empty states before the
 * first game, the AI subject grid opening that subject's game, a failed save shown quietly with a
 * Retry that saves the game once, and the focus timer on a controlled clock. (The Speed round
 * whose score lands in Recent Scores is in ai-learning.test.ts.)
 *
 * ALP_PROGRESS_SHOTS=<dir> also saves screenshots at 390 and 1280 px, to review by eye.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

async function shot(page: Page, name: string) {
  const dir = process.env.ALP_PROGRESS_SHOTS;
  if (!dir) return;
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
}

async function signedInStudent(page: Page, firstName = 'Achieng') {
  const student = await createUser('student', { firstName });
  await signInThroughUi(page, student.email, student.password);
  await page.waitForURL('**/student-dashboard');
  return student;
}

const figures = (page: Page) => page.getByRole('region', { name: 'Your study figures' });

describe('student progress in the browser', () => {
  const s = useBrowser({ serviceWorkers: 'block' });

  it('a new student sees "No games yet", no invented figures, and the AI card and subject grid lead to the pages', async () => {
    const { page } = s;
    await signedInStudent(page);
    await figures(page).getByText('Average Score').waitFor();
    const shown = await figures(page).innerText();
    expect(shown).toMatch(/Average Score\s*No games yet/);
    expect(shown).toMatch(/Streak\s*0 days/);
    expect(shown).toMatch(/Hours Studied\s*0 h/);
    const recent = page.getByRole('region', { name: 'Recent Scores' });
    expect(await recent.innerText()).toContain('No games yet');
    expect(await page.getByRole('link', { name: /AI Study Assistant/ }).getAttribute('href')).toBe('/ai-study-assistant');
    expect(await page.getByRole('timer').innerText()).toBe('25:00');
    expect(await checkAxeOnce(page, 'student dashboard: empty progress')).toEqual([]);
    await shot(page, 'dashboard-empty');

    // The subject grid opens that subject's game at once; Back shows the subjects.
    const quiz = page.waitForResponse((response) => response.url().endsWith('/api/ai/quiz'));
    await page.getByRole('list', { name: 'Quiz games' }).getByRole('link', { name: 'Physics' }).click();
    await page.waitForURL('**/ai-learning?subject=Physics');
    expect((await (await quiz).request().postDataJSON()).subject).toBe('Physics');
    await page.getByRole('heading', { name: 'Physics quiz' }).waitFor();
    await page.getByRole('button', { name: 'Back to subjects' }).click();
    await page.getByRole('heading', { name: 'AI Learning', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('figures that cannot load say so with a Retry, and Retry shows them', async () => {
    const { page } = s;
    await signedInStudent(page);
    let refusing = true;
    await page.route('**/api/progress', (route) => (refusing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal","message":"Internal error"}}' })
      : route.continue()));
    await page.reload();
    await page.getByText('Could not load your study figures.').waitFor({ timeout: 30_000 });
    expect(await page.getByText('Could not load your scores.').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'student dashboard: progress failed')).toEqual([]);
    await shot(page, 'dashboard-error');
    refusing = false;
    await figures(page).getByRole('button', { name: 'Retry' }).click();
    await figures(page).getByText('No games yet').waitFor();
    expect(await page.getByRole('region', { name: 'Recent Scores' }).innerText()).toContain('No games yet');
  });

  it('a save that fails says so quietly, play goes on, and Retry saves the game once', async () => {
    const { page } = s;
    await signedInStudent(page);
    let refused = 0;
    await page.route('**/api/progress/games', async (route) => {
      if (refused++ === 0) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' });
      return route.continue();
    });
    await page.goto('/ai-learning?subject=History');
    await page.getByText('Question 1 of 10').waitFor();
    // Quiz mode, always "A", Enter for the next: whatever the score, the game ends.
    for (let n = 1; n <= 10; n++) {
      await page.keyboard.press('a');
      await page.locator('.ai-verdict').waitFor();
      await page.keyboard.press('Enter');
    }
    await page.getByRole('heading', { name: /^Game completed! Final score: \d+$/ }).waitFor();
    await page.getByText('Your score could not be saved.').waitFor();
    expect(await page.getByRole('button', { name: 'Play again' }).isEnabled()).toBe(true);
    expect(await checkAxeOnce(page, 'ai-learning: save failed')).toEqual([]);
    await shot(page, 'save-failed');

    const saved = page.waitForResponse((response) => response.url().endsWith('/api/progress/games'));
    await page.getByRole('button', { name: 'Retry' }).click();
    expect((await saved).status()).toBe(201);
    await page.getByText('Saved to your progress.').waitFor();

    await page.goto('/student-dashboard');
    const recent = page.getByRole('list', { name: 'Recent Scores' });
    await recent.getByText('History').waitFor();
    expect(await recent.getByRole('listitem').count()).toBe(1);
    expect(await figures(page).innerText()).toMatch(/over 1 game/);
    await shot(page, 'dashboard-one-game');
  });

  it('the focus timer counts down from timestamps on a controlled clock: start, pause, resume, reset', async () => {
    const { page } = s;
    await signedInStudent(page);
    await page.clock.install();
    await page.reload();
    const timer = page.getByRole('timer');
    await timer.waitFor();
    expect(await timer.innerText()).toBe('25:00');
    expect(await page.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Start' }).click();
    await page.clock.runFor(61_000);
    expect(await timer.innerText()).toBe('23:59');

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.clock.runFor(5 * 60_000);
    expect(await timer.innerText()).toBe('23:59');
    expect(await page.getByText('Paused.').isVisible()).toBe(true);

    // A background tab gets no ticks: jump the clock without running its timers, then look.
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.clock.fastForward(10 * 60_000);
    await page.clock.runFor(300);
    expect(await timer.innerText()).toBe('13:59');
    await shot(page, 'focus-running');

    await page.clock.runFor(14 * 60_000);
    expect(await timer.innerText()).toBe('00:00');
    await page.getByText('Well done! Take a five-minute break.').waitFor();
    expect(await page.getByRole('button', { name: 'Start' }).isDisabled()).toBe(true);
    expect(await checkAxeOnce(page, 'student dashboard: focus done')).toEqual([]);

    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await timer.innerText()).toBe('25:00');
    expect(await page.getByRole('button', { name: 'Start' }).isEnabled()).toBe(true);
  });
});
