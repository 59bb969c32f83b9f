/**
 * The AI study assistant in the browser: a signed-out visitor is sent to /auth
 * and back; a student asks a question (the sandbox's reply shown formatted, the student's HTML
 * shown as text), asks for a quiz (another assistant or subject: a new conversation) and plays it
 * to the end; a reload keeps the conversation;
 * a model failure keeps the typed message; a conversation is deleted.
 *
 * ALP_AI_SHOTS=<dir> also saves screenshots of each state at 390 and 1280 px, to review by eye.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import guardText from '../../frontend/src/features/auth/guards/i18n/en.json' with { type: 'json' };
import type { ChatReply } from '../../functions/ai/contract.js';
import { aiMessages, chatMessages } from '../../functions/ai/catalog.js';
import { sandboxMarker } from '../../infra/local/sandboxes/bedrock/server.js';
import { createUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';

const LETTERS = ['A', 'B', 'C', 'D'];

async function shot(page: Page, name: string) {
  const dir = process.env.ALP_AI_SHOTS;
  if (!dir) return;
  const phone = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/assistant-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/assistant-${name}-1280.png`, fullPage: true });
  await page.setViewportSize(phone);
}

/** Types and sends a message; returns the exchange the server saved. */
async function sendMessage(page: Page, text: string): Promise<{ status: number; body: ChatReply }> {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/ai/chat'));
  await page.getByLabel('Your message').fill(text);
  await page.getByLabel('Your message').press('Enter');
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as ChatReply };
}

