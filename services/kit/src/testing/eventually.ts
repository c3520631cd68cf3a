/**
 * Polls `check` until it holds: for effects that travel through the broker, whose timing a test
 * cannot know. Fails naming what it waited for.
 */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
