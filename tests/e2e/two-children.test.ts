/**
 * A mother runs two children's tutoring from one account on a phone: she signs up as Parent,
 * adds a Grade 7 son and a Form 4 daughter, books and pays (M-Pesa prompt in the sandbox)
 * Mathematics for one and Chemistry for the other with the same tutor, switching child in the
 * header, and sees each child's lesson on their own card of the parent dashboard. The tutor, in
 * another browser, sees each booking under the child's first name and grade with the parent as
 * the contact, and the live class names the child. A child with their own sign-in is sent to
 * their parent instead of offered Book.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk, uniqueEmail } from '../support/api.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, freeStarts, moveLesson } from '../support/fixtures.js';
import { answerOnPhone } from '../support/pay.js';

const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

async function addChild(page: Page, child: { first: string; curriculum: string; grade: string }) {
  await page.getByRole('button', { name: 'Add a child' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill(child.first);
  await dialog.getByLabel('Last name').fill('Mwangi');
  await dialog.getByLabel('Curriculum').selectOption(child.curriculum);
  await dialog.getByLabel('Grade').selectOption(child.grade);
  await dialog.getByRole('button', { name: 'Add child' }).click();
  await until(() => page.getByRole('listitem', { name: `${child.first} Mwangi` }).isVisible()).toBe(true);
}

/** Books `subject` at `start` for the child chosen in the header and pays by M-Pesa prompt; answers the booking's id. */
async function bookAndPay(page: Page, tutorId: string, start: string, subject: string, forChild: string): Promise<string> {
  await page.goto(`/book-tutor/${tutorId}?start=${encodeURIComponent(start)}`);
  await until(visible(page, `Booking for ${forChild}`)).toBe(true);
  await until(() => page.getByLabel('Time', { exact: true }).inputValue()).toBe(start);
  await page.getByLabel('Subject', { exact: true }).selectOption(subject);
  await page.getByRole('button', { name: 'Book & Pay' }).click();
  await page.waitForURL('**/pay/**');
  const bookingId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByLabel('M-Pesa phone number').fill('0712 345 678');
  await page.getByRole('button', { name: 'Send M-Pesa prompt' }).click();
  await until(visible(page, 'Check your phone and enter your M-Pesa PIN.')).toBe(true);
  await answerOnPhone(page, '254712345678', 'Enter PIN and pay');
  await page.waitForURL('**/payment-callback?**');
  await until(visible(page, 'Payment Successful!')).toBe(true);
  return bookingId;
}

