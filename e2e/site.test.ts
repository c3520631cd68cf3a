import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '@podz/kit/testing';
import { pngCover, wavTone } from '../services/media/src/uploads/generate-media';
import { measureLoudness, probe, speechLike } from '../services/media/test/support/speech-like';
import { DEMO_SHOWS } from '../scripts/demo/network-data';
import { SiteBrowser } from '../gateway/test/support/site-browser';
import { ApiActor, uniqueUsername } from './support/api-actor';
import {
  WIDTHS,
  accessibilityProblems,
  launchChromium,
  newVisitor,
  openInApp,
  quietAfter,
  screenshot,
  signInThroughForm,
  signedInContext,
} from './support/browser';
import { ADMIN, DEMO_PASSWORD, startFullStack, type FullStack } from './support/full-stack';
import { PAYPAL_SDK, serveCheckoutStandIn } from './support/paypal-checkout';
import { parseFeed } from 'podcast-partytime';

/**
 * The web app end to end: headless Chromium against every service behind the gateway, on the real
 * store, broker and cache, with the demo network seeded as `npm start` seeds it.
 */
// Generous: under `npm test` other suites share the two cores, and seeding alone takes up to a minute.
jest.setTimeout(300_000);

let stack: FullStack;
let browser: Browser;
const PASSWORD = 'e2e-member-pass-1';

