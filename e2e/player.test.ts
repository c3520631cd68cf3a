import type { Browser, Page } from 'playwright-core';
import { eventually } from '@podz/kit/testing';
import { wavTone } from '../services/media/src/uploads/generate-media';
import { ApiActor } from './support/api-actor';
import {
  accessibilityProblems,
  launchChromium,
  launchWithProfile,
  newVisitor,
  openInApp,
  screenshot,
  signInThroughForm,
  WIDTHS,
} from './support/browser';
import { DEMO_PASSWORD, startFullStack, type FullStack } from './support/full-stack';
import { untilOnRenditions } from './support/renditions';

/**
 * The site-wide player in Chromium: it keeps playing across navigation, sets the lock screen's
 * metadata, queues and reorders by keyboard, resumes a member's place on another device, installs
 * as an app and plays an episode kept for offline with the network cut.
 */
jest.setTimeout(420_000);

let stack: FullStack;
let browser: Browser;
let show: { id: string; uId: string; name: string };
let episodes: { id: string; title: string }[];
/** A members' episode of the same show, for Pro members. */
let bonus: { id: string; title: string };

const EPISODE_SECONDS = 75;

/**
 * An owner's show with three 75-second episodes and a 20-second members' one for Pro, published
 * and on their renditions.
 */
async function showWithEpisodes() {
  const owner = await ApiActor.signedIn(stack.origin, 'demo-owner', DEMO_PASSWORD);
  const created = await owner.json('/api/podcasts', 'POST', {
    name: `Night walks ${Date.now().toString(36)}`,
    category: 'Science',
    premium: { plans: ['pro'] },
  });
  expect(created.status).toBe(201);
  const made: { id: string; title: string; audioId: string }[] = [];
  const planned = [
    ['First steps', EPISODE_SECONDS, null],
    ['The long road', EPISODE_SECONDS, null],
    ['Home again', EPISODE_SECONDS, null],
    ['Members’ encore', 20, { kind: 'bonus' }],
  ] as const;
  for (const [n, [title, seconds, premium]] of planned.entries()) {
    const audioId = await owner.uploadAudio(wavTone({ seconds, notes: [330 + 110 * n] }));
    const episode = await owner.json('/api/episodes', 'POST', {
      podcastId: created.body.id,
      title,
      audioId,
      ...(premium ? { premium } : {}),
    });
    expect(episode.status).toBe(201);
    made.push({ id: episode.body.id as string, title, audioId });
  }
  await untilOnRenditions(owner, made, 240_000);
  return {
    show: {
      id: created.body.id as string,
      uId: created.body.uId as string,
      name: created.body.name as string,
    },
    episodes: made.slice(0, 3),
    bonus: made[3]!,
  };
}

beforeAll(async () => {
  browser = await launchChromium();
  // Identity's demo accounts are enough here: the demo network's 120 uploads would put their
  // renders ahead of this suite's own in media's queue.
  stack = await startFullStack({ demo: false });
  ({ show, episodes, bonus } = await showWithEpisodes());
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const audioTime = (page: Page) =>
  page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => audio.currentTime);
const audioPaused = (page: Page) =>
  page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => audio.paused);

/** Waits until the bar's audio plays past `seconds`. */
async function playingPast(page: Page, seconds: number, timeout = 20_000) {
  await page.waitForFunction(
    (past) => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="player-audio"]');
      return audio !== null && !audio.paused && audio.currentTime > past;
    },
    seconds,
    { timeout },
  );
}

/** Plays an episode from the show's page. */
async function playFromShowPage(page: Page, title: string) {
  await page.goto(`/shows/${show.uId}`);
  await page.getByRole('button', { name: `Play ${title}`, exact: true }).click();
  await playingPast(page, 0.5);
}

