import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MailInbox, linkIn } from '@podz/kit/testing';
import { wavTone } from '../services/media/src/uploads/generate-media';
import { SiteBrowser } from '../gateway/test/support/site-browser';
import { ApiActor, uniqueUsername } from './support/api-actor';
import {
  accessibilityProblems,
  launchChromium,
  newVisitor,
  screenshot,
  signInThroughForm,
  signedInContext,
  WIDTHS,
} from './support/browser';
import { ADMIN, startFullStack, type FullStack } from './support/full-stack';

/**
 * The mail PODZ sends and the bell, end to end: Chromium on the site, every service behind the
 * gateway, and the messages read back from the development mail server (MailDev) they really
 * went through.
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

const TRANSCRIPT_SRT = `1
00:00:00,000 --> 00:00:03,000
The night begins.

2
00:00:03,000 --> 00:00:06,000
Lights go out one by one.

3
00:00:06,000 --> 00:00:12,000
And then it is midnight.
`;

/**
 * On an episode page with the transcript and chapters above: the cue being heard is highlighted
 * as the audio plays, a click on a cue seeks there, and the chapter buttons skip between marks.
 */
async function followsTheAudio(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Out at midnight' }).waitFor();
  const cues = page.getByTestId('transcript-cue');
  await cues.nth(2).waitFor();
  expect(await page.getByTestId('chapter-mark').count()).toBe(1);
  const currentTime = () =>
    page.getByTestId('episode-audio').evaluate((element: HTMLAudioElement) => element.currentTime);

  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction(
    () => (document.querySelector<HTMLAudioElement>('[data-testid="episode-audio"]')?.currentTime ?? 0) > 0.3,
  );
  await page
    .locator('[data-testid="transcript-cue"][aria-current="true"]', { hasText: 'The night begins.' })
    .waitFor();
  await page.getByTestId('current-chapter').getByText('Dusk').waitFor();

  // A click on the third cue seeks to 6 s, and it becomes the one highlighted, in chapter 2.
  await cues.nth(2).click();
  await page
    .locator('[data-testid="transcript-cue"][aria-current="true"]', { hasText: 'midnight' })
    .waitFor();
  expect(await currentTime()).toBeGreaterThanOrEqual(6);
  await page.getByTestId('current-chapter').getByText('Midnight').waitFor();

  // Back within a chapter's first seconds goes to the chapter before; then on to the next mark.
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Previous chapter' }).click();
  await page.getByTestId('current-chapter').getByText('Dusk').waitFor();
  expect(await currentTime()).toBeLessThan(1);
  await page.getByRole('button', { name: 'Next chapter' }).click();
  await page.getByTestId('current-chapter').getByText('Midnight').waitFor();
  expect(await currentTime()).toBeCloseTo(6, 0);
  await page
    .locator('[data-testid="transcript-cue"][aria-current="true"]', { hasText: 'midnight' })
    .waitFor();
  await readableAtBothWidths(page, 'episode-transcript-chapters');
}

/** axe finds nothing serious at a phone's width and a desktop's, and each is kept as a screenshot. */
async function readableAtBothWidths(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, name);
  }
  if (original) await page.setViewportSize(original);
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

