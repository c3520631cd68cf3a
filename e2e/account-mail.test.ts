import type { Browser, Page } from 'playwright-core';
import { MailInbox, linkIn } from '@podz/kit/testing';
import { SiteBrowser } from '../gateway/test/support/site-browser';
import { uniqueUsername } from './support/api-actor';
import { launchChromium, newVisitor, signInThroughForm, signedInContext } from './support/browser';
import { startFullStack, type FullStack } from './support/full-stack';

/**
 * The mail PODZ sends, end to end: Chromium on the site, every service behind the gateway, and
 * the messages read back from the development mail server (MailDev) they really went through.
 */
jest.setTimeout(300_000);

let stack: FullStack;
let browser: Browser;
const inbox = new MailInbox();
const PASSWORD = 'e2e-mail-pass-1';

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startFullStack({ demo: false });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** A member registered through the API (their verification mail is not what these tests read). */
async function member(prefix: string): Promise<{ username: string; email: string }> {
  const username = uniqueUsername(prefix);
  const email = `${username}@example.org`;
  const api = new SiteBrowser(stack.origin);
  const registered = await api.json('/api/auth/register', 'POST', { username, email, password: PASSWORD });
  expect(registered.status).toBe(201);
  return { username, email };
}

/** Signed in as `username`: the action bar's account menu is theirs. */
const signedInAs = (page: Page, username: string) =>
  page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();

describe('sign-in by an emailed link', () => {
  it('mails a one-time link from /login that signs in, and refuses it the second time', async () => {
    const { username, email } = await member('link');
    const { page, context } = await newVisitor(browser, stack.origin);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Sign in with an email link' }).waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page
      .getByRole('status')
      .getByText(/a sign-in link is on its way/)
      .waitFor();

    const mail = await inbox.waitFor(email, (m) => /sign-in link/i.test(m.subject));
    const link = linkIn(mail, `${stack.origin}/api/auth/callback/email?`);
    await page.goto(link);
    await page.waitForURL('**/mypodcasts');
    await signedInAs(page, username);

    // The same link, once more, in a fresh browser: used up.
    const other = await newVisitor(browser, stack.origin);
    await other.page.goto(link);
    await other.page.waitForURL('**/login?**');
    await other.page.getByText('That sign-in link is used, expired or replaced by a newer one').waitFor();
    await other.context.close();
    await context.close();
  });
});

describe('password reset', () => {
  it('forgot → reset → signs in with the new password, and the old sessions are signed out', async () => {
    const { username, email } = await member('reset');
    const before = await signedInContext(browser, stack.origin, username, PASSWORD);
    await before.page.goto('/settings');
    await before.page.getByRole('heading', { name: 'Settings' }).waitFor();

    const { page, context } = await newVisitor(browser, stack.origin);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page
      .getByRole('status')
      .getByText(/a link to set a new password is on its way/)
      .waitFor();

    const mail = await inbox.waitFor(email, (m) => /password/i.test(m.subject));
    await page.goto(linkIn(mail, `${stack.origin}/reset-password?`));
    const newPassword = 'e2e-new-pass-2';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('status').getByText('Your password was changed').waitFor();

    await signInThroughForm(page, username, newPassword);
    await signedInAs(page, username);

    // The session opened before the reset is over: the next page it opens asks to sign in.
    await before.page.goto('/settings');
    await before.page.waitForURL('**/login**');
    const old = new SiteBrowser(stack.origin);
    const { csrfToken } = (await old.json('/api/auth/csrf')).body as { csrfToken: string };
    const refused = await old.fetch('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, username, password: PASSWORD, json: 'true' }),
    });
    expect(refused.status).toBe(401);
    await before.context.close();
    await context.close();
  });
});

describe('address verification', () => {
  it('register → banner → the link in the mail confirms the address', async () => {
    const username = uniqueUsername('verify');
    const email = `${username}@example.org`;
    const { page, context } = await newVisitor(browser, stack.origin);
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/mypodcasts');
    const banner = page.getByTestId('verification-banner');
    await banner.getByText('Please confirm your email address').waitFor();

    const mail = await inbox.waitFor(email, (m) => /confirm/i.test(m.subject));
    await page.goto(linkIn(mail, `${stack.origin}/api/auth/verify-email?`));
    await page.waitForURL('**/verify-email?result=verified');
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/mypodcasts');
    await page.getByRole('heading', { name: 'My FAVZ' }).waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();
  });
});
