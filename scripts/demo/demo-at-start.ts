import { seedDemoNetwork, SignInRefused, type SeedOptions } from './seed-demo-network';

/**
 * The demo network as `npm start` wants it: seeded when missing, reported when there, and never a
 * reason to stop the platform. Whatever happens, the answer is the banner's line about it.
 */
export async function demoNetworkAtStart(options: SeedOptions): Promise<string> {
  const started = Date.now();
  try {
    const result = await seedDemoNetwork(options);
    const how = result.created
      ? `seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'already there';
    return `demo network: ${result.shows} shows, ${result.episodes} episodes (${how}; PODZ_DEMO=off skips it)`;
  } catch (err) {
    // A changed demo password is the owner's choice, not a fault: say so and run without the seed.
    const why =
      err instanceof SignInRefused
        ? `${err.message}, so it was not seeded`
        : `not seeded: ${(err as Error).message}`;
    return `demo network: ${why}; PODZ runs without it and the next start tries again (PODZ_DEMO=off skips it)`;
  }
}
