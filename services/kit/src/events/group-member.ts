import type { Consumer, ConsumerConfig, ConsumerRunConfig, Kafka } from 'kafkajs';
import type { Logger } from '../logging/logger';
import { whileTopicsPropagate } from './kafka-client';

/**
 * How long the broker holds a fetch that finds nothing new. kafkajs stops a member only once its
 * fetch in flight returns, so an idle group's disconnect waits out this long (5 s by kafkajs'
 * default) on every restart, deploy and test teardown; a second bounds that for one idle fetch a
 * second per group. A busy group's fetches return as soon as there is data, whatever this says.
 */
const IDLE_FETCH_WAIT_MS = 1_000;

/**
 * A consumer group member's life, as every PODZ consumer lives it (each says in `start()` what it
 * reads and how): connect, subscribe from the
 * beginning (a new group must not miss what was published before it first ran), run, and join the
 * group in the background; `ready()` says when it has joined, and `stop()` waits for any join in
 * progress before it disconnects, since kafkajs cannot call one off.
 */
export abstract class GroupMember {
  private readonly consumer: Consumer;
  private readonly joined: Promise<void>;
  /** Settles once the group is joined (or the attempt failed). */
  private running: Promise<void> = Promise.resolve();

  constructor(
    kafka: Kafka,
    private readonly config: ConsumerConfig,
    private readonly logger: Logger,
  ) {
    this.consumer = kafka.consumer({
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: IDLE_FETCH_WAIT_MS,
      ...config,
    });
    this.joined = new Promise((resolve) => {
      const remove = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        remove();
        resolve();
      });
    });
  }

  /**
   * Connects and subscribes, then runs in the background: a process restarted after a crash waits
   * for the broker to expire its old member (the session timeout, 30 s) before the group takes it
   * back, and its HTTP side need not wait with it. Events published meanwhile wait on the topic.
   */
  protected async join(topics: string[], run: ConsumerRunConfig): Promise<void> {
    await this.consumer.connect();
    await whileTopicsPropagate(() => this.consumer.subscribe({ topics, fromBeginning: true }));
    this.running = this.consumer.run(run).catch((err: unknown) =>
      // kafkajs retries a failed join itself; what reaches here outlasted its retries.
      this.logger.error({ err, groupId: this.config.groupId }, 'consumer did not start'),
    );
  }

  /** Resolves once the group has partitions assigned (tests wait for it before producing). */
  ready(): Promise<void> {
    return this.joined;
  }

  async stop(): Promise<void> {
    await this.running;
    await this.consumer.disconnect();
  }
}
