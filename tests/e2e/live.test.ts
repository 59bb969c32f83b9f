/**
 * Live lessons in the browser: the tutor (a laptop) starts a paid lesson from the Bookings tab,
 * the student (a phone, Nairobi clock) who waits on the lesson page sees the classroom open by
 * itself, the tutor ends it, both see Session Ended and the lesson is completed in My Bookings
 * and in the tutor's figures. Refusals (unpaid, someone else's, unknown) and the demo room from
 * "Try Demo First". Each test makes its own tutor and students.
 *
 * ALP_LIVE_SHOTS=<dir> also saves a screenshot of each state, to review the layout by eye.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInThroughUi, useBrowser } from '../support/browser.js';
import { bookableTutor, lessonBooking, moveLesson } from '../support/fixtures.js';

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
/** The emulator serves one request at a time and the page polls every 4 s: steps can take a while. */
const until = <T>(probe: () => Promise<T> | T, timeout = 20_000) => expect.poll(probe, { timeout });
const status = (page: Page) => page.locator('.live-status').innerText();
const classroom = (page: Page) => page.frameLocator('iframe[title^="Live classroom"]');

async function signInAs(page: Page, user: TestUser, landing: 'student-dashboard' | 'tutor-dashboard') {
  await signInThroughUi(page, user.email, user.password);
  await page.waitForURL(`**/${landing}`);
}

async function onNairobiTime(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'Africa/Nairobi' });
}

