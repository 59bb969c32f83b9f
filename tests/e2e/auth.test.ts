import { describe, expect, it } from 'vitest';
import { messages } from '../../functions/auth/accounts-catalog.js';
import { demoAccounts, DEMO_PASSWORD } from '../../infra/local/demo/seed.js';
import { createUser, decodeJwt, signIn, uniqueEmail } from '../support/api.js';
import { checkAxeOnce } from '../support/axe.js';
import { signInDemoAdminThroughUi, signInThroughUi, useBrowser } from '../support/browser.js';
import { signToken } from '../support/tokens.js';

describe('accounts in the browser', () => {
  const s = useBrowser();

  it('a new tutor creates an account, confirms the e-mail, signs in and lands on the tutor dashboard', async () => {
    const { page } = s;
    const email = uniqueEmail('e2e-tutor');
    await page.goto('/');
    await page.getByRole('link', { name: 'Become a Tutor' }).first().click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('I am a').selectOption('tutor');
    await expect.poll(() => page.getByText(/KYC verification/i).first().isVisible()).toBe(true);
    await page.getByLabel('First Name').fill('Baraka');
    await page.getByLabel('Last Name').fill('Mutua');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+254 733 000 111');
    // Too short, then too common: the form refuses both at once, with the product's texts.
    await page.getByLabel('Password', { exact: true }).fill('teach-1');
    await page.getByLabel('Confirm Password').fill('teach-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters long').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('Password123');
    await page.getByLabel('Confirm Password').fill('Password123');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect.poll(() => page.getByText('This password is too common. Choose another.').isVisible()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('teach-kenya-1');
    await page.getByLabel('Confirm Password').fill('teach-kenya-2');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect.poll(() => page.getByText("Passwords don't match").isVisible()).toBe(true);

expect(await checkAxeOnce(page, 'sign-up errors')).toEqual([]);
    await page.getByLabel('Confirm Password').fill('teach-kenya-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    // A new code comes through the API (Cognito refuses one asked for with the SPA's client).
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect.poll(() => page.getByText(messages.codeResent).isVisible()).toBe(true);
    await page.getByLabel('Confirmation code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL('**/tutor-dashboard');
    await expect.poll(() => page.getByText('Welcome, Baraka').isVisible()).toBe(true);
  });

  it('a duplicate e-mail gets the spec message', async () => {
    const { page } = s;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Create Account' }).click();
    await page.getByLabel('First Name').fill('Wanjiku');
    await page.getByLabel('Last Name').fill('Again');
    await page.getByLabel('Email').fill(demoAccounts.student.email);
    await page.getByLabel('Year of birth').fill('2001');
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm Password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect.poll(() =>
      page.getByText('An account with this email already exists. Please try signing in instead.').first().isVisible()).toBe(true);
      expect(await checkAxeOnce(page, 'sign-up, e-mail taken')).toEqual([]);
  });

  it('a wrong password fails and empty fields are refused', async () => {
    const { page } = s;
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByText('Please fill in all fields').first().isVisible()).toBe(true);
    await signInThroughUi(page, demoAccounts.student.email, 'not-the-password');
    await expect.poll(() => page.getByText('Incorrect email or password.').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    // An e-mail with no account gets the very same answer: sign-in doesn't tell who is registered.
    await signInThroughUi(page, 'nobody-here@example.com', 'not-the-password');
    await expect.poll(() => page.getByRole('alert').first().innerText()).toBe('Incorrect email or password.');
    expect(await page.getByText(/does not exist/i).count()).toBe(0);
  });

  it('a student opening a tutor or admin page sees Access Denied in plain words, and the page asks the API for nothing', async () => {
    const { page } = s;
    await signInThroughUi(page, demoAccounts.student.email, DEMO_PASSWORD);
    await page.waitForURL('**/student-dashboard');
    await expect.poll(() => page.getByText('Welcome, Wanjiku!').isVisible()).toBe(true);
    await page.waitForLoadState('networkidle'); // the dashboard's own calls are done
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      // A late call of the dashboard itself (its page still running) is not the guarded pages'.
      if (pathname.startsWith('/api/') && !new URL(request.frame().url()).pathname.startsWith('/student-dashboard')) asked.push(pathname);
    });
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });

    await page.goto('/tutor-dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Access Denied' }).isVisible()).toBe(true);
    await expect.poll(() => page.locator('main').innerText()).toContain('It is for tutors.');
    expect(await page.locator('main').innerText()).toContain('You are signed in with a student account.');
    expect(await checkAxeOnce(page, 'access denied')).toEqual([]);

    await page.goto('/super-admin-dashboard');
    await expect.poll(() => page.locator('main').innerText()).toContain("It is for the platform's administrators.");
    expect(await page.locator('main').innerText()).not.toMatch(/super_admin|Required role/);
    // Only who the user is (GET /api/me) and the header's unread count (GET /api/me/inbox): never the guarded pages' own calls.
    expect(asked.filter((path) => path !== '/api/me' && path !== '/api/me/inbox')).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('sign-in asks no role, keeps its recovery as a small link, and logs nothing to the console', async () => {
    const { page } = s;
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
    await page.goto('/auth');
    await page.getByLabel('Email').fill(demoAccounts.student.email);
    expect(await page.getByLabel('I am a').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Clear Auth & Refresh' }).count()).toBe(0);

    // A stored session that went bad: the link forgets it and reloads the page.
    await page.evaluate(() => localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'ghost'));
    await page.getByRole('button', { name: 'Having trouble signing in?' }).click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.')))).toEqual([]);

    await signInThroughUi(page, demoAccounts.student.email, DEMO_PASSWORD);
    await page.waitForURL('**/student-dashboard');
    await expect.poll(() => page.getByText('Welcome, Wanjiku!').isVisible()).toBe(true);
    expect(logged).toEqual([]);
  });

  it('the super admin lands on the super admin dashboard; signed-in users on /auth go home', async () => {
    const { page } = s;
    await signInDemoAdminThroughUi(page);
    await page.waitForURL('**/super-admin-dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Super Admin Dashboard' }).isVisible()).toBe(true);
    await page.goto('/auth');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
  });

  it('a protected page sends a signed-out visitor to /auth, and back there after signing in', async () => {
    const { page } = s;
    await page.goto('/my-bookings');
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill(demoAccounts.student.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/my-bookings');
  });

  it('an unknown path shows the not-found page with a link home', async () => {
    const { page } = s;
    await page.goto('/nowhere');
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'not found')).toEqual([]);
    await page.getByRole('link', { name: /home/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('the session survives expired tokens: Amplify refreshes them through the local Cognito proxy', async () => {
    const { page } = s;
    await signInThroughUi(page, demoAccounts.tutor.email, DEMO_PASSWORD);
    await page.waitForURL('**/tutor-dashboard');

    // Swap the stored tokens for correctly signed ones that expired an hour ago.
    const stored = await page.evaluate(() => Object.fromEntries(
      Object.keys(localStorage).filter((k) => /\.(accessToken|idToken)$/.test(k)).map((k) => [k, localStorage.getItem(k)!]),
    ));
    expect(Object.keys(stored)).toHaveLength(2);
    const now = Math.floor(Date.now() / 1000);
    const expired: Record<string, string> = Object.fromEntries(await Promise.all(Object.entries(stored).map(
      async ([k, token]) => [k, await signToken({ ...decodeJwt(token), iat: now - 7200, exp: now - 3600 })] as const,
    )));
    await page.evaluate((entries) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, expired);

    await page.reload();
    // A refresh round trip first (Amplify → the local Cognito proxy → moto): slow on a busy machine.
    await expect.poll(() => page.getByText('Welcome, Otieno').isVisible(), { timeout: 30_000 }).toBe(true);
    const after = await page.evaluate(() => Object.fromEntries(
      Object.keys(localStorage).filter((k) => k.endsWith('.accessToken')).map((k) => [k, localStorage.getItem(k)!]),
    ));
    const token = Object.values(after)[0]!;
    expect(token).not.toBe(Object.values(expired).find((t) => decodeJwt(t).token_use === 'access'));
    expect(Number(decodeJwt(token).exp)).toBeGreaterThan(now);
  });

  it('Forgot password: a code and a new password sign the user in; the old password stops working', async () => {
    const { page } = s;
    const user = await createUser('student', { firstName: 'Neema' });
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Reset your password' }).isVisible()).toBe(true);
    expect(await checkAxeOnce(page, 'reset password')).toEqual([]);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByLabel('Confirmation code').fill('123456');
    // The reset goes to Cognito directly (its policy knows only the length): the form refuses a common password.
    await page.getByLabel('New Password', { exact: true }).fill('Sunshine123');
    await page.getByLabel('Confirm New Password').fill('Sunshine123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('This password is too common. Choose another.').isVisible()).toBe(true);
    await page.getByLabel('New Password', { exact: true }).fill('fresh-pass-9');
    await page.getByLabel('Confirm New Password').fill('fresh-pass-8');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText("Passwords don't match").isVisible()).toBe(true);
    await page.getByLabel('Confirm New Password').fill('fresh-pass-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/student-dashboard');
    await expect.poll(() => page.getByText('Welcome, Neema!').isVisible()).toBe(true);
    await expect(signIn(user.email, user.password)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect((await signIn(user.email, 'fresh-pass-9')).accessToken).toEqual(expect.any(String));
  });

  it('Sign Out ends the session', async () => {
    const { page } = s;
    await signInThroughUi(page, demoAccounts.student.email, DEMO_PASSWORD);
    await page.waitForURL('**/student-dashboard');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Get Started' }).first().isVisible()).toBe(true);
    await page.goto('/student-dashboard');
    await page.waitForURL('**/auth');
  });
});
