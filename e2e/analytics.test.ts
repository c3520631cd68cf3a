import type { Browser } from 'playwright-core';
import { eventually } from '@podz/kit/testing';
import { wavTone } from '../services/media/src/uploads/generate-media';
import { ApiActor, uniqueUsername } from './support/api-actor';
import {
  WIDTHS,
  accessibilityProblems,
  launchChromium,
  newVisitor,
  screenshot,
  signInThroughForm,
} from './support/browser';
import { ADMIN, DEMO_PASSWORD, startFullStack, type FullStack } from './support/full-stack';
import { untilOnRenditions } from './support/renditions';

/**
 * Listening analytics end to end: a podcast app fetches an episode through the gateway in ranges,
 * a bot and a probe fetch it too, and the show's owner sees one download, named, within seconds;
 * the admin sees it on the dashboard, and the CSV holds it.
 */
jest.setTimeout(300_000);

let stack: FullStack;
let browser: Browser;
const IPHONE = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';
const BOT = '7Siters/1.1 (+https://7ooo.ru/siters/)';

const DAY = 24 * 60 * 60 * 1000;
const OWNER = 'demo-owner';

beforeAll(async () => {
  browser = await launchChromium();
  // Identity's demo accounts are enough: the suite's one show is its own.
  stack = await startFullStack({ demo: false });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface ListenedEpisode {
  id: string;
  title: string;
  audio: { url: string; bytes: number };
}

/**
 * An owner's show with one six-second episode that went out 16 days ago (inside the first 30 days
 * and all time, outside the first 7), on its rendition.
 */
async function listenedEpisode() {
  const owner = await ApiActor.signedIn(stack.origin, OWNER, DEMO_PASSWORD);
  const created = await owner.json('/api/podcasts', 'POST', {
    name: `Tide tables ${Date.now().toString(36)}`,
    category: 'Science',
  });
  expect(created.status).toBe(201);
  const audioId = await owner.uploadAudio(wavTone({ seconds: 6, notes: [392] }), 'tide.wav');
  const made = await owner.json('/api/episodes', 'POST', {
    podcastId: created.body.id,
    title: 'Spring tide',
    audioId,
    publishedAt: new Date(Date.now() - 16 * DAY).toISOString(),
  });
  expect(made.status).toBe(201);
  await untilOnRenditions(owner, [{ id: made.body.id as string, audioId }], 120_000);
  const episode = (await owner.json(`/api/episodes/${made.body.id as string}`)).body as ListenedEpisode;
  const show = created.body as { id: string; uId: string; name: string };
  return { owner, show, episode };
}

/** A GET of the audio through the gateway as a listener at `address` with `ua` would make it. */
async function fetchAudio(url: string, ua: string, range?: string) {
  const res = await fetch(`${stack.origin}${url}`, {
    headers: { 'user-agent': ua, 'x-forwarded-for': '81.2.69.160', ...(range ? { range } : {}) },
  });
  await res.arrayBuffer();
  return res.status;
}

describe('listening analytics', () => {
  it("counts an app's ranged download once, named, live on the owner's Analytics view, the dashboard and the CSV", async () => {
    const { owner, show, episode } = await listenedEpisode();
    const half = Math.floor(episode.audio.bytes / 2);
    // A bot's whole fetch and a player's probe count for nothing…
    expect(await fetchAudio(episode.audio.url, BOT)).toBe(200);
    expect(await fetchAudio(episode.audio.url, IPHONE, 'bytes=0-1')).toBe(206);
    // …the app's two halves of a six-second episode are one download: the whole file, delivered.
    expect(await fetchAudio(episode.audio.url, IPHONE, `bytes=0-${half - 1}`)).toBe(206);
    expect(await fetchAudio(episode.audio.url, IPHONE, `bytes=${half}-`)).toBe(206);

    const { page, context, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, OWNER, DEMO_PASSWORD);
    await page.goto('/podcasts');
    const row = page.getByRole('listitem').filter({ hasText: show.name });
    await row.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL(`**/podcasts/${show.id}/analytics`);
    await page.getByRole('heading', { level: 1, name: `${show.name}: analytics` }).waitFor();
    const figures = page.getByRole('list', { name: 'Key figures' });
    // Within seconds: the view reads its figures again every five.
    await figures
      .getByRole('listitem')
      .filter({ hasText: 'Downloads in this range' })
      .getByText('1', { exact: true })
      .waitFor({
        timeout: 20_000,
      });
    const apps = page.getByRole('region', { name: 'Apps' });
    await apps.getByText('Apple Podcasts').waitFor();
    expect(await apps.getByRole('listitem').count()).toBe(1);
    await page.getByRole('region', { name: 'Devices' }).getByText('Apple iPhone').waitFor();
    await page.getByRole('region', { name: 'Countries' }).getByText('GB').waitFor();
    // Its row in the episodes table: the episode went out 16 days ago, so the download counts
    // in its first 30 days and all time, not in its first 7.
    const escaped = episode.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await page
      .getByRole('region', { name: 'Episodes' })
      .getByRole('row', { name: new RegExp(`^${escaped} .* 0 1 1$`) })
      .waitFor();
    // The range picker: 12 months by month still holds the one download.
    await page.getByRole('button', { name: '12 months' }).click();
    await page
      .getByRole('figure', { name: /^Downloads/ })
      .getByText(/^1 from /)
      .waitFor();
    for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await accessibilityProblems(page)).toEqual([]);
      await screenshot(page, 'show-analytics');
    }
    expect(problems).toEqual([]);

    // The CSV the view links to holds the same download.
    const today = new Date().toISOString().slice(0, 10);
    const csv = await owner.fetch(`/api/analytics/shows/${show.id}/export.csv?from=${today}&to=${today}`);
    expect(await csv.text()).toBe(`day,downloads\r\n${today},1\r\n`);
    const appsCsv = await owner.fetch(`/api/analytics/shows/${show.id}/export.csv?table=apps`);
    expect(await appsCsv.text()).toBe('app,downloads\r\nApple Podcasts,1\r\n');
    await context.close();

    // The admin sees it on the dashboard, among the month's top shows.
    const admin = await newVisitor(browser, stack.origin);
    await signInThroughForm(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL('**/dashboard');
    const top = admin.page.getByRole('region', { name: /^Top shows/ });
    await top.getByRole('listitem').filter({ hasText: show.name }).getByText('1', { exact: true }).waitFor();
    await admin.page
      .getByRole('figure', { name: /^Downloads, every show/ })
      .getByText(/^1 in 30 days/)
      .waitFor();
    expect(admin.problems).toEqual([]);
    await admin.context.close();

    // Another owner is refused the show's figures, in the API and on the screen.
    const staff = await ApiActor.signedIn(stack.origin, ADMIN.username, ADMIN.password);
    const stranger = { username: uniqueUsername('owner'), password: 'another-owner-pass-1' };
    const added = await staff.json('/api/users/admin-added-user', 'POST', {
      ...stranger,
      email: `${stranger.username}@podz.local`,
      role: 'owner',
      access: ['user', 'owner'],
    });
    expect(added.status).toBe(201);
    const other = await ApiActor.signedIn(stack.origin, stranger.username, stranger.password);
    expect((await other.json(`/api/analytics/shows/${show.id}`)).status).toBe(403);
    await eventually('nothing else counted', async () => {
      const figures = (await owner.json(`/api/analytics/shows/${show.id}`)).body as { allTime: number };
      return figures.allTime === 1;
    });
  });
});