beforeAll(async () => {
  browser = await launchChromium();
  stack = await startFullStack();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function register(page: Page, username: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL('**/mypodcasts');
}

/** A new member with owner access, made by the admin: their name, password and API session. */
async function newOwner(prefix: string): Promise<{ username: string; password: string; api: ApiActor }> {
  const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
  const username = uniqueUsername(prefix);
  const password = `${prefix}-owner-pass-1`;
  const made = await admin.json('/api/users/admin-added-user', 'POST', {
    username,
    email: `${username}@example.org`,
    password,
    role: 'user',
    access: ['user', 'owner'],
  });
  expect(made.status).toBe(201);
  return { username, password, api: await ApiActor.signedIn(stack.origin, username, password) };
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Side menu' });

describe('1. a visitor browses to an episode and listens', () => {
  it('opens /, uses the Shows menu, opens a show and an episode, and the audio plays and seeks', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured shows' }).waitFor();

    // The menu works from the keyboard: Enter opens it, Escape closes it.
    const showsButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shows' });
    await showsButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Shows' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('list', { name: 'Shows' }).waitFor({ state: 'detached' });
    expect(await showsButton.getAttribute('aria-expanded')).toBe('false');

    await showsButton.hover();
    const menu = page.getByRole('list', { name: 'Shows' });
    await menu.waitFor();
    const cards = menu.getByRole('link');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(5);
    expect(await page.getByRole('link', { name: /View All Shows/ }).isVisible()).toBe(true);
    const showName = (await cards.first().innerText()).trim();
    const href = await cards.first().getAttribute('href');
    expect(href).toMatch(/^\/shows\/[a-z0-9-]+$/);
    await cards.first().click();
    await page.waitForURL(`**${href}`);
    await page.getByRole('heading', { level: 1, name: showName }).waitFor();
    expect(await page.getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toMatch(/\/feed\.xml$/);

    const episodes = page.getByRole('region', { name: 'Episodes' }).getByRole('link');
    await episodes.first().waitFor();
    const episodeTitle = (await episodes.first().locator('p.truncate').innerText()).trim();
    await episodes.first().click();
    await page.getByRole('heading', { level: 1, name: episodeTitle }).waitFor();

    const audio = page.getByTestId('episode-audio');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForFunction(() => {
      const element = document.querySelector<HTMLAudioElement>('[data-testid="episode-audio"]');
      return element !== null && !element.paused && element.currentTime > 0.3;
    });
    // Seek with the keyboard, as a listener without a mouse would: four steps of one second.
    await page.getByRole('button', { name: 'Pause' }).click();
    const before = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    const seek = page.getByRole('slider', { name: 'Seek' });
    await seek.focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (from) =>
        (document.querySelector<HTMLAudioElement>('[data-testid="episode-audio"]')?.currentTime ?? 0) >=
        from + 1.5,
      before,
    );
    expect(await page.getByTestId('player-time').innerText()).toMatch(/^0:0[2-6] \/ 0:06$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('1b. a visitor meets the people behind the shows', () => {
  it('goes from the hosts list to a host’s page: picture, bio, the shows they host, and back to one', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await page.goto('/people/hosts');
    await page.getByRole('link', { name: 'ada.nwosu', exact: true }).click();
    await page.waitForURL('**/people/ada.nwosu');
    await page.getByRole('heading', { level: 1, name: 'ada.nwosu' }).waitFor();
    const hosted = page.getByRole('region', { name: 'Shows they host' });
    const shows = hosted.getByRole('link');
    await shows.first().waitFor();
    // Ada hosts two demo shows; each card leads to its show, whose host list leads back here.
    expect(await shows.count()).toBe(2);
    await shows.first().click();
    await page.waitForURL('**/shows/**');
    await page.getByRole('link', { name: 'ada.nwosu' }).click();
    await page.waitForURL('**/people/ada.nwosu');
    await page.getByRole('region', { name: 'Episodes they appear in' }).waitFor();
    await page.goto('/people/no-such-person-here');
    await page.getByRole('alert').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('1d. a visitor searches', () => {
  const field = (page: Page) => page.getByRole('textbox', { name: 'Search shows, episodes and people' });
  const box = (page: Page) => page.getByRole('combobox', { name: 'Search shows, episodes and people' });

  it('types a misspelt show name and opens the show from the suggestions with the keyboard', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await page.goto('/');
    await field(page).click();
    // The suggestions box loads on first focus and keeps the focus.
    await box(page).waitFor();
    await eventually(
      'the demo network searchable',
      async () => {
        await box(page).fill('');
        await box(page).pressSequentially('curius hour');
        // An episode's suggestion names its show too: the show is the one in the Shows group.
        return page
          .getByRole('group', { name: 'Shows' })
          .getByRole('option', { name: /The Curious Hour/ })
          .waitFor({ timeout: 2_000 })
          .then(
            () => true,
            () => false,
          );
      },
      60_000,
    );
    await page.keyboard.press('ArrowDown');
    const first = page.getByRole('option').first();
    await page.locator('[role="option"][aria-selected="true"]').waitFor();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await first.innerText()).toContain('The Curious Hour');
    // The matched words are marked.
    expect(await first.locator('mark').allInnerTexts()).toEqual(['Curious', 'Hour']);
    expect(await box(page).getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/shows/the-curious-hour');
    await page.getByRole('heading', { level: 1, name: 'The Curious Hour' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('finds a guest by name: their page from the People tab, their episodes on the Episodes tab; the icon opens search on a phone', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin, WIDTHS.mobile);
    await page.goto('/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await box(page).waitFor();
    await box(page).pressSequentially('grace.kim');
    await page.getByRole('option', { name: /See all results/ }).waitFor();
    // Escape closes the suggestions; Enter with nothing chosen opens the search page.
    await page.keyboard.press('Escape');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'grace.kim');
    await page.getByRole('heading', { level: 1, name: 'Results for “grace.kim”' }).waitFor();

    await page.getByRole('tab', { name: /^People \(1\)/ }).click();
    await page.getByRole('link', { name: 'grace.kim' }).click();
    await page.waitForURL('**/people/grace.kim');
    await page.getByRole('heading', { level: 1, name: 'grace.kim' }).waitFor();

    await page.goto('/search?q=grace.kim&type=episodes');
    const episodes = page.getByRole('main').getByRole('listitem');
    await episodes.first().waitFor();
    // The tabs' totals are a query of their own: wait for the count, not only the list.
    const tab = page.getByRole('tab', { name: /^Episodes \(\d+\)/ });
    await tab.waitFor();
    expect(Number(/\((\d+)\)/.exec(await tab.innerText())?.[1])).toBeGreaterThan(0);
    await screenshot(page, 'search-guest-episodes-375');
    await page.goto('/search?q=zzqqxxnothing');
    await page.getByText('No shows match “zzqqxxnothing”').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('1c. the embeddable player and sharing', () => {
  it('plays inside an <iframe> on a page of another origin: nothing loaded from elsewhere, no audio before play, chapters, speed and a start time', async () => {
    const episode = await demoEpisode();
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const chapters = [
      { startTime: 0, title: 'Opening' },
      { startTime: 3, title: 'Second part' },
    ];
    expect((await admin.json(`/api/episodes/${episode.id}/chapters`, 'PUT', { chapters })).status).toBe(200);
    const blog = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><html lang="en"><title>A blog</title><h1>My blog</h1><iframe src="${stack.origin}/embed/episodes/${episode.id}?t=1s" width="600" height="200" title="PODZ player"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    const blogOrigin = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
    expect(blogOrigin).not.toBe(new URL(stack.origin).origin);
    const { page, context, problems } = await newVisitor(browser, blogOrigin);
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    try {
      await page.goto('/');
      const player = page.frameLocator('iframe');
      await player
        .getByTestId('embed-time')
        .getByText(/^0:01 \//)
        .waitFor();
      expect(await player.getByTestId('embed-mark').count()).toBe(1);
      expect(requested.filter((url) => url.includes('/media/audio/'))).toEqual([]);

      await player.getByRole('button', { name: 'Play', exact: true }).click();
      const frame = page.frames().find((candidate) => candidate.url().includes('/embed/episodes/'))!;
      await frame.waitForFunction(
        () =>
          (document.querySelector<HTMLAudioElement>('[data-testid="embed-audio"]')?.currentTime ?? 0) > 1.2,
      );
      await player.getByRole('button', { name: 'Next chapter' }).click();
      await player.getByTestId('embed-chapter').getByText('Chapter 2: Second part').waitFor();
      await player.getByRole('button', { name: 'Playback speed: 1×' }).click();
      expect(
        await frame.evaluate(() => document.querySelector<HTMLAudioElement>('audio')?.playbackRate),
      ).toBe(1.25);
      expect(await player.getByRole('link', { name: /on PODZ$/ }).getAttribute('href')).toBe(
        `${new URL(stack.origin).origin}/shows/${episode.show.uId}/${episode.id}`,
      );
      const elsewhere = requested.filter(
        (url) => !url.startsWith(blogOrigin) && !url.startsWith(new URL(stack.origin).origin),
      );
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);

      // On the episode page: a link that starts at a time, and the Share dialog's link and code.
      const visitor = await newVisitor(browser, stack.origin);
      await visitor.page.goto(`/shows/${episode.show.uId}/${episode.id}?t=2s`);
      await visitor.page
        .getByTestId('player-time')
        .getByText(/^0:02 \//)
        .waitFor();
      await visitor.page.getByRole('button', { name: 'Share' }).click();
      const dialog = visitor.page.getByRole('dialog', { name: /^Share/ });
      expect(await dialog.getByLabel('Link').inputValue()).toMatch(new RegExp(`/${episode.id}\\?t=2s$`));
      expect(await dialog.getByLabel('Embed code').inputValue()).toContain(
        `/embed/episodes/${episode.id}?t=2s"`,
      );
      await dialog.getByRole('button', { name: 'Done' }).click();
      await visitor.context.close();
    } finally {
      await context.close();
      blog.close();
      await admin.json(`/api/episodes/${episode.id}/chapters`, 'PUT', { chapters: [] });
    }
  });
});

describe('2. a new member follows a show', () => {
  it('registers, is signed in, follows a show, sees it in My FAVZ, signs out and sees the toast', async () => {
    const { page, context } = await newVisitor(browser, stack.origin);
    const username = uniqueUsername('fan');
    await register(page, username);
    await page.getByRole('heading', { name: 'My FAVZ' }).waitFor();
    await page.getByText('You do not follow any show yet').waitFor();

    await page.goto('/shows');
    const firstShow = page.getByRole('main').getByRole('listitem').first().getByRole('link');
    const showName = (await firstShow.getByRole('heading').innerText()).trim();
    await firstShow.click();
    await page.getByRole('button', { name: 'Follow' }).click();
    await page.getByRole('button', { name: 'Following' }).waitFor();

    await page.goto('/mypodcasts');
    await page.getByRole('main').getByRole('heading', { name: showName }).waitFor();

    await page.getByRole('button', { name: `Account menu for ${username}` }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have been signed out').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

describe('3. a member becomes a podcaster and publishes', () => {
  it('asks, is approved, adds a show and an episode with an uploaded file, and the show is public', async () => {
    const { page, context } = await newVisitor(browser, stack.origin);
    const username = uniqueUsername('caster');
    await register(page, username);
    const addYourPodz = page.getByTestId('add-your-podz');
    expect(await addYourPodz.getAttribute('href')).toBe('/requests/access');
    await addYourPodz.click();
    const ownerCard = page.getByRole('region', { name: 'Become a podcaster' });
    await ownerCard.getByLabel('Tell us about yourself (optional)').fill('I run a kids science show.');
    await ownerCard.getByRole('button', { name: 'Send request' }).click();
    await expect(ownerCard.getByTestId('request-status-owner').innerText()).resolves.toBe('pending');

    // An admin approves through the API; the page notices on its own, without a reload.
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const userId = await admin.userId(username);
    const pending = await admin.json('/api/requests?status=pending&role=owner&limit=100');
    const request = (pending.body.items as { id: string; requester: { id: string } }[]).find(
      (item) => item.requester.id === userId,
    );
    expect(request).toBeDefined();
    expect((await admin.json(`/api/requests/${request!.id}`, 'PUT', { status: 'approved' })).status).toBe(
      200,
    );
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="add-your-podz"]')?.getAttribute('href') ===
        '/podcasts?add=true',
      undefined,
      { timeout: 60_000 },
    );
    await addYourPodz.click();
    await page.waitForURL('**/podcasts?add=true');

    const showName = `Tiny Lab ${username.slice(-6)}`;
    const form = page.getByRole('form', { name: 'Add a show' });
    await form.getByLabel('Show name').fill(showName);
    await form.getByLabel('Description').fill('Science for curious kids.');
    await form.getByLabel('Category').selectOption('Kids and family');
    // A new show levels its audio to the network's target unless the owner says otherwise.
    expect(await form.getByLabel('Level loudness to -16 LUFS').isChecked()).toBe(true);
    // ...and carries ads and promos as the network decides (none until admins say otherwise).
    const insertion = form.getByLabel('Ads and promos');
    expect(await insertion.inputValue()).toBe('network');
    await form.getByRole('option', { name: 'As the network decides (none)' }).waitFor({ state: 'attached' });
    await form.getByRole('button', { name: 'Create show' }).click();
    await page.getByText(`${showName} was created`).waitFor();

    await page.getByRole('button', { name: 'Add episode' }).click();
    const episodeForm = page.getByRole('form', { name: 'New episode' });
    await episodeForm.getByLabel('Episode title').fill('Why is the sky blue?');
    // A slow uplink, so the progress bar is there to be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const audio = wavTone({ seconds: 120, notes: [440, 660] });
    await episodeForm
      .getByLabel('Episode audio')
      .setInputFiles({ name: 'sky.wav', mimeType: 'audio/wav', buffer: audio });
    const progress = episodeForm.getByRole('progressbar');
    await progress.waitFor();
    const shown = Number(await progress.getAttribute('aria-valuenow'));
    expect(shown).toBeGreaterThanOrEqual(0);
    expect(shown).toBeLessThanOrEqual(100);
    await episodeForm.getByText('Uploaded sky.wav').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await episodeForm.getByRole('button', { name: 'Publish episode' }).click();
    await page.getByText('The episode was published').waitFor();
    await page.getByText('Why is the sky blue?').waitFor();

    await page.goto('/shows');
    await page.getByLabel('Category').selectOption('Kids and family');
    await page.getByRole('main').getByRole('heading', { name: showName }).waitFor();
    await page.getByRole('main').getByRole('heading', { name: showName }).click();
    await page.getByRole('link', { name: /Why is the sky blue\?/ }).waitFor();
    await context.close();
  });
});

describe('3b. the audio pipeline on screen', () => {
  it('an owner uploads, watches the processing reach done, sees the waveform and seeks on it; an app downloads the levelled rendition with its tags', async () => {
    const { username, password, api: owner } = await newOwner('levels');
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, username, password);
    await page.goto('/mediaz');
    // A quiet recording (about -38 LUFS), as a phone in a big room makes.
    const name = `quiet-${Date.now().toString(36)}.mp3`;
    await page.getByLabel('Upload audio', { exact: true }).setInputFiles({
      name,
      mimeType: 'audio/mpeg',
      buffer: speechLike({ seconds: 90, amplitude: 0.02, channels: 2, format: 'mp3' }),
    });
    const row = page.getByRole('list', { name: 'Files' }).getByRole('listitem', { name });
    await row.getByRole('progressbar', { name: `Processing ${name}` }).waitFor({ timeout: 60_000 });
    await row.getByText('Processed: levelled and encoded for the network.').waitFor({ timeout: 120_000 });
    await row.getByText(/levelled to -16\.0 LUFS/).waitFor();
    const item = (
      (await owner.json('/api/media?kind=audio&limit=50')).body.items as { id: string; name: string }[]
    ).find((file) => file.name === name)!;

    const show = await owner.json('/api/podcasts', 'POST', { name: `Levelled ${name}`, category: 'Science' });
    expect(show.status).toBe(201);
    const episode = await owner.json('/api/episodes', 'POST', {
      podcastId: show.body.id,
      title: 'Heard at the network level',
      audioId: item.id,
    });
    expect(episode.status).toBe(201);
    const rendition = `/media/audio/${item.id}.house.mp3`;
    expect(episode.body.audio.url).toBe(rendition);

    await page.goto(`/shows/${encodeURIComponent(show.body.uId)}/${episode.body.id}`);
    const waveform = page.getByTestId('waveform');
    await waveform.waitFor();
    const box = (await waveform.boundingBox())!;
    await waveform.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="episode-audio"]');
      return audio !== null && audio.currentTime > 40 && audio.currentTime < 50;
    });

    // A podcast app reads the feed and downloads the enclosure: the levelled rendition.
    const feed = await fetch(`${stack.origin}/shows/${show.body.uId}/feed.xml`).then((res) => res.text());
    const enclosure = /<enclosure url="([^"]+)" length="(\d+)" type="audio\/mpeg"\/>/.exec(feed);
    expect(enclosure?.[1]?.endsWith(rendition)).toBe(true);
    const download = await fetch(`${stack.origin}${rendition}`, {
      headers: { 'user-agent': 'Overcast/3.0 (+http://overcast.fm/)' },
    });
    const downloaded = Buffer.from(new Uint8Array(await download.arrayBuffer()));
    expect(downloaded.length).toBe(Number(enclosure?.[2]));
    expect(Math.abs(measureLoudness(downloaded).integrated + 16)).toBeLessThanOrEqual(1);
    // With the tags PODZ wrote for the episode.
    expect(probe(downloaded).format).toMatchObject({
      title: 'Heard at the network level',
      album: `Levelled ${name}`,
      artist: username,
    });

    // After a reload, the episode's form says where its audio's processing is.
    await page.goto('/podcasts');
    await page.getByRole('button', { name: 'Episodes' }).click();
    // The episode's row, then its Edit (the last on the page once the row is there).
    await page.getByText('Heard at the network level', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).last().click();
    await page
      .getByRole('form', { name: 'Edit Heard at the network level' })
      .getByText('Processed: levelled and encoded for the network.')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('4. two members message each other live', () => {
  it('updates the Messages badge and the open thread without a reload', async () => {
    const alice = await newVisitor(browser, stack.origin);
    const bob = await newVisitor(browser, stack.origin);
    const aliceName = uniqueUsername('alice');
    const bobName = uniqueUsername('bob');
    await register(alice.page, aliceName);
    await register(bob.page, bobName);

    await alice.page.goto('/messages');
    await alice.page.getByRole('button', { name: 'New conversation' }).click();
    const compose = alice.page.getByRole('form', { name: 'New conversation' });
    await compose.getByLabel('To').fill(bobName);
    await compose.getByRole('button', { name: bobName }).click();
    await compose.getByLabel('Message').fill('Hi Bob, loved your last episode!');
    await compose.getByRole('button', { name: 'Send' }).click();
    await alice.page
      .getByRole('list', { name: 'Messages' })
      .getByText('Hi Bob, loved your last episode!')
      .waitFor();

    // Bob sits on My FAVZ: the badge appears by itself.
    const badge = sideMenu(bob.page).getByTestId('messages-badge');
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.innerText()).toBe('1');

    await sideMenu(bob.page)
      .getByRole('link', { name: /Messages/ })
      .click();
    await bob.page.getByRole('button', { name: new RegExp(aliceName) }).click();
    const bobThread = bob.page.getByRole('list', { name: 'Messages' });
    await bobThread.getByText('Hi Bob, loved your last episode!').waitFor();
    // Reading it clears the badge.
    await badge.waitFor({ state: 'detached', timeout: 20_000 });

    // Alice answers while Bob watches the thread.
    await alice.page.getByLabel('Message', { exact: true }).fill('Next one is about octopuses.');
    await alice.page
      .getByRole('form', { name: 'Send a message' })
      .getByRole('button', { name: 'Send' })
      .click();
    await bobThread.getByText('Next one is about octopuses.').waitFor({ timeout: 20_000 });
    expect(alice.problems).toEqual([]);
    expect(bob.problems).toEqual([]);
    await alice.context.close();
    await bob.context.close();
  });
});

/** The identities of spec §6: nobody, and a demo account per role with that role's access list. */
const IDENTITIES = ['anonymous', 'admin', 'editor', 'user', 'owner', 'host', 'guest'] as const;
type Identity = (typeof IDENTITIES)[number];
const ACCESS: Record<Exclude<Identity, 'anonymous'>, string[]> = {
  admin: ['admin'],
  editor: ['editor'],
  user: ['user'],
  owner: ['user', 'owner'],
  host: ['user', 'host'],
  guest: ['user', 'guest'],
};

/** Spec §2 routes with their kind from spec §6 and, for restricted ones, the spec's role list. */
type Kind = 'public' | 'auth' | 'guest-only' | string[];
function specRoutes(showPath: string, episodePath: string): [string, Kind][] {
  return [
    ['/', 'public'],
    ['/about', 'public'],
    ['/advertise', 'public'],
    ['/contact', 'public'],
    ['/people', 'public'],
    ['/people/hosts', 'public'],
    ['/people/guests', 'public'],
    ['/people/crew', 'public'],
    ['/shows', 'public'],
    [showPath, 'public'],
    [episodePath, 'public'],
    ['/pricing', 'public'],
    ['/401', 'public'],
    ['/login', 'guest-only'],
    ['/register', 'guest-only'],
    ['/requests/access', 'auth'],
    ['/podcast-requests', 'auth'],
    ['/dashboard', ['admin']],
    ['/mypodcasts', ['user', 'owner', 'host', 'guest']],
    ['/pricing-plans/edit', ['admin', 'editor']],
    ['/landing', ['admin', 'editor']],
    ['/users/requests', ['admin']],
    ['/users', ['admin']],
    ['/messages', ['user', 'host', 'guest', 'owner', 'admin']],
    ['/podcasts/requests', ['user', 'host']],
    ['/guest-podz', ['guest']],
    ['/podcasts', ['user', 'owner']],
    ['/profile', ['user', 'host', 'guest', 'owner']],
    ['/mediaz', ['admin', 'owner']],
    ['/documentation', ['admin']],
    ['/settings', ['user', 'host', 'guest', 'owner', 'admin']],
    ['/podz-management', ['admin']],
    ['/image-gallery', ['admin', 'owner']],
  ];
}

/** Where spec §6 says a visit ends, worked out from the spec's words, not from the app's table. */
function expectedLanding(route: string, kind: Kind, who: Identity): string {
  if (kind === 'public') return route;
  if (who === 'anonymous') return kind === 'guest-only' ? route : '/login';
  const access = ACCESS[who];
  // Signed in, a guest-only page sends the user on to /mypodcasts, with that page's rules; an
  // editor, who has none, to their console instead (never to /401).
  if (kind === 'guest-only') {
    if (who === 'editor') return '/pricing-plans/edit';
    return expectedLanding('/mypodcasts', ['user', 'owner', 'host', 'guest'], who);
  }
  if (route === '/mypodcasts' && access.includes('admin')) return '/dashboard';
  if (kind === 'auth') return route;
  return kind.some((role) => access.includes(role)) ? route : '/401';
}

/** The page has its session and its data: the guard decided and nothing is loading any more. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('[role="status"]')?.textContent?.includes('Checking your session'),
  );
}

/** An episode of the demo network's first show (what a visitor of a fresh `npm start` sees). */
async function demoEpisode(): Promise<{ id: string; show: { uId: string } }> {
  const read = async <T>(path: string) => (await (await fetch(`${stack.origin}${path}`)).json()) as T;
  const show = await read<{ id: string }>(`/api/podcasts/name/${encodeURIComponent(DEMO_SHOWS[0]!.name)}`);
  const episodes = await read<{ items: { id: string; show: { uId: string } }[] }>(
    `/api/episodes/podcast-episodes?podcastId=${show.id}&limit=1`,
  );
  return episodes.items[0]!;
}

async function demoSession(who: Exclude<Identity, 'anonymous'>) {
  return signedInContext(browser, stack.origin, `demo-${who}`, DEMO_PASSWORD);
}

describe('5. the guard table', () => {
  it('lands every spec route, opened anonymously and as each role, where spec §6 says', async () => {
    const episode = await demoEpisode();
    const routes = specRoutes(`/shows/${episode.show.uId}`, `/shows/${episode.show.uId}/${episode.id}`);

    const mismatches = (
      await Promise.all(
        IDENTITIES.map(async (who) => {
          const { context, page } =
            who === 'anonymous' ? await newVisitor(browser, stack.origin) : await demoSession(who);
          const wrong: string[] = [];
          // The first route of each kind is opened by its address (the guard decides while the
          // session is still being checked); the rest from inside the app, as its links open them.
          const opened = new Set<string>();
          for (const [route, kind] of routes) {
            const expected = expectedLanding(route, kind, who);
            const shape = typeof kind === 'string' ? kind : 'roles';
            if (opened.has(shape)) {
              await openInApp(page, route);
            } else {
              opened.add(shape);
              await page.goto(route);
              await settled(page);
            }
            if (new URL(page.url()).pathname !== expected) {
              await page
                .waitForURL((url) => url.pathname === expected, { timeout: 5_000 })
                .catch(() => undefined);
            }
            const landed = new URL(page.url()).pathname;
            if (landed !== expected) wrong.push(`${who} ${route}: landed on ${landed}, expected ${expected}`);
          }
          await context.close();
          return wrong;
        }),
      )
    ).flat();
    expect(mismatches).toEqual([]);
  });

  it('sends a visitor to log in with SessionRequired and back to the page afterwards', async () => {
    const { page, context } = await newVisitor(browser, stack.origin);
    await page.goto('/profile');
    await page.waitForURL('**/login?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe('/profile');
    await page.getByText('Please sign in to see that page').waitFor();
    await page.getByLabel('Username or email').fill('demo-user');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await context.close();
  });
});

describe('6. the side menu', () => {
  let owner: ApiActor;

  beforeAll(async () => {
    // The conditional entries need their facts: demo-host invited to a show, demo-guest on an episode.
    owner = await ApiActor.signedIn(stack.origin, 'demo-owner', DEMO_PASSWORD);
    const hostId = await owner.userId('demo-host');
    const guestId = await owner.userId('demo-guest');
    const show = await owner.json('/api/podcasts', 'POST', {
      name: `Menu Facts ${Date.now().toString(36)}`,
      category: 'Technology',
      hostIds: [hostId],
    });
    expect(show.status).toBe(201);
    const audioId = await owner.uploadAudio(wavTone({ seconds: 2, notes: [330] }), 'facts.wav');
    const episode = await owner.json('/api/episodes', 'POST', {
      podcastId: show.body.id,
      title: 'With our guest',
      audioId,
      guestIds: [guestId],
    });
    expect(episode.status).toBe(201);
  });

  async function menuOf(
    page: Page,
  ): Promise<{ labels: string[]; hrefs: Record<string, string>; badges: string[] }> {
    // Every signed-in user may open the access page, and it has no entry of its own.
    await page.goto('/requests/access');
    await settled(page);
    const menu = sideMenu(page);
    await menu.waitFor();
    const entries = menu.locator('[data-menu-entry]');
    const labels = await entries.locator('[data-label]').allInnerTexts();
    const hrefs: Record<string, string> = {};
    for (const entry of await entries.all()) {
      hrefs[(await entry.locator('[data-label]').innerText()).trim()] =
        (await entry.getAttribute('href')) ?? '';
    }
    const badges = await page.getByRole('list', { name: 'Your roles' }).getByRole('listitem').allInnerTexts();
    return { labels: labels.map((label) => label.trim()), hrefs, badges };
  }

  const EXPECTED: Record<Exclude<Identity, 'anonymous'>, { labels: string[]; badges: string[] }> = {
    admin: {
      labels: [
        'Dashboard',
        'Pricing',
        'Page Content',
        'User Requests',
        'Users',
        'Messages',
        'MediaZ',
        'Documentation',
        'PODZ Management',
        'Image Gallery',
      ],
      badges: [],
    },
    editor: { labels: ['Pricing', 'Page Content'], badges: [] },
    user: { labels: ['My FAVZ', 'Messages', 'My Profile', 'Settings'], badges: ['user'] },
    owner: {
      labels: ['My FAVZ', 'Messages', 'My PODZ', 'My Profile', 'MediaZ', 'Settings', 'Image Gallery'],
      badges: ['user', 'podcaster'],
    },
    host: {
      labels: ['My FAVZ', 'Messages', 'Host Requests', 'My Profile', 'Settings'],
      badges: ['user', 'host'],
    },
    guest: {
      labels: ['My FAVZ', 'Messages', 'Guest PODZ', 'My Profile', 'Settings'],
      badges: ['user', 'guest'],
    },
  };

  it.each(Object.keys(EXPECTED) as Exclude<Identity, 'anonymous'>[])(
    'shows exactly the spec entries for %s',
    async (who) => {
      const { context, page } = await demoSession(who);
      const menu = await menuOf(page);
      expect(menu.labels).toEqual(EXPECTED[who].labels);
      expect(menu.badges).toEqual(EXPECTED[who].badges);
      if (who === 'owner') expect(menu.hrefs['My PODZ']).toBe('/podcasts');
      // The current route's entry, and only it, is highlighted.
      const last = sideMenu(page).locator('[data-menu-entry]').last();
      await last.click();
      await page.waitForURL(`**${await last.getAttribute('href')}`);
      await sideMenu(page).locator('[aria-current="page"]').waitFor();
      expect(await sideMenu(page).locator('[aria-current="page"]').count()).toBe(1);
      expect(await last.getAttribute('aria-current')).toBe('page');
      await context.close();
    },
  );

  it('shows My PODZ to a member who asked to become a podcaster, leading to /podcast-requests', async () => {
    const { page, context } = await newVisitor(browser, stack.origin);
    await register(page, uniqueUsername('asker'));
    expect((await menuOf(page)).labels).not.toContain('My PODZ');
    await page.goto('/requests/access');
    await page
      .getByRole('region', { name: 'Become a podcaster' })
      .getByRole('button', { name: 'Send request' })
      .click();
    await page.getByTestId('request-status-owner').waitFor();
    const menu = await menuOf(page);
    expect(menu.labels).toEqual(['My FAVZ', 'Messages', 'My PODZ', 'My Profile', 'Settings']);
    expect(menu.hrefs['My PODZ']).toBe('/podcast-requests');
    await context.close();
  });
});

/** A page wider than the window, or an image that did not load. */
async function layoutProblems(page: Page, route: string, width: number): Promise<string[]> {
  const found = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    broken: [...document.images]
      .filter((image) => image.complete && image.naturalWidth === 0)
      .map((image) => image.src),
  }));
  return [
    ...(found.overflow > 0 ? [`${route} at ${width}px is ${found.overflow}px wider than the window`] : []),
    ...found.broken.map((src) => `${route} at ${width}px: image ${src} did not load`),
  ];
}

describe('7. the admin consoles', () => {
  it('User Requests: the admin approves and rejects with a note, filters and deletes, and the requester gains the access', async () => {
    const [asker, other] = await Promise.all([
      SiteBrowser.member(stack.origin, 'asker'),
      SiteBrowser.member(stack.origin, 'other'),
    ]);
    const ask = async (who: SiteBrowser, role: string, message: string) => {
      expect((await who.json('/api/requests/single-request', 'POST', { role, message })).status).toBe(201);
      return (await who.json('/api/user')).body as { id: string; username: string; access: string[] };
    };
    const askerUser = await ask(asker, 'owner', 'I host a birding show: https://feeds.example.org/birds');
    const otherUser = await ask(other, 'guest', 'Happy to join an episode');

    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await sideMenu(page).getByRole('link', { name: 'User Requests' }).click();
    await page.waitForURL('**/users/requests');
    // Pending first: the console opens on the requests waiting for a review.
    await expect(page.getByLabel('Status', { exact: true }).inputValue()).resolves.toBe('pending');

    const askerCard = page.getByRole('listitem', { name: `Podcaster request from ${askerUser.username}` });
    await askerCard.getByText('I host a birding show').waitFor();
    await askerCard.getByLabel(`Note to ${askerUser.username} (optional)`).fill('Welcome aboard!');
    await askerCard.getByRole('button', { name: 'Approve' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Request approved' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await askerCard.waitFor({ state: 'detached' });

    // The grant flow: identity hears the approval and the requester's own session shows the access.
    const deadline = Date.now() + 30_000;
    while (!((await asker.json('/api/user')).body.access as string[]).includes('owner')) {
      if (Date.now() > deadline) throw new Error('the approved access never reached the session');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }

    const otherCard = page.getByRole('listitem', { name: `Guest request from ${otherUser.username}` });
    await otherCard.getByLabel(`Note to ${otherUser.username} (optional)`).fill('Send us a clip first.');
    await otherCard.getByRole('button', { name: 'Reject' }).click();
    await modal.getByRole('heading', { name: 'Request rejected' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const rejected = await admin.json(`/api/requests/user?userId=${otherUser.id}&role=guest`);
    expect(rejected.body).toMatchObject({ status: 'rejected', review: { note: 'Send us a clip first.' } });

    await page.getByLabel('Status', { exact: true }).selectOption('rejected');
    await page.getByLabel('Role', { exact: true }).selectOption('guest');
    await page.waitForURL('**/users/requests?status=rejected&role=guest');
    await otherCard.getByText('Send us a clip first.').waitFor();
    await otherCard.getByRole('button', { name: 'Delete' }).click();
    const confirmDialog = page.getByRole('alertdialog');
    await confirmDialog.getByRole('button', { name: 'Delete' }).click();
    await modal.getByRole('heading', { name: 'Request deleted' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect((await admin.json(`/api/requests/user?userId=${otherUser.id}&role=guest`)).status).toBe(404);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Documentation: the admin writes a page with a preview, edits and deletes it; the API reference is read only', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await sideMenu(page).getByRole('link', { name: 'Documentation' }).click();
    await page.waitForURL('**/documentation');
    const pages = page.getByRole('navigation', { name: 'Documentation pages' });
    await pages.getByRole('button', { name: /API reference/ }).click();
    const shown = page.getByRole('region', { name: 'Page' });
    await shown.getByRole('heading', { name: 'API reference', level: 2 }).waitFor();
    expect(await shown.getByRole('button', { name: 'Edit' }).count()).toBe(0);

    const title = `Moderation ${uniqueUsername('e2e')}`;
    await page.getByRole('button', { name: 'New page' }).click();
    const editor = page.getByRole('form', { name: 'New page' });
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Markdown').fill('# Rules\n\nBe **kind** to <script>listeners</script>.');
    await editor.getByRole('tab', { name: 'preview' }).click();
    const preview = editor.getByRole('tabpanel', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Rules' }).waitFor();
    expect(await preview.locator('strong').innerText()).toBe('kind');
    expect(await preview.locator('script').count()).toBe(0);
    await editor.getByRole('button', { name: 'Save page' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Page saved' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await shown.getByRole('heading', { name: title, level: 2 }).waitFor();

    const slug = new URL(page.url()).searchParams.get('doc')!;
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    expect((await admin.json(`/api/docs/${slug}`)).body).toMatchObject({
      title,
      markdown: expect.stringContaining('# Rules'),
    });

    await shown.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: `Edit ${title}` });
    await edit.getByLabel('Markdown').fill('# Rules\n\nBe patient.');
    await edit.getByRole('button', { name: 'Save page' }).click();
    await modal.getByRole('heading', { name: 'Page saved' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await shown.getByText('Be patient.').waitFor();
    expect((await admin.json(`/api/docs/${slug}`)).body.markdown).toBe('# Rules\n\nBe patient.');

    await shown.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await modal.getByRole('heading', { name: 'Page deleted' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect((await admin.json(`/api/docs/${slug}`)).status).toBe(404);
    expect(await pages.getByRole('button', { name: title }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
  it('Users: the admin creates a host on a paid plan, finds them by username, email, type and plan, edits and deletes them', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await sideMenu(page).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL('**/users');
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const username = uniqueUsername('made');
    const lookUp = async (name: string) =>
      ((await admin.json(`/api/users?search=${name}&limit=5`)).body.items as { username: string }[]).find(
        (user) => user.username === name,
      ) as { id: string; email: string; plan: string; access: string[]; role: string } | undefined;

    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.org`);
    await form.getByLabel('Password').fill('made-by-admin-1');
    await form.getByLabel('Plan').selectOption('pro');
    await form.getByLabel('Host').check();
    await form.getByRole('button', { name: 'Create user' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'User created' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect(await lookUp(username)).toMatchObject({ role: 'user', access: ['user', 'host'], plan: 'pro' });

    const row = page.getByRole('listitem', { name: username });
    await page.getByLabel('Search', { exact: true }).fill(username.slice(0, 9));
    await row.waitFor();
    await page.getByLabel('Type').selectOption('host');
    await page.getByLabel('Plan').selectOption('pro');
    await row.waitFor();
    await page.getByLabel('Plan').selectOption('free');
    await page
      .getByText('No users match these filters.')
      .or(page.getByText(/starts with/))
      .waitFor();
    await page.getByLabel('Search by').selectOption('email');
    await page.getByLabel('Search', { exact: true }).fill(`${username}@exa`);
    await row.waitFor();

    await row.getByRole('button', { name: 'Requests and shows' }).click();
    await row.getByText('Published shows (0)').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: `Edit ${username}` });
    await edit.getByLabel('Email').fill(`${username}@example.net`);
    await edit.getByLabel('Plan').selectOption('free');
    await edit.getByRole('button', { name: 'Save user' }).click();
    await modal.getByRole('heading', { name: 'User saved' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect(await lookUp(username)).toMatchObject({ email: `${username}@example.net`, plan: 'free' });

    await page.getByLabel('Search', { exact: true }).fill(`${username}@example.net`);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await modal.getByRole('heading', { name: 'User deleted' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect(await lookUp(username)).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });
  it('PODZ Management: the admin imports a feed, finds the show, features it into the Shows menu, unpublishes, edits and deletes it', async () => {
    const name = `Imported ${uniqueUsername('feed')}`;
    const feed = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.end(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>${name}</title><link>https://example.org</link><description>From elsewhere</description><language>en</language>
        <item><title>One</title><guid>one</guid><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate><enclosure url="https://example.org/1.mp3" length="1000" type="audio/mpeg"/><itunes:duration>61</itunes:duration></item>
        <item><title>Two</title><guid>two</guid><pubDate>Mon, 09 Nov 2026 10:00:00 GMT</pubDate><enclosure url="https://example.org/2.mp3" length="2000" type="audio/mpeg"/><itunes:duration>122</itunes:duration></item>
        </channel></rss>`);
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    try {
      await signInThroughForm(page, ADMIN.username, ADMIN.password);
      await sideMenu(page).getByRole('link', { name: 'PODZ Management' }).click();
      await page.waitForURL('**/podz-management');
      const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
      const read = async () => (await admin.json(`/api/podcasts/name/${encodeURIComponent(name)}`)).body;

      const importer = page.getByRole('form', { name: 'Import a show from its feed' });
      await importer.getByLabel('Feed URL').fill(feedUrl);
      await importer.getByLabel('Category').selectOption('History');
      await importer.getByRole('button', { name: 'Import' }).click();
      await importer.getByRole('status').getByText(`Imported ${name} with 2 episodes.`).waitFor();
      const imported = await read();
      expect(imported).toMatchObject({
        name,
        category: 'History',
        sourceFeedUrl: feedUrl,
        status: 'published',
      });
      const id = imported.id as string;

      const filters = page.getByRole('search', { name: 'Filter shows' });
      await filters.getByLabel('Search').fill(name.slice(0, 18));
      const row = page.getByRole('listitem', { name });
      await row.waitFor();
      await row.getByRole('button', { name: 'Feature' }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('heading', { name: 'Show featured' }).waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      expect((await read()).featured).toBe(true);
      // The most recently featured show leads the Shows menu.
      const visitor = await newVisitor(browser, stack.origin);
      await visitor.page.goto('/');
      await visitor.page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Shows' })
        .hover();
      await visitor.page.getByRole('list', { name: 'Shows' }).getByRole('link', { name }).waitFor();
      await visitor.context.close();

      await row.getByRole('button', { name: 'Unpublish' }).click();
      await modal.getByRole('heading', { name: 'Show unpublished' }).waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      expect((await read()).status).toBe('draft');
      await filters.getByLabel('Status').selectOption('draft');
      await filters.getByLabel('Category').selectOption('History');
      await row.waitFor();

      await row.getByRole('button', { name: 'Edit' }).click();
      const renamed = `${name} Renamed`;
      await row
        .getByRole('form', { name: `Edit ${name}` })
        .getByLabel('Name')
        .fill(renamed);
      await row.getByRole('button', { name: 'Save show' }).click();
      await modal.getByRole('heading', { name: 'Show saved' }).waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      expect((await admin.json(`/api/podcasts/${id}`)).body.name).toBe(renamed);

      const renamedRow = page.getByRole('listitem', { name: renamed });
      await renamedRow.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await modal.getByRole('heading', { name: 'Show deleted' }).waitFor();
      await modal.getByRole('button', { name: 'Close' }).click();
      expect((await admin.json(`/api/podcasts/${id}`)).status).toBe(404);

      // One owner's shows, in any state.
      await page.goto('/podz-management');
      const { owner, name: ownedShow } = DEMO_SHOWS[0]!;
      await filters.getByLabel('Owner').fill(owner.slice(0, 5));
      await page.getByRole('list', { name: 'Owner: matches' }).getByRole('button', { name: owner }).click();
      await page.getByRole('listitem', { name: ownedShow }).waitFor();
      await page.getByText(`Showing every show of ${owner}`).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      feed.close();
    }
  });
  it('Messages: the admin handles and deletes a contact submission, and broadcasts to a picked member who receives it', async () => {
    const member = await SiteBrowser.member(stack.origin, 'reader');
    const me = (await member.json('/api/user')).body as { id: string; username: string };
    const sender = `Sender ${uniqueUsername('e2e')}`;
    const sent = await member.json('/api/content/forms/contact', 'POST', {
      name: sender,
      email: 'sender@example.org',
      subject: 'Partnership',
      message: 'We would love to <b>talk</b> about a show swap.',
    });
    expect(sent.status).toBe(201);

    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await sideMenu(page).getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('tab', { name: 'Contact and advertise' }).click();
    await page.waitForURL('**/messages?view=inbox');
    const card = page.getByRole('listitem', { name: `Contact message from ${sender}` });
    await card.getByText('We would love to <b>talk</b> about a show swap.').waitFor();
    await card.getByText('New').waitFor();
    await card.getByRole('button', { name: 'Mark handled' }).click();
    await card.getByText(/^Handled /).waitFor();
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const stored = async () =>
      (
        (await admin.json('/api/content/forms?kind=contact&limit=50')).body.items as {
          id: string;
          handledAt: string | null;
        }[]
      ).find((item) => item.id === sent.body.id);
    expect((await stored())?.handledAt).toEqual(expect.any(String));
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Submission deleted' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect(await stored()).toBeUndefined();

    await page.getByRole('tab', { name: 'Broadcast' }).click();
    const form = page.getByRole('form', { name: 'Broadcast' });
    await form.getByLabel('People I pick').check();
    await form.getByLabel('Recipients').fill(me.username.slice(0, 8));
    await form
      .getByRole('list', { name: 'Recipients: matches' })
      .getByRole('button', { name: me.username })
      .click();
    const text = `Scheduled maintenance tonight ${uniqueUsername('e2e')}`;
    await form.getByLabel('Message').fill(text);
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
    await modal.getByRole('heading', { name: 'Broadcast sent' }).waitFor();
    await modal.getByText('On its way to 1 person.').waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await eventually('the member to receive the broadcast', async () => {
      const { items } = (await member.json('/api/conversations')).body as {
        items: { lastMessage: { text: string } | null }[];
      };
      return items.some((conversation) => conversation.lastMessage?.text === text);
    });
    expect(problems).toEqual([]);
    await context.close();
  });
  it('Dashboard: the admin lands on figures that match the API, and each leads to its console', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/dashboard');
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const figure = (label: string) => page.getByRole('link', { name: new RegExp(`^${label}`) });
    const shown = async (label: string) =>
      Number((await figure(label).locator('p').nth(1).innerText()).replace(/,/g, ''));
    await figure('Published shows').waitFor();
    const published = (await admin.json('/api/podcasts/all-podcasts?status=published&limit=1', 'POST')).body
      .total;
    expect(await shown('Published shows')).toBe(published);
    expect(await shown('Podcasters')).toBe(
      (await admin.json('/api/users/user-count?userType=owner')).body.userCount,
    );
    expect(await shown('Access requests pending')).toBe(
      (await admin.json('/api/requests?status=pending&limit=1')).body.total,
    );
    // The activity charts: the demo network's sign-ups of today, counted from identity's events.
    await eventually('the sign-ups to be counted', async () => {
      const stats = await admin.json('/api/stats/daily?days=30');
      return stats.status === 200 && stats.body.totals.signups > 0;
    });
    await page.reload();
    const signups = page.getByRole('figure', { name: /^Sign-ups/ });
    await signups.getByText(/^[1-9][\d,]* in 30 days$/).waitFor();
    await page.getByRole('figure', { name: /^Messages sent/ }).waitFor();
    await signups.getByText('Figures by day').click();
    const today = new Date().toISOString().slice(0, 10);
    await signups.getByRole('row', { name: new RegExp(`^${today} [1-9]`) }).waitFor();

    await figure('Published shows').click();
    await page.waitForURL('**/podz-management?status=published');
    await page.getByText(`${published} shows`).waitFor();
    await page.goBack();
    await figure('New contact and advertise messages').click();
    await page.waitForURL('**/messages?view=inbox&status=new');
    await page.getByRole('tab', { name: 'Contact and advertise', selected: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
  it('MediaZ and the Image Gallery: an owner uploads images and audio, sets a cover, is refused deleting it, deletes what is unused; the admin sees every file', async () => {
    const { username, password, api: owner } = await newOwner('lib');
    const showName = `Gallery show ${username.slice(-6)}`;
    const show = await owner.json('/api/podcasts', 'POST', { name: showName, category: 'Arts' });
    expect(show.status).toBe(201);
    const mine = async (kind: string) =>
      (await owner.json(`/api/media?kind=${kind}&limit=50`)).body.items as {
        id: string;
        name: string;
        url: string;
        usedBy: { name: string }[];
      }[];

    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, username, password);
    await sideMenu(page).getByRole('link', { name: 'Image Gallery' }).click();
    await page.waitForURL('**/image-gallery');
    await page.getByText('No images yet: upload some above.').waitFor();
    const cover = (seed: number) => pngCover({ size: 48, seed, colors: ['#0f172a', '#6366f1'] });
    await page.getByLabel('Upload images', { exact: true }).setInputFiles([
      { name: 'sunrise.png', mimeType: 'image/png', buffer: cover(1) },
      { name: 'sunset.png', mimeType: 'image/png', buffer: cover(2) },
    ]);
    await page.getByText('Uploaded 2 files').waitFor();
    const grid = page.getByRole('list', { name: 'Images' });
    await grid.getByRole('listitem', { name: 'sunrise.png' }).waitFor();
    expect((await mine('image')).map((item) => item.name).sort()).toEqual(['sunrise.png', 'sunset.png']);

    const sunrise = grid.getByRole('listitem', { name: 'sunrise.png' });
    await sunrise.getByLabel('Cover of').selectOption({ label: showName });
    await sunrise.getByRole('button', { name: 'Set' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Cover set' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    const sunriseUrl = (await mine('image')).find((item) => item.name === 'sunrise.png')!.url;
    expect((await owner.json(`/api/podcasts/${show.body.id}`)).body.logoPath).toBe(sunriseUrl);
    await sunrise.getByText(`Cover of “${showName}”`).waitFor();

    await sideMenu(page).getByRole('link', { name: 'MediaZ' }).click();
    await page.waitForURL('**/mediaz');
    await page.getByLabel('Upload audio', { exact: true }).setInputFiles({
      name: 'intro.wav',
      mimeType: 'audio/wav',
      buffer: wavTone({ seconds: 2, notes: [440, 660] }),
    });
    const files = page.getByRole('list', { name: 'Files' });
    await files.getByRole('listitem', { name: 'intro.wav' }).getByText(/0:02/).waitFor();
    await page.getByText(/^You store .+ in 3 files\.$/).waitFor();
    // The network's loudness is the admins' to set.
    expect(await page.getByRole('form', { name: 'Network loudness' }).count()).toBe(0);
    await page.getByLabel('Search by file name').fill('SUN');
    await page.waitForURL('**/mediaz?q=SUN');
    await page.getByText('2 files', { exact: true }).waitFor();
    expect(await files.getByRole('listitem', { name: 'intro.wav' }).count()).toBe(0);
    await files
      .getByRole('listitem', { name: 'sunrise.png' })
      .getByRole('button', { name: 'Delete sunrise.png' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    // An error shows in the global modal as an alert.
    const alert = page.getByRole('alertdialog');
    await alert.getByText(`This file is in use by the show “${showName}”; change those first`).waitFor();
    await alert.getByRole('button', { name: 'Close' }).click();
    expect((await mine('image')).map((item) => item.name)).toContain('sunrise.png');
    await files
      .getByRole('listitem', { name: 'sunset.png' })
      .getByRole('button', { name: 'Delete sunset.png' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await modal.getByRole('heading', { name: 'File deleted' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect((await mine('image')).map((item) => item.name)).toEqual(['sunrise.png']);
    expect(problems).toEqual([]);
    await context.close();

    // An admin sees every upload, with who uploaded it; another owner sees none of them.
    const adminView = await newVisitor(browser, stack.origin);
    await signInThroughForm(adminView.page, ADMIN.username, ADMIN.password);
    await adminView.page.goto('/mediaz?kind=audio');
    // Admins alone see the network's loudness target, and are told what a change reaches.
    const loudness = adminView.page.getByRole('form', { name: 'Network loudness' });
    await loudness.getByText(/brought to -16 LUFS \(mono files to -19\)/).waitFor();
    await loudness.getByLabel('Target (LUFS, stereo)').fill('-40');
    await loudness.getByRole('button', { name: 'Save' }).click();
    await loudness.getByText('targetLufs must be at least -24').waitFor();
    await adminView.page
      .getByRole('listitem', { name: 'intro.wav' })
      .first()
      .getByText(new RegExp(`uploaded by ${username} \\(.+ in 2 files\\)`))
      .waitFor();
    await adminView.context.close();
    const other = await ApiActor.signedIn(stack.origin, 'demo-owner', DEMO_PASSWORD);
    const theirs = (await other.json('/api/media?limit=100')).body.items as { url: string }[];
    expect(theirs.map((item) => item.url)).not.toContain(sunriseUrl);
  });
});

describe('8. the editor consoles', () => {
  it('Pricing Plans: an editor lands there, creates a plan seen on /pricing, edits, reorders, deactivates and deletes it, and is refused admin consoles', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, 'demo-editor', DEMO_PASSWORD);
    await page.waitForURL('**/pricing-plans/edit');
    await page.goto('/login');
    await page.waitForURL('**/pricing-plans/edit');

    const free = page.getByRole('listitem', { name: 'Free' });
    await free.getByText('always active and cannot be deleted').waitFor();
    expect(await free.getByRole('button', { name: 'Delete' }).count()).toBe(0);

    const slug = uniqueUsername('studio').replace(/[^a-z0-9-]/g, '');
    const name = `Studio ${slug.slice(-6)}`;
    await page.getByRole('button', { name: 'New plan' }).click();
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Plan ID').fill(slug);
    await form.getByLabel('Price').fill('19.5');
    await form.getByLabel('Features').fill('Five shows\nTeam seats');
    await form.getByLabel('Shows', { exact: true }).fill('5');
    const preview = page.getByRole('region', { name: 'Preview of /pricing, with your changes' });
    await preview.getByRole('heading', { name }).waitFor();
    await preview.getByText('$19.50 / month').waitFor();
    await form.getByRole('button', { name: 'Create plan' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Plan created' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();

    const editor = await ApiActor.signedIn(stack.origin, 'demo-editor', DEMO_PASSWORD);
    const planBySlug = async () =>
      ((await editor.json('/api/pricing-plans/all')).body.items as { slug: string; id: string }[]).find(
        (plan) => plan.slug === slug,
      ) as
        { id: string; price: number; order: number; active: boolean; limits: { shows: number } } | undefined;
    expect(await planBySlug()).toMatchObject({ price: 19.5, active: true, limits: { shows: 5 } });
    const pricing = await context.newPage();
    await pricing.goto('/pricing');
    await pricing.getByRole('heading', { name, level: 2 }).waitFor();
    await pricing.close();

    const row = page.getByRole('listitem', { name });
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    expect(await edit.getByLabel('Plan ID').isDisabled()).toBe(true);
    await edit.getByLabel('Price').fill('21');
    await edit.getByRole('button', { name: 'Save plan' }).click();
    await modal.getByRole('heading', { name: 'Plan saved' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect((await planBySlug())?.price).toBe(21);

    // The newest plan is last; moving it up puts it before the plan that was above it.
    const before = (await editor.json('/api/pricing-plans/all')).body.items as { slug: string }[];
    const above = before[before.findIndex((plan) => plan.slug === slug) - 1]!.slug;
    await row.getByRole('button', { name: `Move ${name} up` }).click();
    await eventually(`${slug} before ${above}`, async () => {
      const items = (await editor.json('/api/pricing-plans/all')).body.items as { slug: string }[];
      return items.findIndex((plan) => plan.slug === slug) < items.findIndex((plan) => plan.slug === above);
    });

    await row.getByRole('button', { name: 'Deactivate' }).click();
    await modal.getByRole('heading', { name: 'Plan deactivated' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    const publicSlugs = async () =>
      ((await editor.json('/api/pricing-plans')).body.items as { slug: string }[]).map((plan) => plan.slug);
    expect(await publicSlugs()).not.toContain(slug);
    await row.getByText('Inactive').waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await modal.getByRole('heading', { name: 'Plan deleted' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect(await planBySlug()).toBeUndefined();

    // The admin-only consoles and APIs stay shut to an editor.
    await page.goto('/users/requests');
    await page.waitForURL('**/401');
    expect((await editor.json('/api/requests')).status).toBe(403);
    expect((await editor.json('/api/docs/preview', 'POST', { markdown: '# x' })).status).toBe(403);
    expect(problems).toEqual([]);
    await context.close();
  });
  it('Page Content: an editor rewrites About in rich text with a preview, meets a concurrent save, restores a version, and picks the home page shows', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, 'demo-editor', DEMO_PASSWORD);
    await sideMenu(page).getByRole('link', { name: 'Page Content' }).click();
    await page.waitForURL('**/landing');
    await page.getByRole('tab', { name: 'About' }).click();
    await page.waitForURL('**/landing?page=about');
    const editor = await ApiActor.signedIn(stack.origin, 'demo-editor', DEMO_PASSWORD);
    const about = async () => (await editor.json('/api/content/pages/about')).body;
    const start = await about();

    const form = page.getByRole('form', { name: 'Edit about page' });
    const title = `About ${uniqueUsername('e2e')}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Hero heading').fill('Made by listeners');
    await form.getByRole('button', { name: 'Add section' }).click();
    const sections = await form.getByRole('group', { name: /^Section \d+$/ }).count();
    const added = form.getByRole('group', { name: `Section ${sections}` });
    await added.getByLabel(`Section ${sections} heading`).fill('Values');
    await added.getByRole('textbox', { name: `Section ${sections} text` }).click();
    await added.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Be kind');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('heading', { name: 'Made by listeners' }).waitFor();
    await preview.locator('strong', { hasText: 'Be kind' }).waitFor();
    await form.getByRole('button', { name: 'Publish' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Page published' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    const published = await about();
    expect(published).toMatchObject({
      title,
      version: start.version + 1,
      hero: { heading: 'Made by listeners' },
    });
    expect(published.sections.at(-1)).toEqual({ heading: 'Values', body: '<p><strong>Be kind</strong></p>' });
    const visitor = await context.newPage();
    await visitor.goto('/about');
    await visitor.getByRole('heading', { name: 'Made by listeners' }).waitFor();
    await visitor.close();

    // Someone else saves in between: publishing the stale draft offers their version instead.
    const theirs = `Theirs ${uniqueUsername('e2e')}`;
    const put = await editor.json('/api/content/pages/about', 'PUT', {
      title: theirs,
      sections: published.sections,
      expectedVersion: published.version,
    });
    expect(put.status).toBe(200);
    await form.getByLabel('Title').fill('Mine, stale');
    await form.getByRole('button', { name: 'Publish' }).click();
    const conflict = page.getByRole('alertdialog');
    await conflict.getByRole('heading', { name: 'Someone saved this page' }).waitFor();
    await conflict.getByRole('button', { name: 'Load newest' }).click();
    await eventually(
      'the editor to load their version',
      async () => (await form.getByLabel('Title').inputValue()) === theirs,
    );
    expect((await about()).title).toBe(theirs);

    const history = page.getByRole('region', { name: 'History' });
    await history
      .getByRole('listitem', { name: `Version ${published.version}` })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await modal.getByRole('heading', { name: 'Version restored' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect(await about()).toMatchObject({ title, version: published.version + 2 });

    // The home page's featured shows, picked by name.
    const home = async () => (await editor.json('/api/content/pages/home')).body;
    const homeBefore = await home();
    const show = (await editor.json(`/api/podcasts/name/${encodeURIComponent(DEMO_SHOWS[0]!.name)}`)).body;
    await page.getByRole('tab', { name: 'Home' }).click();
    const homeForm = page.getByRole('form', { name: 'Edit home page' });
    await homeForm.getByLabel('Which shows').selectOption('picked');
    await homeForm.getByLabel('Find a show to pick').fill(DEMO_SHOWS[0]!.name.slice(0, 8));
    await homeForm.getByRole('button', { name: `Pick ${DEMO_SHOWS[0]!.name}` }).click();
    await homeForm
      .getByRole('list', { name: 'Picked shows' })
      .getByText(`1. ${DEMO_SHOWS[0]!.name}`)
      .waitFor();
    await homeForm.getByRole('button', { name: 'Publish' }).click();
    await modal.getByRole('heading', { name: 'Page published' }).waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    expect((await home()).featuredShows).toEqual({ mode: 'picked', podcastIds: [show.id] });
    // Leave the home page as the other tests expect it.
    const reset = await editor.json('/api/content/pages/home', 'PUT', {
      title: homeBefore.title,
      hero: homeBefore.hero,
      sections: homeBefore.sections,
      featuredShows: homeBefore.featuredShows,
    });
    expect(reset.status).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** A plan's card on /pricing. */
const planCardOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

describe('9. payments', () => {
  const planCard = planCardOf;

  it('a member upgrades to Pro through the pricing page, sees the plan and the payment; the admin sees it too', async () => {
    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await serveCheckoutStandIn(context, stack.paypal);
    const username = uniqueUsername('buyer');
    await register(page, username);
    await page.goto('/pricing');
    const pro = planCard(page, 'Pro');
    await planCard(page, 'Free').getByText('Your current plan').waitFor();
    await pro.getByRole('button', { name: 'Pay with PayPal' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await modal.getByText('You are now on Pro.').waitFor();
    await modal.getByRole('button', { name: 'Close' }).click();
    await pro.getByText('Your current plan').waitFor();

    await page.goto('/settings');
    await page.getByText('You are on the pro plan.').waitFor();
    const history = page.getByRole('table', { name: 'Your payments' });
    await history.getByRole('row', { name: /Pro, one month \$9\.99 Paid/ }).waitFor();
    // The plan renews on the saved PayPal account until the member cancels; then it stays to the
    // end of the month paid for.
    const subscription = page.getByLabel('Subscription', { exact: true });
    await subscription.getByText(/^Pro renews on .+ at \$9\.99 a month/).waitFor();
    await subscription.getByRole('button', { name: 'Cancel renewal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel renewal', exact: true }).click();
    await page
      .getByRole('dialog')
      .getByText(/^Pro will not renew\. It stays until /)
      .waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await subscription.getByText(/^Pro does not renew\. It stays until /).waitFor();
    expect(await subscription.getByRole('button', { name: 'Cancel renewal' }).count()).toBe(0);
    await page.getByText('You are on the pro plan.').waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const admin = await signedInContext(browser, stack.origin, ADMIN.username, ADMIN.password);
    await admin.page.goto('/users');
    await admin.page.getByLabel('Search', { exact: true }).fill(username);
    const row = admin.page.getByRole('listitem', { name: username });
    await row.getByText('Plan pro').waitFor();
    await row.getByRole('button', { name: 'Payments' }).click();
    await row
      .getByRole('table', { name: `Payments of ${username}` })
      .getByRole('row', { name: /Pro, one month \$9\.99 Paid/ })
      .waitFor();
    await row.getByText(/^Pro does not renew\. It stays until /).waitFor();
    await admin.context.close();
  });

  it("with PayPal's script unreachable, paid plans say so, the free plan still works, and the failure is logged", async () => {
    const { page, context } = await newVisitor(browser, stack.origin);
    await context.route(PAYPAL_SDK, (route) => route.abort('internetdisconnected'));
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await register(page, uniqueUsername('nopay'));
    await page.goto('/pricing');
    await page.getByRole('status').filter({ hasText: 'Card payments are unavailable right now.' }).waitFor();
    expect(await page.locator('[data-payment-state="rejected"]').count()).toBe(1);
    await planCard(page, 'Pro').getByText('Not available right now').waitFor();
    await planCard(page, 'Network').getByText('Not available right now').waitFor();
    expect(await page.getByRole('button', { name: 'Pay with PayPal' }).count()).toBe(0);
    await planCard(page, 'Free').getByText('Your current plan').waitFor();
    expect(logged.some((line) => line.includes('Failed to load the PayPal JS SDK script.'))).toBe(true);
    await context.close();
  });
});

describe('10. premium listening', () => {
  /** What a podcast app sends: no cookies, its own user agent. */
  const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
  const app = (url: string, init: { range?: string } = {}) =>
    fetch(url, { headers: { 'user-agent': OVERCAST, ...(init.range ? { range: init.range } : {}) } });

  it('a member buys Pro, adds their private feed to a podcast app that plays a premium episode, keeps it through a renewal; when the subscription ends the app gets 410 and 403', async () => {
    // The network's admin runs a show whose bonus episodes are for Pro members.
    const admin = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const showName = `Members Lounge ${Date.now().toString(36)}`;
    const created = await admin.json('/api/podcasts', 'POST', {
      name: showName,
      category: 'Comedy',
      premium: { plans: ['pro'] },
    });
    expect(created.status).toBe(201);
    const show = created.body as { id: string; uId: string };
    const audioId = await admin.uploadAudio(wavTone({ seconds: 2, notes: [523] }), 'bonus.wav');
    const bonus = await admin.json('/api/episodes', 'POST', {
      podcastId: show.id,
      title: 'The members’ bonus',
      audioId,
      premium: { kind: 'bonus' },
    });
    expect(bonus.status).toBe(201);
    const episodePath = `/shows/${show.uId}/${bonus.body.id as string}`;

    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await serveCheckoutStandIn(context, stack.paypal);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.origin });
    await register(page, uniqueUsername('supporter'));
    // Before buying: a locked teaser where the player would be, and the way to the plans.
    await page.goto(episodePath);
    const teaser = page.getByRole('region', { name: 'Members’ episode' });
    await teaser.getByText('For members on Pro').waitFor();
    expect(await page.locator('audio').count()).toBe(0);
    await teaser.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/pricing');
    await planCardOf(page, 'Pro').getByRole('button', { name: 'Pay with PayPal' }).click();
    await page.getByRole('dialog').getByText('You are now on Pro.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The show page offers the private feed; the member copies it.
    await page.goto(`/shows/${show.uId}`);
    const premium = page.getByRole('region', { name: 'Premium listening' });
    await premium.getByRole('button', { name: 'Get my private feed' }).click();
    const link = premium.getByLabel('Your private feed (keep it to yourself)');
    await link.waitFor();
    await premium.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Your private feed’s link was copied').waitFor();
    const feedUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(feedUrl).toBe(await link.inputValue());
    expect(await premium.getByRole('link', { name: 'Add to Overcast' }).getAttribute('href')).toBe(
      `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`,
    );

    // A podcast app reads the feed and plays the bonus, without a session.
    const read = await app(feedUrl);
    expect(read.status).toBe(200);
    const xml = await read.text();
    expect(xml).toContain('<podcast:locked>yes</podcast:locked>');
    const feed = parseFeed(xml);
    expect(feed?.itunesBlock).toBe(true);
    const enclosure = feed?.items.find((item) => item.title === 'The members’ bonus')?.enclosure?.url ?? '';
    expect(enclosure).toContain('?k=');
    const played = await app(enclosure, { range: 'bytes=0-1023' });
    expect(played.status).toBe(206);
    expect((await played.arrayBuffer()).byteLength).toBe(1024);
    // In the browser the member now plays it on the episode's page.
    await page.goto(episodePath);
    await page.locator('audio').waitFor({ state: 'attached' });
    expect(await page.getByRole('region', { name: 'Members’ episode' }).count()).toBe(0);

    // The show’s team (here the admin who runs it) sees its premium members.
    const team = await signedInContext(browser, stack.origin, ADMIN.username, ADMIN.password);
    await team.page.goto(`/podcasts/${show.id}/analytics`);
    const members = team.page.getByRole('region', { name: 'Premium members' });
    await members.getByText('members on Pro hold a private feed.').waitFor();
    expect(await members.getByText('1', { exact: true }).count()).toBe(1);
    await team.context.close();

    // A month later the renewal clock charges the saved account: the feed and its audio go on.
    const me = await page.evaluate(
      async () => ((await (await fetch('/api/user')).json()) as { id: string }).id,
    );
    await stack.endPeriodOf(me);
    const payments = () =>
      page.evaluate(
        async () =>
          ((await (await fetch('/api/billing/payments')).json()) as { items: unknown[] }).items.length,
      );
    await eventually('the renewal to be charged', async () => (await payments()) === 2, 30_000);
    expect((await app(feedUrl)).status).toBe(200);
    expect((await app(enclosure, { range: 'bytes=0-1023' })).status).toBe(206);

    // The member cancels; when the month paid for runs out, the renewal clock ends the plan.
    await page.goto('/settings');
    await page.getByRole('region', { name: 'Private feeds' }).getByRole('link', { name: showName }).waitFor();
    const subscription = page.getByLabel('Subscription', { exact: true });
    await subscription.getByRole('button', { name: 'Cancel renewal' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel renewal', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await stack.endPeriodOf(me);
    await eventually(
      'the app to get 410 for the feed',
      async () => (await app(feedUrl)).status === 410,
      30_000,
    );
    const gone = await (await app(feedUrl)).text();
    expect(gone).toContain('Your access to the members’ episodes ended');
    expect(gone).toContain(`${stack.origin}/pricing`);
    expect((await app(enclosure, { range: 'bytes=0-1023' })).status).toBe(403);
    await page.goto(episodePath);
    await page.getByRole('region', { name: 'Members’ episode' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the main screens at 375 px and 1280 px', () => {
  it('render without overflow, with no serious or critical axe findings on public pages and consoles, and are screenshotted', async () => {
    const episode = await demoEpisode();
    const publicPages: [string, string][] = [
      ['home', '/'],
      ['shows', '/shows'],
      ['show', `/shows/${episode.show.uId}`],
      ['episode', `/shows/${episode.show.uId}/${episode.id}`],
      ['people', '/people'],
      ['hosts', '/people/hosts'],
      ['person', '/people/ada.nwosu'],
      ['search', '/search?q=curious'],
      ['about', '/about'],
      ['advertise', '/advertise'],
      ['contact', '/contact'],
      ['pricing', '/pricing'],
      ['login', '/login'],
      ['register', '/register'],
      ['access-denied', '/401'],
    ];
    const memberPages: [string, string][] = [
      ['my-favz', '/mypodcasts'],
      ['my-podz', '/podcasts?add=true'],
      ['messages', '/messages'],
      ['profile', '/profile'],
      ['settings', '/settings'],
      ['request-access', '/requests/access'],
    ];
    // The consoles, each with the states an admin sees (axe included, as on public pages).
    const adminPages: [string, string][] = [
      ['user-requests', '/users/requests?status=any'],
      ['documentation', '/documentation?doc=api-reference'],
      ['pricing-plans', '/pricing-plans/edit'],
      ['landing', '/landing?page=home'],
      ['users', '/users'],
      ['podz-management', '/podz-management'],
      ['dashboard', '/dashboard'],
      ['inbox', '/messages?view=inbox'],
      ['broadcast', '/messages?view=broadcast'],
      ['mediaz', '/mediaz'],
      ['image-gallery', '/image-gallery'],
    ];
    const findings: string[] = [];
    // Opens each page as `who` (a visitor, or signed in), checks layout (and axe when asked),
    // and takes the screenshot.
    const check = async (
      width: number,
      pages: [string, string][],
      { signIn, axe }: { signIn?: [string, string]; axe: boolean },
    ) => {
      const who = await newVisitor(browser, stack.origin, width);
      if (signIn) await signInThroughForm(who.page, ...signIn);
      for (const [name, route] of pages) {
        await quietAfter(who.page, () => who.page.goto(route));
        findings.push(...(await layoutProblems(who.page, route, width)));
        if (axe) {
          for (const problem of await accessibilityProblems(who.page))
            findings.push(`${route} at ${width}px: ${problem}`);
        }
        await screenshot(who.page, name);
      }
      await who.context.close();
    };
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await check(width, publicPages, { axe: true });
      await check(width, memberPages, { signIn: ['demo-owner', DEMO_PASSWORD], axe: false });
      await check(width, adminPages, { signIn: [ADMIN.username, ADMIN.password], axe: true });
    }
    expect(findings).toEqual([]);
  });
});
