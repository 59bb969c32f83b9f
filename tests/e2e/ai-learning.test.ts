/**
 * AI learning in the browser: a signed-out visitor is sent to /auth and back;
 * a new student plays a Speed round on a controlled clock (one timeout counted wrong, the timer
 * red at 10 s, each answer worth the seconds left × 10) to "Game completed! Final score: n"; a
 * model that answers broken JSON (the sandbox's topic marker) gives the fallback questions.
 *
 * ALP_AI_SHOTS=<dir> also saves screenshots of each state at 390 and 1280 px, to review by eye.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import guardText from '../../frontend/src/features/auth/guards/i18n/en.json' with { type: 'json' };
import type { QuizResponse } from '../../functions/ai/contract.js';
import { aiMessages } from '../../functions/ai/catalog.js';
import { sandboxMarker } from '../../infra/local/sandboxes/bedrock/server.js';
import { createUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

const LETTERS = ['A', 'B', 'C', 'D'];

async function shot(page: Page, name: string) {
  const dir = process.env.ALP_AI_SHOTS;
  if (!dir) return;
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
}

async function signedInStudent(page: Page) {
  const student = await createUser('student', { firstName: 'Wanjiru' });
  await signInThroughUi(page, student.email, student.password);
  await page.waitForURL('**/student-dashboard');
  return student;
}

/** Opens a subject's game and returns the quiz the server sent (to know each answer). */
async function openGame(page: Page, subject: string): Promise<QuizResponse> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/ai/quiz'));
  await page.getByRole('button', { name: new RegExp(`^${subject}`) }).click();
  const quiz = (await (await answer).json()) as QuizResponse;
  await page.getByRole('heading', { name: `${subject} quiz` }).waitFor();
  return quiz;
}

/** The right option's letter for the question on screen. */
async function correctLetter(page: Page, quiz: QuizResponse): Promise<string> {
  const text = await page.locator('#ai-question').innerText();
  const question = quiz.questions.find((q) => q.question === text.trim());
  expect(question, `question on screen: ${text}`).toBeDefined();
  return LETTERS[question!.correctIndex]!;
}

const stat = (page: Page, name: string) => page.locator('.ai-stats div', { hasText: name }).locator('dd').innerText();

