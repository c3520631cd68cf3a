import path from 'node:path';
import { eventually, spawnService, testServiceEnv, type ServiceChild } from '@podz/kit/testing';
import { CatalogPlatform, type Member } from './support/catalog-harness';
import { releaseHelpers } from './support/release-helpers';

// The release clock killed at the due moment: catalog runs as its own process (the only one with
// a clock: the in-process catalog's is set to ten minutes), is SIGKILLed while releasing, and the
// next process finishes what the kill cut short, each episode released once.

let platform: CatalogPlatform;
let owner: Member;
const children: ServiceChild[] = [];
const ENTRY = path.join(__dirname, '..', 'src', 'main.ts');
const { scheduledEpisode, newShow, publicEpisodes, publishedEvents } = releaseHelpers(
  () => platform,
  () => owner,
);

beforeAll(async () => {
  platform = await CatalogPlatform.start({ RELEASE_SWEEP_MS: '600000' });
  owner = await platform.member('owner');
});
afterAll(async () => {
  await Promise.all(children.map((child) => child.kill('SIGKILL')));
  await platform?.stop();
});

async function catalogProcess(): Promise<ServiceChild> {
  const child = await spawnService(
    ENTRY,
    testServiceEnv('catalog', {
      MONGO_DB: platform.catalog.context.config.MONGO_DB,
      PUBLIC_ORIGIN: 'http://podz.test',
      RELEASE_SWEEP_MS: '100',
    }),
  );
  children.push(child);
  return child;
}

describe('a release clock killed at the due moment', () => {
  it('leaves every episode released once by the next process', async () => {
    const first = await catalogProcess();
    const show = await newShow();
    // Five releases 40 ms apart; the kill lands among them, so some are done, some half-way, some not begun.
    const episodes = [];
    for (let n = 0; n < 5; n += 1)
      episodes.push(await scheduledEpisode(show.id, `Release ${n}`, 3 + n * 0.04));
    const killAt = Date.parse(episodes[2]!.dueAt);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
    expect((await first.kill('SIGKILL')).signal).toBe('SIGKILL');

    await catalogProcess();
    await eventually(
      'every release',
      async () => (await publicEpisodes(show.id)).total === episodes.length,
      30_000,
    );
    for (const episode of episodes) {
      const events = await publishedEvents(episode.id);
      expect({ episode: episode.id, released: new Set(events.map((event) => event.id)).size }).toEqual({
        episode: episode.id,
        released: 1,
      });
    }
  });
});
