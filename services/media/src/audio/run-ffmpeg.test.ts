import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { runFfmpeg } from './run-ffmpeg';

// Jobs run below the service's requests unless the worker is told otherwise (MEDIA_JOB_NICENESS).

/** The niceness of the running ffmpeg whose arguments carry `marker`, once it is found. */
async function nicenessOfRunning(marker: string): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let cmdline = '';
      try {
        cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      } catch {
        continue;
      }
      if (cmdline.startsWith('ffmpeg') && cmdline.includes(marker)) return getPriority(Number(entry));
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no running ffmpeg with ${marker}`);
}

/** ffmpeg reading two seconds of a tone at its own pace (`-re`), its niceness read meanwhile. */
async function nicenessOf(niceness?: number): Promise<number> {
  const marker = `podz-${randomBytes(6).toString('hex')}`;
  const run = runFfmpeg(
    {
      args: ['-re', '-f', 'lavfi', '-i', 'sine=d=2', '-metadata', `comment=${marker}`, '-f', 'null', '-'],
      niceness,
    },
    [],
  );
  const seen = await nicenessOfRunning(marker);
  await run;
  return seen;
}

it('runs ffmpeg niced below the service unless told a niceness', async () => {
  await expect(nicenessOf()).resolves.toBe(10);
  await expect(nicenessOf(0)).resolves.toBe(0);
});