describe('AI learning in the browser', () => {
  const s = useBrowser();

  it('a signed-out visitor is told to sign in, and comes back to AI Learning after signing in', async () => {
    const student = await createUser('student');
    const { page } = s;
    await page.goto('/ai-learning');
    await page.waitForURL('**/auth');
    await page.getByText(guardText['signIn.aiLearning']).waitFor();
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/ai-learning');
    await page.getByRole('heading', { name: 'AI Learning', level: 1 }).waitFor();
    // The six subjects, each with its description, and the feature cards.
    for (const subject of ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'History']) {
      expect(await page.getByRole('button', { name: new RegExp(`^${subject}`) }).count()).toBe(1);
    }
    const features = await page.getByRole('region', { name: 'What you can do' }).innerText();
    for (const card of ['AI Study Assistant', 'Quiz Mode', 'Speed Mode', 'Adaptive Mode']) expect(features).toContain(card);
    expect(await checkAxeOnce(page, 'ai-learning: subjects')).toEqual([]);
    await shot(page, 'subjects');
  });

  it('a Speed round on a controlled clock: a timeout counts wrong, the timer turns red at 10 s, the score is the seconds left × 10', async () => {
    const { page } = s;
    await signedInStudent(page);
    // From the student dashboard's AI card.
    await page.getByRole('main').getByRole('link', { name: /AI Learning/ }).click();
    await page.waitForURL('**/ai-learning');
    await page.clock.install();
    await page.reload();
    const quiz = await openGame(page, 'Mathematics');
    expect(quiz.source).toBe('ai');
    await page.getByText(aiMessages.loaded).waitFor();
    expect(await page.locator('.ai-badges').innerText()).toMatch(/Mathematics[\s\S]*Beginner[\s\S]*AI/);
    expect(await page.getByText('Question 1 of 10').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'ai-learning: first question')).toEqual([]);
    await shot(page, 'first-question');

    // Speed: 30 s a question. Twenty seconds on, 10 s left: red, and said once.
    await page.getByRole('radio', { name: /Speed/ }).check();
    expect(await stat(page, 'Time left')).toBe('30s');
    await page.clock.runFor(19_000);
    expect(await stat(page, 'Time left')).toBe('11s');
    const timer = page.locator('.ai-timer dd');
    const red = 'rgb(185, 28, 28)';
    expect(await timer.evaluate((el) => getComputedStyle(el).color)).not.toBe(red);
    await page.clock.runFor(1_000);
    expect(await stat(page, 'Time left')).toBe('10s');
    expect(await timer.evaluate((el) => getComputedStyle(el).color)).toBe(red);
    expect(await page.getByRole('status').filter({ hasText: 'Ten seconds left' }).count()).toBe(1);
    await shot(page, 'speed-warning');

    // The time runs out: a wrong answer, the correct option and the explanation revealed.
    const first = await correctLetter(page, quiz);
    await page.clock.runFor(10_000);
    await page.getByText("Time's up!").waitFor();
    const correctOption = page.locator('.ai-option-correct');
    expect(await correctOption.innerText()).toContain('Correct answer');
    expect(await correctOption.locator('.ai-letter').innerText()).toBe(first);
    expect(await page.locator('.ai-explanation').isVisible()).toBe(true);
    expect([await stat(page, 'Score'), await stat(page, 'Streak')]).toEqual(['0', '0']);
    // The mode is fixed once the first question is answered.
    expect(await page.getByRole('radio').count()).toBe(0);
    expect(await checkAxeOnce(page, 'ai-learning: timed out')).toEqual([]);
    await shot(page, 'timed-out');
    // Enter goes on (focus is on Next Question).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next Question');
    await page.keyboard.press('Enter');
    await page.getByText('Question 2 of 10').waitFor();
    expect(await stat(page, 'Time left')).toBe('30s');

    // The other nine: the second one wrong on purpose, the rest right after 2, 3, … seconds, by key.
    let expected = 0;
    for (let n = 2; n <= 10; n++) {
      const right = await correctLetter(page, quiz);
      const question = (await page.locator('#ai-question').innerText()).trim();
      const choice = n === 2 ? LETTERS.find((letter) => letter !== right)! : right;
      await page.clock.runFor(n * 1000);
      await page.keyboard.press(choice.toLowerCase());
      await page.locator('.ai-verdict').waitFor();
      if (choice === right) {
        expected += (30 - n) * 10;
        expect(await page.locator('.ai-verdict').innerText()).toContain(aiMessages.correct);
      } else {
        // Says it was wrong (no "Try again": the answer is locked) and which answer was right.
        expect(await page.locator('.ai-verdict').innerText()).toBe('Incorrect.');
        expect(await page.locator('.ai-option-wrong').innerText()).toContain('Your answer');
        const rightText = quiz.questions.find((q) => q.question === question)!.options[LETTERS.indexOf(right)]!;
        expect(await page.locator('.ai-result').innerText()).toContain(`The correct answer is ${right}: ${rightText}`);
        expect(await page.locator('.ai-option-correct .ai-letter').innerText()).toBe(right);
        if (n === 2) await shot(page, 'wrong-answer');
        if (n === 2) expect(await checkAxeOnce(page, 'ai-learning: wrong answer')).toEqual([]);
      }
      expect(await stat(page, 'Score')).toBe(String(expected));
      expect(await stat(page, 'Streak')).toBe(String(Math.max(0, n - 2)));
      expect(await page.getByText(`${n * 10}% complete`).isVisible()).toBe(true);
      const button = page.getByRole('button', { name: n === 10 ? 'Finish Game' : 'Next Question' });
      await button.click();
    }
    const done = `Game completed! Final score: ${expected}`;
    await page.getByRole('heading', { name: done }).waitFor();
    expect(expected).toBe(1880);
    expect(await page.getByText('You answered 8 of 10 questions correctly in Speed mode.').isVisible()).toBe(true);
    // Saved to the student's progress by itself.
    await page.getByText('Saved to your progress.').waitFor();
    expect(await checkAxeOnce(page, 'ai-learning: finished')).toEqual([]);
    await shot(page, 'finished');

    // Restart is a new round with the same questions; Back leads to the subjects.
    await page.getByRole('button', { name: 'Restart' }).click();
    await page.getByText('Question 1 of 10').waitFor();
    expect(await stat(page, 'Score')).toBe('0');
    expect(await page.getByRole('radio', { name: /Speed/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Back to subjects' }).click();
    await page.getByRole('heading', { name: 'AI Learning', level: 1 }).waitFor();

    // The dashboard's Recent Scores shows the round: 8 of 10 is 80 %, highlighted.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const recent = page.getByRole('list', { name: 'Recent Scores' });
    await recent.getByText('Mathematics').waitFor();
    const row = recent.getByRole('listitem');
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toMatch(/Speed · 8\/10 correct · 1880 points[\s\S]*80%/);
    expect(await row.getAttribute('class')).toContain('recent-score-high');
    expect(await page.getByRole('region', { name: 'Your study figures' }).innerText()).toMatch(/Average Score\s*80%/);
  });

  it('when the model answers broken JSON, the game is played from the question bank and says so', async () => {
    const { page } = s;
    await signedInStudent(page);
    await page.goto('/ai-learning');
    await page.getByLabel('Focus topic (optional)').fill(`Cells ${sandboxMarker('invalid-json')}`);
    const quiz = await openGame(page, 'Biology');
    expect(quiz.source).toBe('fallback');
    await page.getByText(aiMessages.fallback).waitFor();
    expect(await page.locator('.ai-badges').innerText()).not.toContain('AI');
    // Quiz mode by default, no timer; A–D keys answer, 100 points for a right one.
    expect(await page.locator('.ai-timer').count()).toBe(0);
    await page.keyboard.press(await correctLetter(page, quiz));
    await page.getByText(aiMessages.correct).waitFor();
    expect(await stat(page, 'Score')).toBe('100');
    expect(await checkAxeOnce(page, 'ai-learning: fallback')).toEqual([]);
    await shot(page, 'fallback');
  });
});
