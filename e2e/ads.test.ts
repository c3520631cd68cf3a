import { execFileSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { eventually } from '@podz/kit/testing';
import { decodeErrors, probe, speechLike } from '../services/media/test/support/speech-like';
import { ApiActor } from './support/api-actor';
import {
  accessibilityProblems,
  launchChromium,
  newVisitor,
  screenshot,
  signInThroughForm,
} from './support/browser';
import { DEMO_PASSWORD, startFullStack, type FullStack } from './support/full-stack';
import { untilOnRenditions } from './support/renditions';

/**
 * Dynamic insertion end to end: an editor creates a campaign in its console with a creative
 * uploaded there and puts it live; an owner's show carries ads and an episode has a mid-roll; a
 * podcast app's download carries the creative at that point (read back by ffmpeg); the console
 * counts the delivery, and the advertiser's link opens the report signed out.
 */
jest.setTimeout(420_000);

let stack: FullStack;
let browser: Browser;
const IPHONE = 'AppleCoreMedia/1.0.0.20E247 (iPhone; U; CPU OS 16_4 like Mac OS X; en_us)';

beforeAll(async () => {
  browser = await launchChromium();
  // Identity's demo accounts are enough here: the demo network's 120 uploads would put their
  // renders ahead of this suite's own in media's queue.
  stack = await startFullStack({ demo: false });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Three seconds of a 1 kHz tone, stereo WAV: the creative. */
const tone = () =>
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=f=1000:d=3',
    '-ac',
    '2',
    '-f',
    'wav',
    '-',
  ]);

/** A podcast app's whole download through the gateway, from one address. */
async function appDownload(url: string): Promise<Buffer> {
  const res = await fetch(`${stack.origin}${url}`, {
    headers: { 'user-agent': IPHONE, 'x-forwarded-for': '81.2.69.142' },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** An owner's show that carries ads, with a 75-second episode on its rendition. */
async function showThatInserts() {
  const owner = await ApiActor.signedIn(stack.origin, 'demo-owner', DEMO_PASSWORD);
  const show = await owner.json('/api/podcasts', 'POST', {
    name: `Sponsored ${Date.now().toString(36)}`,
    category: 'Science',
    insertAds: true,
  });
  expect(show.status).toBe(201);
  const audioId = await owner.uploadAudio(
    speechLike({ seconds: 75, amplitude: 0.3, channels: 2, format: 'wav' }),
  );
  const episode = await owner.json('/api/episodes', 'POST', {
    podcastId: show.body.id,
    title: 'With a break',
    audioId,
  });
  expect(episode.status).toBe(201);
  const url = `/media/audio/${audioId}.house.mp3`;
  await untilOnRenditions(owner, [{ id: episode.body.id as string, audioId }], 240_000);
  return {
    showId: show.body.id as string,
    showName: show.body.name as string,
    showUId: show.body.uId as string,
    url,
    owner,
    episodeId: episode.body.id as string,
  };
}

describe('dynamic insertion', () => {
  it('runs a campaign from its console into a podcast app’s download, counted, with a report for the advertiser', async () => {
    const { url, showId, showName, showUId, owner, episodeId } = await showThatInserts();
    const plain = await appDownload(url);

    // The owner sets a mid-roll by clicking the episode's waveform at 35 of its 75 seconds.
    const ownerView = await newVisitor(browser, stack.origin);
    await signInThroughForm(ownerView.page, 'demo-owner', DEMO_PASSWORD);
    await ownerView.page.goto('/podcasts');
    const row = ownerView.page.getByRole('listitem').filter({ hasText: showName }).first();
    await row.getByRole('button', { name: 'Episodes' }).click();
    // Its episodes load under it: the last Edit is the episode's once they are there.
    await row.getByText('With a break').waitFor();
    await row.getByRole('button', { name: 'Edit' }).last().click();
    const breaks = ownerView.page.getByRole('region', { name: 'Ad breaks' });
    await breaks.getByLabel('Pre-roll').uncheck();
    const waveform = breaks.getByTestId('waveform');
    const box = await waveform.boundingBox();
    await waveform.click({ position: { x: ((box?.width ?? 0) * 35) / 75, y: 10 } });
    expect(await breaks.getByLabel('Mid-roll 1 at').inputValue()).toBe('0:35');
    expect(await accessibilityProblems(ownerView.page)).toEqual([]);
    await breaks.getByRole('button', { name: 'Save breaks' }).click();
    await breaks.getByText('Breaks saved').waitFor();
    await screenshot(ownerView.page, 'episode-break-editor');
    const saved = await owner.json(`/api/episodes/${episodeId}`);
    expect(saved.body.adBreaks).toEqual({ preRoll: false, midRolls: [35], postRoll: false });
    expect(ownerView.problems).toEqual([]);

    const { page, problems } = await newVisitor(browser, stack.origin);
    await signInThroughForm(page, 'demo-editor', DEMO_PASSWORD);
    await page.goto('/landing');
    await page.getByRole('link', { name: 'Campaigns: ads and promos' }).click();
    await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
    // What is still for sale: the network's forecast over the next 30 days.
    const inventory = page.getByRole('region', { name: 'Inventory forecast' });
    await inventory.getByRole('button', { name: 'Forecast' }).click();
    await inventory
      .getByRole('status')
      .getByText(/impressions available/)
      .waitFor();
    await page.getByRole('button', { name: 'New campaign' }).click();
    const name = `Winter mattresses ${Date.now().toString(36)}`;
    await page.getByLabel('Campaign name').fill(name);
    await page.getByLabel('Advertiser', { exact: true }).fill('Sleepwell');
    await page.getByLabel('Advertiser category').fill('Mattresses');
    await page.getByLabel('Pre-roll').uncheck();
    await page.getByLabel('Impression goal').fill('1000');
    await page.getByLabel('CPM (USD)').fill('25');
    await page
      .getByLabel('Upload a creative')
      .setInputFiles({ name: 'spot.wav', mimeType: 'audio/wav', buffer: tone() });
    await page.getByLabel('Creative 1 name').waitFor();
    await page.getByLabel('Creative 1 name').fill('Thirty seconds of sleep');
    expect(await page.getByLabel('Preview of Thirty seconds of sleep').count()).toBe(1);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Go live' }).click();
    await page.getByLabel('Status').getByText('live').waitFor();

    // The app's next download carries the three-second creative at the mid-roll, read back by ffmpeg.
    let joined = plain;
    await eventually(
      'the creative joined into the download',
      async () => {
        joined = await appDownload(url);
        return joined.length > plain.length;
      },
      90_000,
    );
    expect(decodeErrors(joined)).toBe('');
    const added = probe(joined).duration - probe(plain).duration;
    expect(added).toBeGreaterThan(2.9);
    expect(added).toBeLessThan(3.1);

    // The console counts it within seconds.
    const delivered = page.getByRole('list', { name: 'Key figures' }).getByText('Delivered, all flight');
    await delivered.waitFor();
    await eventually(
      'the delivery on the console',
      async () =>
        (await page.getByRole('list', { name: 'Key figures' }).locator('li').first().textContent())?.includes(
          '1of 1,000',
        ) ?? false,
      60_000,
    );

    // A visitor hears the mid-roll in the site's player, from a second before it to its end: the
    // console shows that creative's play as the player confirmed it, apart from the deliveries.
    const visitor = await newVisitor(browser, stack.origin);
    await visitor.page.goto(`/shows/${showUId}/${episodeId}`);
    await visitor.page.getByRole('heading', { level: 1, name: 'With a break' }).waitFor();
    const heard = (seconds: number) =>
      visitor.page.waitForFunction(
        (after) =>
          (document.querySelector<HTMLAudioElement>('[data-testid="episode-audio"]')?.currentTime ?? 0) >
          after,
        seconds,
        { timeout: 30_000 },
      );
    await visitor.page.getByRole('button', { name: 'Play', exact: true }).click();
    await heard(0.3);
    await visitor.page.getByTestId('episode-audio').evaluate((element: HTMLAudioElement) => {
      element.currentTime = 34;
    });
    await heard(38.6);
    const played = page
      .getByRole('region', { name: 'Played in PODZ’s players' })
      .getByRole('row', { name: /Creative 1/ });
    await eventually(
      'the creative’s confirmed play on the console',
      async () =>
        (await played.count()) === 1 &&
        (await played.getByRole('cell').allTextContents()).join(' ') === '1 1 1 1 1',
      60_000,
    );
    expect(visitor.problems).toEqual([]);
    await screenshot(page, 'campaign-console');

    // The advertiser's link opens the report signed out.
    await page.getByRole('button', { name: 'Make a report link' }).click();
    const link = await page.getByRole('link', { name: 'Report link' }).getAttribute('href');
    expect(link).toMatch(/\/advertiser-report\//);
    const advertiser = await newVisitor(browser, stack.origin);
    await advertiser.page.goto(new URL(link ?? '').pathname);
    await advertiser.page.getByRole('heading', { name: `${name}: delivery report` }).waitFor();
    expect(
      await advertiser.page.getByRole('list', { name: 'Key figures' }).locator('li').first().textContent(),
    ).toContain('1of 1,000');
    expect(await accessibilityProblems(advertiser.page)).toEqual([]);
    await advertiser.page.goto('/advertiser-report/not-a-link');
    await advertiser.page.getByRole('alert').waitFor();
    expect(problems).toEqual([]);

    // The owner's statement counts it at the campaign's $25 CPM, and /advertise shows the audience.
    await ownerView.page.goto(`/podcasts/${showId}/analytics`);
    const statement = ownerView.page.getByRole('region', { name: 'Monthly statement' });
    await statement.getByRole('cell', { name: name }).waitFor();
    expect(await statement.textContent()).toContain('1 delivered, $0.03 earned');
    expect(await accessibilityProblems(ownerView.page)).toEqual([]);
    await advertiser.page.goto('/advertise');
    const audience = advertiser.page.getByRole('region', { name: 'Our audience' });
    await audience.getByText('Downloads, last 30 days').waitFor();
    expect(await audience.getByRole('listitem').filter({ hasText: 'Apple Podcasts' }).count()).toBe(1);
    expect(await accessibilityProblems(advertiser.page)).toEqual([]);
    await screenshot(advertiser.page, 'advertise-audience');
  });
});
