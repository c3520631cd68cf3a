import { randomBytes } from 'node:crypto';
import { resolveInfra } from '../../deploy/local/src/resolve-infra';

/**
 * Finds or starts the real store, broker and cache once for the whole run, and hands their
 * addresses to every test worker through the environment (workers start after this returns).
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const infra = await resolveInfra(process.env, (line) => process.stdout.write(`  ${line}\n`));
  Object.assign(process.env, infra.endpoints);
  // Names this run's topics (kit's TEST_KAFKA_NAMESPACE), so teardown deletes its own and no others.
  process.env.PODZ_TEST_RUN ??= randomBytes(4).toString('hex');
  (globalThis as { __PODZ_INFRA__?: typeof infra }).__PODZ_INFRA__ = infra;
  process.stdout.write(
    `\nTest infrastructure (${Date.now() - started} ms):\n${infra
      .describe()
      .map((l) => `  ${l}`)
      .join('\n')}\n`,
  );
}