async function shot(page: Page, name: string) {
  const dir = process.env.ALP_LIVE_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

describe('live lessons in the browser', () => {
  const s = useBrowser();

  it('the tutor starts a paid lesson from the Bookings tab, the waiting student is let in without a reload, the tutor ends it, and it counts as completed', async () => {
    const tutor = await bookableTutor({ hourlyRate: 1500, firstName: 'Amina' });
    const student = await createUser('student', { firstName: 'Baraka' });
    // Its hour began 5 minutes ago: inside the window in which a class opens.
    const { bookingId } = await lessonBooking(student, tutor.userId, { startsIn: -5 });

    // The student waits on the lesson page, on a phone.
    const studentPage = s.page;
    await onNairobiTime(studentPage);
    await signInAs(studentPage, student, 'student-dashboard');
    await studentPage.goto(`/live-tutoring/${bookingId}`);
    await until(visible(studentPage, 'Waiting for tutor to start the session...')).toBe(true);
    expect(await status(studentPage)).toContain('Ready to Start');
    const details = await studentPage.getByRole('region', { name: 'Session details' }).innerText();
    for (const fact of ['Mathematics', 'Amina User', 'Baraka User', '1 hour', 'KSh 1,500', 'EAT']) expect(details).toContain(fact);
    expect(details).not.toContain('$');
    expect(await studentPage.getByRole('button', { name: /Join|Create|End/ }).count()).toBe(0);
    expect(await checkAxeOnce(studentPage, 'live: student waiting')).toEqual([]);
    await shot(studentPage, 'student-waiting');
    // Marks this page load: still there after the class opens means no reload happened.
    await studentPage.evaluate(() => Object.assign(window, { waitedHere: true }));

    // The tutor, on a laptop, starts the class from the Bookings tab.
    const { page: tutorPage } = await s.another({ viewport: { width: 1280, height: 900 } });
    await signInAs(tutorPage, tutor, 'tutor-dashboard');
    await tutorPage.getByRole('tab', { name: 'Bookings' }).click();
    const booking = tutorPage.getByRole('article', { name: 'Baraka User' });
    await booking.getByRole('button', { name: 'Start Class' }).click();
    await tutorPage.waitForURL(`**/live-tutoring/${bookingId}`);
    await until(visible(tutorPage, 'Class Started: Live session has been created successfully. Students can now join.')).toBe(true);
    // The classroom opens by itself for the tutor who started it, as moderator.
    await until(() => classroom(tutorPage).getByText('Amina User (you)').isVisible()).toBe(true);
    expect(await classroom(tutorPage).getByText('Moderator').first().isVisible()).toBe(true);
    expect(await status(tutorPage)).toContain('Live Session');
    const frame = tutorPage.locator('iframe');
    expect(await frame.getAttribute('allow')).toBe('camera; microphone; fullscreen; display-capture; autoplay');
    expect(await frame.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(600);

    // The student's page has moved on by itself: the classroom, as attendee, same page load.
    await until(() => classroom(studentPage).getByText('Baraka User (you)').isVisible()).toBe(true);
    expect(await classroom(studentPage).getByText('Attendee').first().isVisible()).toBe(true);
    expect(await studentPage.evaluate(() => (window as unknown as { waitedHere?: boolean }).waitedHere)).toBe(true);
    expect(await status(studentPage)).toContain('Live Session');
    // Edge to edge on the phone.
    expect(await studentPage.locator('iframe').evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(390);
    expect(await studentPage.getByRole('button', { name: 'End Session' }).count()).toBe(0);
    expect(await checkAxeOnce(studentPage, 'live: student in class')).toEqual([]);
    await shot(studentPage, 'student-in-class');

    // Both joins are in the attendance, for the tutor too.
    const attendance = tutorPage.getByRole('region', { name: 'Attendance' });
    await until(() => attendance.innerText()).toMatch(/Baraka User[\s\S]*Student · joined \d\d:\d\d/);
    expect(await attendance.innerText()).toMatch(/Amina User[\s\S]*Tutor · joined/);
    expect(await checkAxeOnce(tutorPage, 'live: tutor in class')).toEqual([]);
    await shot(tutorPage, 'tutor-in-class');

    // The tutor ends it after confirming; both sides see Session Ended and the classroom goes.
    await tutorPage.getByRole('button', { name: 'End Session' }).click();
    const confirm = tutorPage.getByRole('dialog', { name: 'End the session for everyone?' });
    await shot(tutorPage, 'tutor-confirm-end');
    await confirm.getByRole('button', { name: 'End Session' }).click();
    await until(visible(tutorPage, 'Meeting Ended')).toBe(true);
    await until(() => status(tutorPage)).toContain('Session Ended');
    expect(await tutorPage.locator('iframe').count()).toBe(0);
    expect(await tutorPage.evaluate(() => document.activeElement?.textContent)).toBe('Classroom');
    // The lesson taught, its tutor is shown the way to its report.
    expect(await tutorPage.getByRole('link', { name: 'Write the lesson report' }).getAttribute('href')).toBe(`/lesson-report/${bookingId}`);
    await shot(tutorPage, 'tutor-ended');
    await until(() => status(studentPage)).toContain('Session Ended');
    expect(await studentPage.locator('iframe').count()).toBe(0);
    expect(await studentPage.getByRole('link', { name: 'Write the lesson report' }).count()).toBe(0);
    expect(await checkAxeOnce(studentPage, 'live: ended')).toEqual([]);
    await shot(studentPage, 'student-ended');

    // The lesson is completed: My Bookings says so (no Join), and the tutor's figures count it.
    await studentPage.getByRole('link', { name: 'My Bookings' }).first().click();
    const card = studentPage.getByRole('article', { name: 'Mathematics' });
    await until(() => card.innerText()).toContain('Completed');
    expect(await card.getByRole('link', { name: 'Join session' }).count()).toBe(0);

    await tutorPage.getByRole('link', { name: 'Dashboard' }).first().click();
    await tutorPage.waitForURL('**/tutor-dashboard');
    await until(() => tutorPage.locator('.stat-card', { hasText: 'Lessons Taught' }).innerText()).toContain('1');
    await until(() => tutorPage.locator('.stat-card', { hasText: 'Success Rate' }).innerText()).toContain('100%');
    await tutorPage.getByRole('tab', { name: 'Bookings' }).click();
    const held = tutorPage.getByRole('article', { name: 'Baraka User' });
    await until(() => held.innerText()).toContain('Completed');
    expect(await held.getByRole('button', { name: 'Start Class' }).count()).toBe(0);
  });

  it('a lesson a week away offers Start Class and Join session disabled, saying when they open on the viewer’s clock (EN and SW)', async () => {
    const tutor = await bookableTutor({ hourlyRate: 1500, firstName: 'Zuberi' });
    const student = await createUser('student', { firstName: 'Imani' });
    // Lessons start on the hour; a week away, its class opens at :45 the hour before.
    const start = new Date(Date.now() + 7 * 86_400_000);
    start.setUTCMinutes(0, 0, 0);
    const { bookingId } = await lessonBooking(student, tutor.userId);
    await moveLesson(bookingId, start.toISOString());
    const opens = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .format(new Date(start.getTime() - 15 * 60_000));

    const tutorPage = s.page;
    await onNairobiTime(tutorPage);
    const toasts: string[] = [];
    await signInAs(tutorPage, tutor, 'tutor-dashboard');
    await tutorPage.getByRole('tab', { name: 'Bookings' }).click();
    const booking = tutorPage.getByRole('article', { name: 'Imani User' });
    const startClass = booking.getByRole('button', { name: 'Start Class' });
    await until(() => startClass.isVisible()).toBe(true);
    expect(await startClass.isDisabled()).toBe(true);
    expect(await booking.innerText()).toMatch(new RegExp(`Opens .*at ${opens}`));
    tutorPage.on('console', (message) => { if (/Start class failed/.test(message.text())) toasts.push(message.text()); });
    await startClass.click({ force: true });
    expect(await tutorPage.getByText('Failed to start class').count()).toBe(0);
    expect(toasts).toEqual([]);

    const { page: studentPage } = await s.another();
    await onNairobiTime(studentPage);
    await signInAs(studentPage, student, 'student-dashboard');
    await studentPage.goto('/my-bookings');
    const mine = studentPage.getByRole('article').filter({ hasText: 'Zuberi User' });
    const join = mine.getByRole('button', { name: 'Join session' });
    await until(() => join.isVisible()).toBe(true);
    expect(await join.isDisabled()).toBe(true);
    expect(await mine.getByRole('link', { name: 'Join session' }).count()).toBe(0);
    expect(await mine.innerText()).toMatch(new RegExp(`Opens .*at ${opens}`));
    await studentPage.getByRole('button', { name: 'SW', exact: true }).click();
    await until(async () => mine.innerText()).toMatch(new RegExp(`Inafunguliwa .*saa ${opens}`));
  });

  it("the tutor creates the room on the lesson page; the student opens it from Upcoming classes, presses Join, and the classroom's own Leave brings them back", async () => {
    const tutor = await bookableTutor({ firstName: 'Wanjiru' });
    const student = await createUser('student', { firstName: 'Kipchoge' });
    const { bookingId } = await lessonBooking(student, tutor.userId, { startsIn: 10 });

    // The tutor, on a phone, before the room exists.
    const { page } = s;
    await signInAs(page, tutor, 'tutor-dashboard');
    await page.goto(`/live-tutoring/${bookingId}`);
    await until(() => status(page)).toContain('Ready to Start');
    expect(await page.getByRole('button', { name: 'Join session' }).count()).toBe(0);
    expect(await checkAxeOnce(page, 'live: tutor before the room')).toEqual([]);
    await shot(page, 'tutor-not-created');
    await page.getByRole('button', { name: 'Create meeting' }).click();
    await until(visible(page, 'Meeting Created')).toBe(true);
    await until(() => status(page)).toContain('Meeting Ready');
    const tutorJoin = page.getByRole('button', { name: 'Join session' });
    await until(() => tutorJoin.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'End Session' }).count()).toBe(0);
    await shot(page, 'tutor-created');

    // The student, on a laptop, comes from the dashboard's upcoming lesson and joins.
    const { page: studentPage } = await s.another({ viewport: { width: 1280, height: 900 } });
    await signInAs(studentPage, student, 'student-dashboard');
    await studentPage.getByRole('region', { name: 'Upcoming classes' }).getByRole('link', { name: 'Join session' }).click();
    await studentPage.waitForURL(`**/live-tutoring/${bookingId}`);
    await until(() => status(studentPage)).toContain('Meeting Ready');
    expect(await checkAxeOnce(studentPage, 'live: student, room ready')).toEqual([]);
    await shot(studentPage, 'student-created');
    await studentPage.getByRole('button', { name: 'Join session' }).click();
    await until(() => classroom(studentPage).getByText('Kipchoge User (you)').isVisible()).toBe(true);
    await until(() => status(studentPage)).toContain('Live Session');
    await shot(studentPage, 'student-in-class');

    await tutorJoin.click();
    await until(() => classroom(page).getByText('Wanjiru User (you)').isVisible()).toBe(true);
    // Live ten minutes before the lesson's start: it can't be ended yet.
    expect(await page.getByRole('button', { name: 'End Session' }).count()).toBe(0);
    await shot(page, 'tutor-in-class');

    // The classroom's own Leave loads its logoutURL inside the frame, as a real server does:
    // /live-left.html, which tells the lesson page, which closes the frame (no reload). The class
    // goes on and can be joined again.
    await studentPage.evaluate(() => { (window as { stillThisPage?: boolean }).stillThisPage = true; });
    await classroom(studentPage).getByRole('button', { name: 'Leave' }).click();
    await until(() => studentPage.getByRole('button', { name: 'Join session' }).isVisible()).toBe(true);
    expect(await studentPage.locator('iframe').count()).toBe(0);
    expect(await studentPage.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    expect(await status(studentPage)).toContain('Live Session');
    expect(studentPage.url()).toContain(`/live-tutoring/${bookingId}`);
  });

  it('a tutor who ends before the student joined is told first that the lesson will not be paid; the student then finds it cancelled, in Kiswahili too', async () => {
    const tutor = await bookableTutor({ firstName: 'Juma' });
    const student = await createUser('student', { firstName: 'Halima' });
    const { bookingId } = await lessonBooking(student, tutor.userId, { startsIn: -5 });

    const { page } = s;
    await signInAs(page, tutor, 'tutor-dashboard');
    await page.goto(`/live-tutoring/${bookingId}`);
    await page.getByRole('button', { name: 'Create meeting' }).click();
    await until(() => status(page)).toContain('Meeting Ready');
    await page.getByRole('button', { name: 'Join session' }).click();
    await until(() => classroom(page).getByText('Juma User (you)').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'End Session' }).click();
    const confirm = page.getByRole('dialog', { name: 'End the class without Halima User?' });
    await until(() => confirm.isVisible()).toBe(true);
    expect(await confirm.innerText()).toContain('you are not paid for it and Halima User is refunded in full');
    expect(await checkAxeOnce(page, 'live: end without the student')).toEqual([]);
    await shot(page, 'tutor-confirm-no-show');
    // Keep teaching changes nothing.
    await confirm.getByRole('button', { name: 'Keep teaching' }).click();
    expect(await status(page)).toContain('Live Session');
    await page.getByRole('button', { name: 'End Session' }).click();
    await confirm.getByRole('button', { name: 'End Session' }).click();
    await until(visible(page, /^Meeting Ended\. Halima User never joined/)).toBe(true);
    await until(() => status(page)).toContain('Session Ended');
    // Not held, so no report to write.
    expect(await page.getByRole('link', { name: 'Write the lesson report' }).count()).toBe(0);

    // The student comes late: the lesson is cancelled (refunded), there is no class to join.
    const { page: studentPage } = await s.another();
    await signInAs(studentPage, student, 'student-dashboard');
    await studentPage.goto(`/live-tutoring/${bookingId}`);
    await until(() => studentPage.getByRole('heading', { level: 1, name: 'Lesson Cancelled' }).isVisible()).toBe(true);
    expect(await studentPage.getByText('This lesson was cancelled, so its class can no longer be opened or joined.', { exact: false }).isVisible()).toBe(true);
    expect(await studentPage.locator('iframe').count()).toBe(0);
    expect(await checkAxeOnce(studentPage, 'live: lesson cancelled')).toEqual([]);
    await shot(studentPage, 'student-lesson-cancelled');
    await studentPage.getByRole('link', { name: 'Go to My Bookings' }).click();
    await studentPage.waitForURL('**/my-bookings');

    // The same refusal in Kiswahili: the card's title from the page, its reason from the API.
    await studentPage.evaluate(() => localStorage.setItem('alp.language', 'sw'));
    await studentPage.goto(`/live-tutoring/${bookingId}`);
    await until(() => studentPage.getByRole('heading', { level: 1, name: 'Somo Limeghairiwa' }).isVisible()).toBe(true);
    expect(await studentPage.getByText(/^Somo hili limeghairiwa, kwa hiyo darasa lake/).isVisible()).toBe(true);
  });

  it('an unpaid lesson says Payment Required and goes to My Bookings, an unknown one goes to the dashboard, and another student gets Access Denied', async () => {
    const { page } = s;
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const stranger = await createUser('student');
    const { bookingId } = await lessonBooking(student, tutor.userId, { paid: false, startsIn: 5 });

    await signInAs(page, student, 'student-dashboard');
    await page.goto(`/live-tutoring/${bookingId}`);
    await page.waitForURL('**/my-bookings');
    await until(visible(page, 'Payment Required: This session requires payment confirmation')).toBe(true);

    await page.goto(`/live-tutoring/${randomUUID()}`);
    await page.waitForURL('**/student-dashboard');
    await until(visible(page, 'Booking not found')).toBe(true);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInAs(page, stranger, 'student-dashboard');
    await page.goto(`/live-tutoring/${bookingId}`);
    await until(() => page.getByRole('heading', { level: 1, name: 'Access Denied' }).isVisible()).toBe(true);
    expect(await page.getByText('You are not authorized to access this session').isVisible()).toBe(true);
    expect(page.url()).toContain(`/live-tutoring/${bookingId}`);
    expect(await checkAxeOnce(page, 'live: access denied')).toEqual([]);
    await shot(page, 'access-denied');
  });

  it('"Try Demo First" on a tutor profile opens the demo room once signed in, with nothing booked', async () => {
    const { page } = s;
    const tutor = await bookableTutor({ verified: false });
    const visitor = await createUser('student', { firstName: 'Zawadi' });

    await page.goto(`/tutor-profile/${tutor.userId}`);
    await page.getByRole('link', { name: 'Try Demo First' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill(visitor.email);
    await page.getByLabel('Password', { exact: true }).fill(visitor.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/live-tutoring/demo-session');

    await until(() => page.getByRole('heading', { level: 1, name: 'Try a live class' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'live: demo')).toEqual([]);
    await shot(page, 'demo');
    await page.getByRole('button', { name: 'Start demo' }).click();
    const room = page.frameLocator('iframe[title="Demo classroom"]');
    await until(() => room.getByText('Zawadi User (you)').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'live: demo in class')).toEqual([]);
    await shot(page, 'demo-in-class');
    await room.getByRole('button', { name: 'Leave' }).click();
    await until(() => page.getByRole('button', { name: 'Start demo' }).isVisible()).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('link', { name: 'My Bookings' }).first().click();
    await until(visible(page, 'No Bookings Found')).toBe(true);
  });
});