describe('notifications', () => {
  /** An account an admin made (so its address counts as confirmed), with the given access. */
  async function account(prefix: string, access: string[]) {
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const username = uniqueUsername(prefix);
    const email = `${username}@example.org`;
    const made = await admin.json('/api/users/admin-added-user', 'POST', {
      username,
      email,
      password: PASSWORD,
      role: 'user',
      access,
    });
    expect(made.status).toBe(201);
    return { username, email, api: await ApiActor.signedIn(stack.origin, username, PASSWORD) };
  }

  async function publish(owner: ApiActor, podcastId: string, title: string): Promise<string> {
    const audioId = await owner.uploadAudio(wavTone({ seconds: 1, notes: [440] }), 'a.wav');
    // A draft first, then published, as an owner does from the episode form.
    const draft = await owner.json('/api/episodes', 'POST', { podcastId, title, audioId, status: 'draft' });
    expect(draft.status).toBe(201);
    const published = await owner.json(`/api/episodes/${draft.body.id}`, 'PUT', { status: 'published' });
    expect(published.status).toBe(200);
    return draft.body.id as string;
  }

  it("shows a new episode live in a follower's bell in every tab, mails the digest, and its unsubscribe link stops that mail", async () => {
    const owner = await account('podcaster', ['user', 'owner']);
    const fan = await account('fan', ['user']);
    const showName = `Lab Notes ${fan.username.slice(-6)}`;
    const show = await owner.api.json('/api/podcasts', 'POST', { name: showName, category: 'Science' });
    expect(show.status).toBe(201);

    const { page, context } = await signedInContext(browser, stack.origin, fan.username, PASSWORD);
    await page.goto(`/shows/${show.body.uId}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();
    await page.goto('/mypodcasts');
    const otherTab = await context.newPage();
    await otherTab.goto('/settings');
    await otherTab.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Published while both tabs are open: the bell counts it in each, without a reload.
    const episodeId = await publish(owner.api, show.body.id as string, 'Live from the lab');
    for (const tab of [page, otherTab]) await tab.getByTestId('bell-count').getByText('1').waitFor();
    // The count is the server's: it survives a reload.
    await otherTab.reload();
    await otherTab.getByTestId('bell-count').getByText('1').waitFor();
    await page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
    const list = page.getByRole('list', { name: 'Notification list' });
    await list.getByText(`New episode of ${showName}`).waitFor();
    await list.getByRole('link', { name: /Live from the lab/ }).click();
    await page.waitForURL(`**/shows/${show.body.uId}/${episodeId}`);
    // Read here, read there: the other tab's count goes too.
    await otherTab.getByTestId('bell-count').waitFor({ state: 'detached' });

    const digest = await inbox.waitFor(
      fan.email,
      (m) => m.subject === `New on ${showName}: Live from the lab`,
    );
    expect(digest.text).toContain(`${stack.origin}/shows/${show.body.uId}/${episodeId}`);
    await page.goto(linkIn(digest, `${stack.origin}/unsubscribe?token=`));
    await page.getByText('Done: you will get no more mail for “New episodes of shows you follow”').waitFor();
    await page.goto('/settings');
    const emailSwitch = page.getByRole('checkbox', { name: 'New episodes of shows you follow: by email' });
    await emailSwitch.waitFor();
    expect(await emailSwitch.isChecked()).toBe(false);
    expect(
      await page.getByRole('checkbox', { name: 'New episodes of shows you follow: in the bell' }).isChecked(),
    ).toBe(true);

    // The next episode still reaches the bell, and no digest follows it.
    await publish(owner.api, show.body.id as string, 'Back in the lab');
    await page.getByTestId('bell-count').getByText('1').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const digests = (await inbox.messagesTo(fan.email)).filter((m) =>
      m.subject.startsWith(`New on ${showName}`),
    );
    expect(digests).toHaveLength(1);
    await context.close();
  });

  it('counts a notification made after the page read the bell and before its socket joined', async () => {
    const owner = await account('gapowner', ['user', 'owner']);
    const fan = await account('gapfan', ['user']);
    const show = await owner.api.json('/api/podcasts', 'POST', {
      name: `Gap ${fan.username.slice(-6)}`,
      category: 'Science',
    });
    expect(show.status).toBe(201);
    expect((await fan.api.json(`/api/podcasts/${show.body.id}/follow`, 'PATCH')).status).toBe(200);

    // The live connection's code is held back, so the page reads the bell with no socket yet (with
    // no service worker, which would answer the script from its cache before the route saw it).
    const { page, context } = await signedInContext(browser, stack.origin, fan.username, PASSWORD, 'block');
    let held = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Chunks are named by hash: the build's manifest says which one holds the live connection.
    const manifest = JSON.parse(
      readFileSync(path.resolve(__dirname, '..', 'web', 'dist', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const liveConnection = manifest['src/app/live-connection.tsx']?.file;
    if (!liveConnection) throw new Error('the web build has no chunk for src/app/live-connection.tsx');
    await context.route(`**/${liveConnection}`, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    const bellRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/notifications',
    );
    await page.goto('/mypodcasts');
    expect((await bellRead).status()).toBe(200);
    expect(held).toBe(true);

    // Made and pushed to nobody: this member has no socket yet.
    await publish(owner.api, show.body.id as string, 'Between the read and the socket');
    const deadline = Date.now() + 20_000;
    while ((await fan.api.json('/api/notifications')).body.unread !== 1) {
      if (Date.now() > deadline) throw new Error('the notification was never made');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    release();
    await page.getByTestId('bell-count').getByText('1').waitFor();
    await context.close();
  });

  // The two scheduled releases run side by side: each waits a minute or more for its time (the
  // form takes whole minutes), and the waits overlap.
  it.concurrent(
    "an owner schedules an episode with a transcript and chapters; it reaches a follower's bell when its time comes, not before, and its page follows the audio",
    async () => {
      const owner = await account('scheduler', ['user', 'owner']);
      const fan = await account('waiter', ['user']);
      const showName = `Night Shift ${fan.username.slice(-6)}`;
      const show = await owner.api.json('/api/podcasts', 'POST', { name: showName, category: 'Science' });
      expect(show.status).toBe(201);
      expect((await fan.api.json(`/api/podcasts/${show.body.id}/follow`, 'PATCH')).status).toBe(200);
      const fanView = await signedInContext(browser, stack.origin, fan.username, PASSWORD);
      await fanView.page.goto('/mypodcasts');
      await fanView.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

      const { page, context } = await signedInContext(browser, stack.origin, owner.username, PASSWORD);
      await page.goto('/podcasts');
      await page.getByRole('button', { name: 'Episodes' }).click();
      await page.getByRole('button', { name: 'Add episode' }).click();
      const form = page.getByRole('form', { name: 'New episode' });
      await form.getByLabel('Episode title').fill('Out at midnight');
      await form.getByLabel('Episode audio').setInputFiles({
        name: 'night.wav',
        mimeType: 'audio/wav',
        buffer: wavTone({ seconds: 12, notes: [330, 440, 550] }),
      });
      await form.getByText('Uploaded night.wav').waitFor();
      await form.getByLabel('Status').selectOption('scheduled');
      // The input takes minutes in the browser's time zone: the next minute at least 45 s away
      // (the transcript and chapters are added before it).
      const due = new Date(Math.ceil((Date.now() + 45_000) / 60_000) * 60_000);
      const local = new Date(due.getTime() - due.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await form.getByLabel('Goes live at').fill(local);
      await form.getByRole('button', { name: 'Schedule episode' }).click();
      await page.getByText('The episode was scheduled').waitFor();
      await page.getByText(/scheduled · goes live/).waitFor();
      // My PODZ's calendar, across the owner's shows, has it too.
      const upcoming = page.getByRole('region', { name: 'Upcoming releases' });
      await upcoming.getByRole('link', { name: 'Out at midnight' }).waitFor();

      // Before it goes out: a transcript file (SRT, normalised by the catalog) and two chapters.
      await page.getByRole('button', { name: 'Edit' }).last().click();
      await page.getByLabel('Transcript file').setInputFiles({
        name: 'night.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from(TRANSCRIPT_SRT),
      });
      await page
        .getByTestId('transcript-state')
        .getByText(/^3 cues · en · uploaded file/)
        .waitFor();
      await page.getByRole('button', { name: 'Add chapter' }).click();
      await page.getByLabel('Chapter 1 title').fill('Dusk');
      await page.getByRole('button', { name: 'Add chapter' }).click();
      await page.getByLabel('Chapter 2 start').fill('0:06');
      await page.getByLabel('Chapter 2 title').fill('Midnight');
      await page.getByLabel('Chapter 2 image URL (optional)').fill('https://art.example.org/midnight.jpg');
      await page.getByRole('button', { name: 'Save chapters' }).click();
      await page.getByRole('status').getByText('Chapters saved.').waitFor();
      await page.getByText('2 chapters, written here.').waitFor();
      await readableAtBothWidths(page, 'episode-editor');

      // Before its time: nothing in the bell, nothing on the show's public page.
      expect(Date.now()).toBeLessThan(due.getTime());
      expect(await fanView.page.getByTestId('bell-count').count()).toBe(0);
      const before = await fan.api.json(`/api/episodes/podcast-episodes?podcastId=${show.body.id}`, 'GET');
      expect(before.body.total).toBe(0);

      // At its time the follower's bell counts it without a reload.
      await fanView.page.getByTestId('bell-count').getByText('1').waitFor({ timeout: 120_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
      await fanView.page.getByRole('button', { name: 'Notifications: 1 unread' }).click();
      await fanView.page
        .getByRole('list', { name: 'Notification list' })
        .getByRole('link', { name: /Out at midnight/ })
        .click();
      await followsTheAudio(fanView.page);
      await page.reload();
      await upcoming.getByText('Nothing is scheduled.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Episodes' }).click();
      // The episode's row (the show's own row says "published · Science · …" too).
      await page.getByText(/^published · \w{3} \d{1,2}, \d{4} · /).waitFor();
      await context.close();
      await fanView.context.close();
    },
  );

  it.concurrent(
    "an owner schedules a show's launch with its feed settings (support links, season names, a podroll); it goes public at its time",
    async () => {
      const owner = await account('launcher', ['user', 'owner']);
      const neighbour = `Neighbour ${owner.username.slice(-6)}`;
      const other = await owner.api.json('/api/podcasts', 'POST', { name: neighbour, category: 'Science' });
      expect(other.status).toBe(201);
      const { page, context } = await signedInContext(browser, stack.origin, owner.username, PASSWORD);
      await page.goto('/podcasts?add=true');
      const showName = `Launch Pad ${owner.username.slice(-6)}`;
      const form = page.getByRole('form', { name: 'Add a show' });
      await form.getByLabel('Show name').fill(showName);
      await form.getByLabel('Category').selectOption('Science');
      await form.getByLabel('Status').selectOption('scheduled');
      const due = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
      const local = new Date(due.getTime() - due.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await form.getByLabel('Goes live at').fill(local);
      await form.getByText('Feed settings for podcast apps').click();
      for (const [n, url, text] of [
        [1, 'https://support.example.org/tiny', 'Tip jar'],
        [2, 'https://members.example.org/join', 'Become a member'],
      ] as const) {
        await form.getByRole('button', { name: 'Add a support link' }).click();
        await form.getByLabel(`Support link URL ${n}`, { exact: true }).fill(url);
        await form.getByLabel(`Support link text ${n}`, { exact: true }).fill(text);
      }
      await form.getByRole('button', { name: 'Name a season' }).click();
      await form.getByLabel('Season number 1', { exact: true }).fill('1');
      await form.getByLabel('Season name 1', { exact: true }).fill('Pilots');
      await form.getByLabel('Find a show to pick').fill(neighbour.slice(0, 12));
      await form.getByRole('button', { name: `Pick ${neighbour}` }).click();
      await form.getByRole('list', { name: 'Recommended shows' }).getByText(neighbour).waitFor();
      await readableAtBothWidths(page, 'show-launch-form');
      await form.getByRole('button', { name: 'Create show' }).click();
      await page.getByText(`${showName} was created`).waitFor();

      const upcoming = page.getByRole('region', { name: 'Upcoming releases' });
      await upcoming.getByText(/The show goes live/).waitFor();
      const mine = await owner.api.json('/api/podcasts?limit=50');
      const show = (mine.body.items as { name: string; uId: string; status: string; feed: unknown }[]).find(
        (item) => item.name === showName,
      );
      expect(show).toMatchObject({
        status: 'scheduled',
        feed: {
          funding: [
            { url: 'https://support.example.org/tiny', title: 'Tip jar' },
            { url: 'https://members.example.org/join', title: 'Become a member' },
          ],
          seasonNames: { '1': 'Pilots' },
          podroll: [other.body.id],
        },
      });
      const feedUrl = `${stack.origin}/shows/${show!.uId}/feed.xml`;
      expect((await fetch(feedUrl)).status).toBe(404);

      // At its time the feed is there, with what the form set.
      let feed = await fetch(feedUrl);
      while (feed.status !== 200 && Date.now() < due.getTime() + 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        feed = await fetch(feedUrl);
      }
      expect(feed.status).toBe(200);
      expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
      const xml = await feed.text();
      expect(xml).toContain('https://members.example.org/join');
      expect(xml).toContain('<podcast:podroll>');
      await page.reload();
      await upcoming.getByText('Nothing is scheduled.', { exact: false }).waitFor();
      await context.close();
    },
  );
});