describe('two children, one parent', () => {
  const s = useBrowser();

  it('a parent books Mathematics for her son and Chemistry for her daughter; the dashboard and the tutor see each child', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ firstName: 'Otieno' });
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { preferredSubjects: ['Mathematics', 'Chemistry'] } }), 'subjects');
    const starts = await freeStarts(tutor.userId);
    const first = starts[0]!;
    // Two hours apart: the hour-long lessons never touch.
    const second = starts.find((start) => Date.parse(start) >= Date.parse(first) + 2 * 3600_000)!;

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('I am a').selectOption('parent');
    await page.getByLabel('First Name').fill('Njeri');
    await page.getByLabel('Last Name').fill('Mwangi');
    await page.getByLabel('Email').fill(uniqueEmail('e2e-two-children'));
    await page.getByLabel('Password', { exact: true }).fill('family-kenya-1');
    await page.getByLabel('Confirm Password').fill('family-kenya-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByLabel('Confirmation code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL('**/parent-dashboard');

    await page.goto('/my-children');
    await addChild(page, { first: 'Amani', curriculum: 'cbc', grade: 'cbc-grade-7' });
    await addChild(page, { first: 'Zawadi', curriculum: '8-4-4', grade: '844-form-4' });

    // The header's picker starts on the first child.
    const picker = page.getByRole('banner').getByLabel('The child you are booking and learning for');
    const chosen = () => picker.inputValue().then((id) => picker.locator(`option[value="${id}"]`).innerText());
    await until(chosen).toBe('For Amani');
    const maths = await bookAndPay(page, tutor.userId, first, 'Mathematics', 'Amani (Grade 7, CBC)');

    await picker.selectOption({ label: 'For Zawadi' });
    await until(chosen).toBe('For Zawadi');
    const chemistry = await bookAndPay(page, tutor.userId, second, 'Chemistry', 'Zawadi (Form 4, 8-4-4)');
    expect(chemistry).not.toBe(maths);

    // One card per child, each with that child's lesson only.
    await page.goto('/parent-dashboard');
    const card = (name: string) => page.getByRole('article', { name, exact: true });
    await until(() => card('Amani').innerText()).toContain('Mathematics with Otieno User');
    await until(() => card('Zawadi').innerText()).toContain('Chemistry with Otieno User');
    expect(await card('Amani').innerText()).not.toContain('Chemistry');
    expect(await card('Zawadi').innerText()).not.toContain('Mathematics');

    // The tutor, in a browser of their own: each booking under the child's first name and grade, the parent as contact.
    await moveLesson(maths, new Date(Date.now() + 10 * 60_000).toISOString());
    const { page: tutorPage } = await s.another();
    await signInThroughUi(tutorPage, tutor.email, tutor.password);
    await tutorPage.waitForURL('**/tutor-dashboard');
    await tutorPage.getByRole('tab', { name: 'Bookings' }).click();
    const booking = (name: string) => tutorPage.getByRole('article', { name, exact: true });
    await until(() => booking('Amani (Grade 7, CBC)').isVisible()).toBe(true);
    expect(await booking('Amani (Grade 7, CBC)').innerText()).toMatch(/Parent \(contact\)\s*Njeri Mwangi[\s\S]*Mathematics/);
    expect(await booking('Zawadi (Form 4, 8-4-4)').innerText()).toMatch(/Parent \(contact\)\s*Njeri Mwangi[\s\S]*Chemistry/);

    // The live class of the lesson about to start names the child.
    await tutorPage.goto(`/live-tutoring/${maths}`);
    const details = tutorPage.getByRole('region', { name: 'Session details' });
    await until(() => details.innerText()).toMatch(/Learner\s*Amani \(Grade 7, CBC\)[\s\S]*Parent \(contact\)\s*Njeri Mwangi/);
  });

  it('a child with their own sign-in is told to ask their parent instead of a Book button, in English and Kiswahili', async () => {
    const { page } = s;
    const [tutor, parent, child] = await Promise.all([bookableTutor(), createUser('parent'), createUser('student', { firstName: 'Baraka' })]);
    const { learner } = await expectOk(callApi('addLearner', {
      token: parent.accessToken, body: { firstName: 'Baraka', lastName: 'Otieno', curriculum: '8-4-4', grade: '844-form-3', subjects: ['Mathematics'] },
    }), 'add');
    const { code } = await expectOk(callApi('createPairingCode', { token: parent.accessToken, params: { learnerId: learner.id } }), 'code');
    await expectOk(callApi('joinHousehold', { token: child.accessToken, body: { code } }), 'join');

    await signInThroughUi(page, child.email, child.password);
    await page.waitForURL('**/student-dashboard');
    await page.goto(`/tutor-profile/${tutor.userId}`);
    const calendar = page.getByRole('region', { name: 'Book a session' });
    await until(() => calendar.getByText('Ask your parent to book').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Book Session Now' }).count()).toBe(0);
    // A booking link opened anyway says who books, instead of a form the server would refuse.
    await page.goto(`/book-tutor/${tutor.userId}?view=form`);
    await until(() => page.getByRole('heading', { level: 1, name: "You are in your family's account" }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'SW', exact: true }).click();
    await page.goto(`/tutor-profile/${tutor.userId}`);
    await until(visible(page, 'Mwombe mzazi wako akuwekee nafasi')).toBe(true);
  });
});