describe('the site-wide player', () => {
  it('keeps playing across four pages, with the lock screen told what plays, and no axe finding', async () => {
    const { context, page, problems } = await newVisitor(browser, stack.origin);
    await playFromShowPage(page, episodes[0]!.title);
    const started = await audioTime(page);
    const player = page.getByRole('region', { name: 'Player' });
    await expect(player.getByTestId('player-title').textContent()).resolves.toBe(episodes[0]!.title);

    // Four navigations inside the app: the same audio element (marked) plays on through each.
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => {
      audio.dataset.mark = 'from the show page';
    });
    const header = page.getByRole('banner');
    for (const [link, path] of [
      ['PODZ', '/'],
      ['About', '/about'],
      ['Pricing', '/pricing'],
      ['Advertise', '/advertise'],
    ] as const) {
      await header.getByRole('link', { name: link, exact: true }).first().click();
      await page.waitForURL((url) => url.pathname === path);
      expect(await audioPaused(page)).toBe(false);
    }
    await playingPast(page, started + 1.5);
    expect(
      await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => audio.dataset.mark),
    ).toBe('from the show page');

    const metadata = await page.evaluate(() => {
      const meta = navigator.mediaSession.metadata;
      return meta && { title: meta.title, artist: meta.artist, artwork: meta.artwork.length };
    });
    expect(metadata).toEqual({ title: episodes[0]!.title, artist: show.name, artwork: 1 });
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');

    // K pauses from anywhere outside a field.
    await page.locator('body').press('k');
    await eventually('paused by K', () => audioPaused(page));

    expect(await accessibilityProblems(page)).toEqual([]);
    await player.getByRole('button', { name: /^Show chapters, transcript/ }).click();
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'player-open');
    await page.setViewportSize({ width: WIDTHS.mobile, height: 800 });
    expect(await accessibilityProblems(page)).toEqual([]);
    await screenshot(page, 'player-open');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('queues three episodes, reorders them by keyboard, and plays the next when one ends', async () => {
    const { context, page, problems } = await newVisitor(browser, stack.origin, WIDTHS.mobile);
    await page.goto(`/shows/${show.uId}`);
    for (const episode of episodes)
      await page.getByRole('button', { name: `Add ${episode.title} to the queue`, exact: true }).click();
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Show the queue' }).click();
    const rows = player.getByTestId('queue-item');
    await expect(rows.allInnerTexts()).resolves.toHaveLength(3);

    // The third moves to the top: Alt+↑ twice on its row, which keeps the focus as it moves.
    const focusedRow = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await rows.nth(2).focus();
    for (const place of [2, 1]) {
      await page.keyboard.press('Alt+ArrowUp');
      await eventually(`${episodes[2]!.title} focused at ${place}`, async () =>
        (await focusedRow()).startsWith(`${place}. ${episodes[2]!.title}`),
      );
    }
    const order = async () =>
      (await rows.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).map((label) =>
        label?.replace(/^\d+\. /, '').replace(/, .*$/, ''),
      );
    expect(await order()).toEqual([episodes[2]!.title, episodes[0]!.title, episodes[1]!.title]);
    expect(await player.getByTestId('queue-said').textContent()).toBe(
      `${episodes[2]!.title} moved to position 1 of 3`,
    );
    expect(await accessibilityProblems(page)).toEqual([]);

    // Play the queue; near its end the first ends and the next starts by itself.
    await player.getByRole('button', { name: 'Play the queue' }).click();
    await playingPast(page, 0.2);
    await expect(player.getByTestId('player-title').textContent()).resolves.toBe(episodes[2]!.title);
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => {
      audio.currentTime = audio.duration - 1;
    });
    await eventually(
      'the next episode playing',
      async () => (await player.getByTestId('player-title').textContent()) === episodes[0]!.title,
      20_000,
    );
    await playingPast(page, 0.2);
    expect(await order()).toEqual([episodes[1]!.title]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('resumes a member on a second device within 2 s of where the first stopped, from Continue listening', async () => {
    const laptop = await newVisitor(browser, stack.origin);
    await signInThroughForm(laptop.page, 'demo-user', DEMO_PASSWORD);
    await playFromShowPage(laptop.page, episodes[1]!.title);
    await laptop.page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => {
      audio.currentTime = 40;
    });
    await playingPast(laptop.page, 41);
    await laptop.page.getByRole('region', { name: 'Player' }).getByRole('button', { name: 'Pause' }).click();
    const stoppedAt = await audioTime(laptop.page);
    // The pause saved the place (a PUT the page waited for no longer than this).
    await laptop.page.waitForTimeout(1_000);

    const phone = await newVisitor(browser, stack.origin, WIDTHS.mobile);
    await signInThroughForm(phone.page, 'demo-user', DEMO_PASSWORD);
    await phone.page.goto('/');
    const resume = phone.page.getByTestId('continue-listening');
    await resume.getByRole('button', { name: `Resume ${episodes[1]!.title}` }).click();
    await playingPast(phone.page, 0.1);
    const resumedAt = await audioTime(phone.page);
    expect(Math.abs(resumedAt - stoppedAt)).toBeLessThan(2);
    expect(await accessibilityProblems(phone.page)).toEqual([]);
    expect([...laptop.problems, ...phone.problems]).toEqual([]);
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });

  it('lists the newest episodes of the shows a member follows, and only those not heard to the end when asked', async () => {
    const member = await ApiActor.signedIn(stack.origin, 'demo-user', DEMO_PASSWORD);
    expect((await member.json(`/api/podcasts/${show.id}/follow`, 'PATCH')).status).toBe(200);
    const { context, page, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, 'demo-user', DEMO_PASSWORD);
    await page.goto('/mypodcasts');
    const latest = page.getByRole('region', { name: 'New from your shows' });
    const row = (title: string) => latest.getByRole('listitem').filter({ hasText: title });
    for (const episode of episodes) await row(episode.title).waitFor();

    // Heard to its end from this list: marked played, and gone from the unplayed ones.
    await row(episodes[0]!.title)
      .getByRole('button', { name: `Play ${episodes[0]!.title}`, exact: true })
      .click();
    await playingPast(page, 0.2);
    // The side menu's foot stands above the bar, not under it.
    const menuFoot = await page.getByRole('button', { name: 'Collapse the menu' }).boundingBox();
    const bar = await page.getByRole('region', { name: 'Player' }).boundingBox();
    expect(menuFoot && bar && menuFoot.y + menuFoot.height <= bar.y + 0.5).toBe(true);
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => {
      audio.currentTime = audio.duration - 1;
    });
    await eventually(
      'the end saved as played',
      async () =>
        (await member.json(`/api/listening/positions?episodeIds=${episodes[0]!.id}`)).body.items[0]
          ?.played === true,
      15_000,
    );
    await page.reload();
    await row(episodes[0]!.title)
      .getByText(/· played/)
      .waitFor();
    await latest
      .getByRole('group', { name: 'Which episodes' })
      .getByRole('button', { name: 'Unplayed' })
      .click();
    await page.waitForURL((url) => url.searchParams.get('episodes') === 'unplayed');
    await row(episodes[1]!.title).waitFor();
    expect(await row(episodes[0]!.title).count()).toBe(0);
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a member’s premium episode for offline while their plan includes it, and drops it when it does not', async () => {
    const admin = await ApiActor.signedIn(stack.origin, 'demo-admin', DEMO_PASSWORD);
    const member = await ApiActor.signedIn(stack.origin, 'demo-user', DEMO_PASSWORD);
    const memberId = await admin.userId('demo-user');
    const setPlan = async (plan: string) =>
      expect((await admin.json(`/api/users/${memberId}/plan`, 'PATCH', { plan })).status).toBe(200);
    const entitled = async () =>
      (await member.json(`/api/podcasts/${show.id}/premium`)).body.entitled === true;
    await setPlan('pro');
    await eventually('the plan known to the catalog', entitled, 30_000);

    const { context, page, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, 'demo-user', DEMO_PASSWORD);
    await playFromShowPage(page, bonus.title);
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Download for offline' }).click();
    await player.getByRole('button', { name: 'Available offline' }).waitFor();
    await player.getByText('Kept while your plan includes it.').waitFor();
    await player.getByRole('button', { name: 'Pause' }).click();
    const copies = () =>
      page.evaluate(async () => (await (await caches.open('podz-offline-audio')).keys()).length);
    expect(await copies()).toBe(1);

    // The plan ends: the next time the app starts, the copy goes, and the member is told.
    await setPlan('free');
    await eventually('the plan’s end known to the catalog', async () => !(await entitled()), 30_000);
    await page.reload();
    await page.getByText(/Removed a members’ episode kept for offline/).waitFor();
    expect(await copies()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves no axe finding on any screen with the player open, at 375 and 1280 px', async () => {
    const publicScreens = [
      '/',
      '/shows',
      `/shows/${show.uId}`,
      `/shows/${show.uId}/${episodes[0]!.id}`,
      '/people',
      '/people/hosts',
      '/search?q=night',
      '/about',
      '/advertise',
      '/contact',
      '/pricing',
    ];
    const screensOf: [string, string[]][] = [
      [
        'demo-owner',
        [
          ...publicScreens,
          '/mypodcasts',
          '/podcasts',
          '/messages',
          '/profile',
          '/settings',
          '/requests/access',
          '/mediaz',
          '/image-gallery',
        ],
      ],
      [
        'demo-admin',
        [
          '/dashboard',
          '/users/requests?status=any',
          '/users',
          '/pricing-plans/edit',
          '/landing?page=home',
          '/podz-management',
          '/documentation?doc=api-reference',
          '/messages?view=broadcast',
        ],
      ],
    ];
    const findings: string[] = [];
    for (const [who, screens] of screensOf) {
      const { context, page, problems } = await newVisitor(browser, stack.origin);
      await signInThroughForm(page, who, DEMO_PASSWORD);
      await playFromShowPage(page, episodes[1]!.title);
      const player = page.getByRole('region', { name: 'Player' });
      for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
        await page.setViewportSize({ width, height: 800 });
        // Inside the app, as its links go: a load would stop the player.
        for (const screen of screens) {
          await openInApp(page, screen);
          expect(new URL(page.url()).pathname).toBe(screen.split('?')[0]);
          await player.waitFor();
          for (const problem of await accessibilityProblems(page))
            findings.push(`${who} ${screen} at ${width}px: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    }
    expect(findings).toEqual([]);
  });

  it('installs as an app, keeps its shell offline, and plays and seeks an episode kept for offline', async () => {
    const context = await launchWithProfile(stack.origin);
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto('/');
    // The worker registers once the player's module loads, just after the first render.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);

    // Reloaded once controlled, the worker has the shell; then one episode is kept for offline.
    await page.reload();
    await eventually('the page controlled by the worker', () =>
      page.evaluate(() => navigator.serviceWorker.controller !== null),
    );
    await playFromShowPage(page, episodes[0]!.title);
    const player = page.getByRole('region', { name: 'Player' });
    await player.getByRole('button', { name: 'Download for offline' }).click();
    await player.getByRole('button', { name: 'Available offline' }).waitFor();
    await player.getByRole('button', { name: 'Pause' }).click();

    // What the page said while online; offline, its calls to the API fail, as they should.
    expect(problems).toEqual([]);
    await context.setOffline(true);
    // Not kept: the network is gone for the worker too, so this one cannot play.
    await page.getByRole('button', { name: `Play ${episodes[2]!.title}`, exact: true }).click();
    await player.getByText('This episode could not be played.').waitFor();
    // Kept: it plays, and seeking asks the worker for ranges it answers from the cache.
    await page.getByRole('button', { name: `Play ${episodes[0]!.title}`, exact: true }).click();
    await playingPast(page, 0.2);
    await page.getByTestId('player-audio').evaluate((audio: HTMLAudioElement) => {
      audio.currentTime = 60;
    });
    await playingPast(page, 60.5);

    // The shell starts offline.
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'PODZ', exact: true }).first().waitFor();
    await context.setOffline(false);
    await context.close();
  });
});
