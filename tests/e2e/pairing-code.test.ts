/**
 * A child's own login by pairing code, on a phone: the parent gives one child a login from My
 * children and reads the code; the child, signed up alone as a Student, enters it at Join your
 * family, and then sees their own lesson only (not their sibling's), and no Book or household
 * settings: the parent books and pays. When the tutor opens the class, the child joins it from
 * their own login and the classroom names them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, book, freeStarts, moveLesson, payBooking } from '../support/fixtures.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('a child joins the family with a pairing code', () => {
  const s = useBrowser();

  it('the parent gives a login, the child enters the code and sees only their own lessons', async () => {
    const [parent, child, otieno, wanjiru] = await Promise.all([
      createUser('parent', { firstName: 'Njeri' }), createUser('student', { firstName: 'Baraka' }),
      bookableTutor({ firstName: 'Otieno' }), bookableTutor({ firstName: 'Wanjiru' }),
    ]);
    const learner = (first: string, grade: string) => expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: first, lastName: 'Mwangi', curriculum: '8-4-4', grade, subjects: ['Mathematics'] },
    }), 'add');
    const { learner: baraka } = await learner('Baraka', '844-form-3');
    const { learner: zawadi } = await learner('Zawadi', '844-form-1');
    // One paid lesson each: Baraka's with Otieno, his sister's with Wanjiru.
    const lessons: string[] = [];
    for (const [tutor, learnerId] of [[otieno, baraka.id], [wanjiru, zawadi.id]] as const) {
      const [start] = await freeStarts(tutor.userId);
      const booked = await book(parent, tutor.userId, start!, 60, { learnerId });
      expect(booked.status).toBe(201);
      await payBooking(parent, booked.body.booking);
      lessons.push(booked.body.booking.id);
    }
    // Baraka's lesson starts in 5 minutes (its class can open), as time passing would make it.
    await moveLesson(lessons[0]!, new Date(Date.now() + 5 * 60_000).toISOString());

    const { page } = s;
    await signInThroughUi(page, parent.email, parent.password);
    await page.waitForURL('**/parent-dashboard');
    await page.goto('/my-children');
    const card = page.getByRole('listitem', { name: 'Baraka Mwangi' });
    await card.getByRole('button', { name: 'Give a login' }).click();
    const shown = page.getByRole('dialog').getByLabel('Login code');
    await until(async () => (await shown.innerText()).trim().length).toBe(8);
    const code = (await shown.innerText()).trim();

    const other = await s.another();
    const phone = other.page;
    await signInThroughUi(phone, child.email, child.password);
    await phone.waitForURL('**/student-dashboard');
    await phone.goto('/join-family');
    await phone.getByLabel('Code from your parent').fill(code.toLowerCase());
    await phone.getByRole('button', { name: 'Join', exact: true }).click();
    await until(visible(phone, /Welcome, Baraka!/)).toBe(true);

    // The parent's page now says Baraka has his own login.
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.reload();
    await until(visible(page, 'Has their own login')).toBe(true);
    expect(await page.getByRole('button', { name: 'Give a login' }).count()).toBe(1);

    await phone.goto('/my-bookings');
    await until(visible(phone, /Otieno/)).toBe(true);
    expect(await phone.getByText(/Wanjiru/).count()).toBe(0);
    // Payments and the household stay with the parent.
    expect(await phone.getByRole('link', { name: 'My children' }).count()).toBe(0);

    // Otieno opens the class; Baraka joins it from his own login, and the classroom names him.
    await expectOk(callApi('createLiveSession', { token: otieno.accessToken, params: { bookingId: lessons[0]! }, body: { start: true } }), 'start class');
    await phone.reload();
    await phone.getByRole('link', { name: 'Join session' }).first().click();
    await phone.waitForURL(`**/live-tutoring/${lessons[0]}`);
    await until(visible(phone, /Baraka/)).toBe(true);
    await phone.getByRole('button', { name: 'Join session' }).click();
    await until(() => phone.frameLocator('iframe[title^="Live classroom"]').getByText('Baraka (you)').isVisible()).toBe(true);

    await phone.goto(`/tutor-profile/${otieno.userId}`);
    await until(visible(phone, 'Ask your parent to book')).toBe(true);
    expect(await phone.getByRole('button', { name: 'Book Session Now' }).count()).toBe(0);
  });
});
