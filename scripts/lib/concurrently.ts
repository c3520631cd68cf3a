/** Runs `task(0 … total-1)` with `concurrency` of them in flight at once. */
export async function concurrently(concurrency: number, total: number, task: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}
