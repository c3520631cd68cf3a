/** How often, and how long apart, a view older than its event is read again. */
const ATTEMPTS = 8;
const PAUSE_MS = 100;

/** Whether a view is at least as new as the event that asked for it. */
export const isFresh = (view: { updatedAt: string }, notBefore: Date) =>
  Date.parse(view.updatedAt) >= notBefore.getTime();

/**
 * Reads a view until it is at least as new as the event that asked for it. An owner publishes an
 * event as soon as its write is stored, and drops its rendered answers just after; a read in
 * between can get the answer from before the write, which would then stay indexed until the next
 * event. The view's `updatedAt` is set by the same write, after the event's time.
 */
export async function freshView<T extends { updatedAt: string }>(
  read: () => Promise<T | null>,
  notBefore: Date,
): Promise<T | null> {
  for (let attempt = 1; ; attempt += 1) {
    const view = await read();
    if (!view || isFresh(view, notBefore) || attempt === ATTEMPTS) return view;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS * attempt));
  }
}