describe('AI study assistant in the browser', () => {
  const s = useBrowser();

  it('a signed-out visitor is told to sign in, and comes back to the assistant after signing in', async () => {
    const student = await createUser('student');
    const { page } = s;
    await page.goto('/ai-study-assistant');
    await page.waitForURL('**/auth');
    await page.getByText(guardText['signIn.aiStudyAssistant']).waitFor();
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/ai-study-assistant');
    await page.getByRole('heading', { name: 'AI Study Assistant', level: 1 }).waitFor();
    await page.getByText('No conversations yet.', { exact: false }).waitFor();
    expect(await checkAxeOnce(page, 'assistant: empty')).toEqual([]);
    await shot(page, 'empty');
  });

  it('asks a question, gets a quiz and plays it to the end; a reload keeps the conversation; deleting removes it', async () => {
    const { page } = s;
    const student = await createUser('student', { firstName: 'Achieng' });
    await signInThroughUi(page, student.email, student.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/ai-study-assistant');
    await page.getByRole('heading', { name: 'AI Study Assistant', level: 1 }).waitFor();

    // Whitespace is not sent.
    await page.getByLabel('Your message').fill('   ');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);

    await page.getByLabel('Assistant', { exact: true }).selectOption({ label: 'Explain a concept' });
    await page.getByLabel('Subject', { exact: true }).selectOption('Economics');
    // "AI is thinking..." while waiting, the box locked: the sandbox is held back until we look.
    await page.route('**/api/ai/chat', async (route) => {
      await page.getByText(chatMessages.thinking).waitFor();
      expect(await page.getByLabel('Your message').isDisabled()).toBe(true);
      await route.continue();
    });
    const first = await sendMessage(page, 'What is <b>inflation</b>?');
    await page.unroute('**/api/ai/chat');
    expect(first.status).toBe(200);
    await page.waitForURL(`**/ai-study-assistant?c=${first.body.conversation.id}`);
    const reply = page.locator('.assistant-ai').last();
    await reply.getByText('Local sandbox reply.').waitFor();
    // Formatted (bold, a list) and the student's HTML shown as characters.
    expect(await reply.locator('strong').first().innerText()).toBe('Local sandbox reply.');
    expect(await reply.locator('li').count()).toBe(2);
    expect(await reply.innerText()).toContain('What is <b>inflation</b>?');
    expect(await page.locator('.assistant-log b').count()).toBe(0);
    expect(await page.getByLabel('Your message').inputValue()).toBe('');
    expect(await checkAxeOnce(page, 'assistant: reply')).toEqual([]);
    await shot(page, 'reply');

    // Another assistant (or subject) starts a new conversation: the first one is not continued under a new label.
    await page.getByText('Changing the assistant or the subject starts a new conversation', { exact: false }).waitFor();
    await page.getByLabel('Assistant', { exact: true }).selectOption({ label: 'Generate a quiz' });
    await page.waitForURL((url) => url.pathname === '/ai-study-assistant' && !url.search);
    await page.getByText('New conversation: Generate a quiz · Economics.').waitFor();
    expect(await page.locator('.assistant-message').count()).toBe(0);
    expect(await page.getByLabel('Assistant', { exact: true }).inputValue()).toBe('generate_quiz');
    await page.getByLabel('Subject', { exact: true }).selectOption('Physics');
    await page.getByText('New conversation: Generate a quiz · Physics.').waitFor();

    // A quiz, played to the end by keyboard.
    const quizAnswer = await sendMessage(page, 'Waves');
    expect(quizAnswer.body.conversation.id).not.toBe(first.body.conversation.id);
    await page.waitForURL(`**/ai-study-assistant?c=${quizAnswer.body.conversation.id}`);
    const quiz = quizAnswer.body.reply.quiz!;
    expect(quiz.questions).toHaveLength(5);
    await page.getByText('Question 1 of 5').waitFor();
    expect(await page.locator('.assistant-log').innerText()).not.toContain('correctIndex');
    expect(await checkAxeOnce(page, 'assistant: quiz')).toEqual([]);
    await shot(page, 'quiz');
    // The first question has focus, so the keys answer it.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ai-question');
    for (let n = 1; n <= 5; n++) {
      const text = (await page.locator('#ai-question').innerText()).trim();
      const question = quiz.questions.find((q) => q.question === text)!;
      await page.keyboard.press(LETTERS[question.correctIndex]!.toLowerCase());
      await page.getByText(aiMessages.correct).waitFor();
      await page.getByRole('button', { name: n === 5 ? 'Finish Game' : 'Next Question' }).click();
    }
    await page.getByRole('heading', { name: 'Game completed! Final score: 500' }).waitFor();
    await shot(page, 'quiz-finished');

    // A reload keeps everything: the exchange, the quiz still playable; the first conversation still about Economics.
    await page.reload();
    await page.locator('.assistant-user', { hasText: 'Waves' }).waitFor();
    expect(await page.locator('.assistant-message').count()).toBe(2);
    expect(await page.getByRole('button', { name: /^What is <b>inflation<\/b>\?/ }).innerText()).toContain('Economics');
    expect(await page.getByRole('button', { name: /^Waves/ }).innerText()).toContain('Physics');
    await page.getByRole('button', { name: 'Play the quiz (5 questions)' }).click();
    await page.getByText('Question 1 of 5').waitFor();

    // A model failure: the failure text, and the typed message is still there to send again.
    expect(await page.getByLabel('Assistant', { exact: true }).inputValue()).toBe('generate_quiz');
    await page.getByLabel('Assistant', { exact: true }).selectOption({ label: 'Homework help' });
    await page.waitForURL((url) => url.pathname === '/ai-study-assistant' && !url.search);
    const failed = await sendMessage(page, `Why do waves slow down? ${sandboxMarker('fail')}`);
    expect(failed.status).toBe(502);
    await page.getByText(aiMessages.chatFailed).waitFor();
    expect(await page.getByLabel('Your message').inputValue()).toContain('Why do waves slow down?');
    expect(await page.locator('.assistant-message').count()).toBe(0);

    // The list has both; delete them.
    const item = page.getByRole('button', { name: /^What is <b>inflation<\/b>\?/ });
    await item.waitFor();
    await page.getByRole('button', { name: 'Delete conversation: What is <b>inflation</b>?' }).click();
    await page.getByText('Conversation deleted.').first().waitFor();
    await expect.poll(() => item.count()).toBe(0);
    await page.getByRole('button', { name: 'Delete conversation: Waves' }).click();
    await page.getByText('No conversations yet.', { exact: false }).waitFor();
    await page.waitForURL((url) => url.pathname === '/ai-study-assistant' && !url.search);
  });
});
