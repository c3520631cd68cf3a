// What `npm start -- --instances N` does when a process dies, as an orchestrator would: the dead
// instance is started again after a pause that doubles with each recent death, while its twins
// keep serving; an instance that keeps dying stops everything, so a crash loop is seen, not hidden.
import type { Managed } from './processes';

export interface RestartPolicy {
  /** Deaths within `windowMs` after which the instance is given up on (and everything stops). */
  maxRestarts: number;
  windowMs: number;
  /** The pause before restart number `attempt` (from 1) of the current window. */
  backoffMs(attempt: number): number;
}

/** 1, 2, 4, 8, 16 s between restarts; a sixth death within five minutes gives up. */
export const RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 5 * 60_000,
  backoffMs: (attempt) => Math.min(30_000, 1000 * 2 ** (attempt - 1)),
};

export interface SupervisorOptions {
  /** Restart dead instances (several of each process), or give up at the first death (one of each). */
  restart: boolean;
  policy?: RestartPolicy;
  /** Whether the whole platform is on its way down, when an exit is expected. */
  stopping: () => boolean;
  log: (line: string) => void;
  /** An instance died and will not be started again: the caller stops everything. */
  giveUp: (reason: string) => void;
}

/** One instance under supervision: the process that runs it now, whichever start that was. */
export interface Supervised {
  readonly label: string;
  current(): Managed;
  /** How many times it was started again. */
  restarts(): number;
}

export class Supervisor {
  private readonly all: Supervised[] = [];
  private readonly policy: RestartPolicy;

  constructor(private readonly options: SupervisorOptions) {
    this.policy = options.policy ?? RESTART_POLICY;
  }

  /** The instances under supervision, each as its current process (to stop them). */
  processes(): Managed[] {
    return this.all.map((supervised) => supervised.current());
  }

  /** Starts an instance with `start` and follows it; `start` runs again for each restart. */
  run(label: string, start: () => Managed): Supervised {
    const { options, policy } = this;
    let current = start();
    let restarts = 0;
    const deaths: number[] = [];
    const follow = (managed: Managed) =>
      void managed.exited.then((code) => {
        if (options.stopping()) return;
        const how = `${label} exited unexpectedly (${exitOf(managed, code)})`;
        if (!options.restart) return options.giveUp(`${how}; stopping everything.`);
        const now = Date.now();
        deaths.push(now);
        while (deaths[0] !== undefined && deaths[0] <= now - policy.windowMs) deaths.shift();
        if (deaths.length > policy.maxRestarts) {
          return options.giveUp(
            `${how}, ${deaths.length} deaths in ${minutes(policy.windowMs)}; stopping everything.`,
          );
        }
        const pause = policy.backoffMs(deaths.length);
        options.log(
          `${how}; starting it again in ${(pause / 1000).toFixed(1)} s ` +
            `(restart ${deaths.length} of at most ${policy.maxRestarts} in ${minutes(policy.windowMs)}).`,
        );
        setTimeout(() => {
          if (options.stopping()) return;
          restarts += 1;
          current = start();
          follow(current);
        }, pause).unref();
      });
    follow(current);
    const supervised: Supervised = { label, current: () => current, restarts: () => restarts };
    this.all.push(supervised);
    return supervised;
  }
}

function exitOf(managed: Managed, code: number | null): string {
  const signal = managed.child.signalCode;
  return signal ? `killed by ${signal}` : `code ${code}`;
}

const minutes = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${(ms / 1000).toFixed(0)} s`);
