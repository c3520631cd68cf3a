/** How long an instance that failed to answer is passed over before it is tried again. */
const PASS_OVER_MS = 2_000;

/**
 * The instances of one service another process talks to (the gateway's upstreams, search's
 * owners): taken in turn, and an instance that just failed is passed over for a moment so that
 * requests go to the others while it restarts. With every instance failing, the next in turn is
 * tried anyway: "unavailable" should come from the service, not from a guess.
 */
export class UpstreamPool {
  private turn = 0;
  private readonly first: string;
  private readonly failedUntil = new Map<string, number>();

  constructor(readonly targets: readonly string[]) {
    const [first] = targets;
    if (first === undefined) throw new Error('an upstream pool needs at least one instance');
    this.first = first;
  }

  /** The next instance in turn. */
  pick(): string {
    return this.another(new Set()) ?? this.first;
  }

  /** The next instance in turn that is not one of `tried`; undefined once every one was tried. */
  another(tried: ReadonlySet<string>): string | undefined {
    const now = Date.now();
    const inTurn = [...this.targets.slice(this.turn), ...this.targets.slice(0, this.turn)];
    const untried = inTurn.filter((target) => !tried.has(target));
    const choice = untried.find((target) => !this.resting(target, now)) ?? untried[0];
    if (choice !== undefined) this.turn = (this.targets.indexOf(choice) + 1) % this.targets.length;
    return choice;
  }

  /** The instance at a position of the list (an affinity cookie's), unless it just failed. */
  at(index: number): string | undefined {
    const target = this.targets[index];
    return target === undefined || this.resting(target, Date.now()) ? undefined : target;
  }

  indexOf(target: string): number {
    return this.targets.indexOf(target);
  }

  failed(target: string): void {
    this.failedUntil.set(target, Date.now() + PASS_OVER_MS);
  }

  /**
   * A JSON GET of `path` from the instances in turn: the first that answers (whatever its status)
   * is the answer; one that does not is passed over for the next. `unavailable` makes the error
   * thrown when none answers, from the last failure.
   */
  getFromAny(path: string, timeoutMs: number, unavailable: (cause: unknown) => Error): Promise<Response> {
    return this.sendToAny(path, { headers: { accept: 'application/json' } }, timeoutMs, unavailable);
  }

  /**
   * `getFromAny` for any request that is safe to send twice (a GET, or a PUT or DELETE by key):
   * an instance that does not answer may have done it, and the next one does it again.
   */
  async sendToAny(
    path: string,
    init: RequestInit,
    timeoutMs: number,
    unavailable: (cause: unknown) => Error,
  ): Promise<Response> {
    const tried = new Set<string>();
    let failure: unknown;
    for (let base: string | undefined = this.pick(); base; base = this.another(tried)) {
      tried.add(base);
      try {
        return await fetch(new URL(path, base), { ...init, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        failure = err;
        this.failed(base);
      }
    }
    throw unavailable(failure);
  }

  private resting(target: string, now: number): boolean {
    return (this.failedUntil.get(target) ?? 0) > now;
  }
}
