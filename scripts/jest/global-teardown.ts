import type { ResolvedInfra } from '../../deploy/local/src/resolve-infra';

/** Stops only what global setup started; infrastructure that was already running stays up. */
export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as { __PODZ_INFRA__?: ResolvedInfra }).__PODZ_INFRA__;
  if (process.env.PODZ_KEEP_INFRA === '1') return;
  await infra?.stop();
}
