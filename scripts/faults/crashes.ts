// The crash scenario of `npm run faults`: each service SIGKILLed 10 times while writes that carry
// events are in flight, restarted each time with nothing else touched. Afterwards every
// acknowledged write must be in the store, every write in the store must have its events on the
// topics, and every consumer must have applied each event exactly once, as far as the platform
// lets anyone count: analytics' totals, the review notices messaging sends, catalog's show lists.
import { MongoClient, ObjectId } from 'mongodb';
import { POSITION_MAX_SECONDS } from '../../proto/src/listening/listening-constants';
import type { ServiceName } from '../../proto/src/services';
import { wavTone } from '../../services/media/src/uploads/generate-media';
import type { BenchStack } from '../bench/bench-stack';
import { readTopics, type Envelope } from './topic-reader';

/** How often each service is killed: ten restarts, each with writes in flight, per service. */
export const CRASHES = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REJECTED_NOTICE = 'Your request to be a guest was not approved this time.';

// Answers of many shapes, each read where its shape is known.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Answer {
  status: number;
  body: Json;
}

/** The platform as one signed-in admin sees it through the gateway. */
class Client {
  constructor(
    private readonly gatewayUrl: string,
    readonly token: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      const res = await fetch(`${this.gatewayUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(8_000),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: 0, body: null };
    }
  }

  /** A read that must answer: retried through a restart, then an error naming it. */
  async read(path: string): Promise<Json> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.call('GET', path);
      if (answer.status === 200) return answer.body;
      if (answer.status === 404 || attempt === 20) {
        throw new Error(`GET ${path} answered ${answer.status}`);
      }
      await sleep(500);
    }
  }
}

/** What one service's writes left behind, to check once the topics have caught up. */
interface Workload {
  /** The process killed while `write` runs. */
  victim: ServiceName;
  what: string;
  write(n: number): Promise<boolean>;
  /** Problems still standing; empty once everything arrived. */
  check(events: EventLog): Promise<string[]>;
}

/** Every event of the run, by topic; repeats of one event id are counted, not merged. */
class EventLog {
  readonly byTopic = new Map<string, Envelope[]>();
  private readonly copies = new Map<string, number>();

  add(envelope: Envelope, topic: string): void {
    const short = topic.slice(topic.indexOf('.') + 1);
    if (!this.byTopic.has(short)) this.byTopic.set(short, []);
    const seen = this.copies.get(envelope.id) ?? 0;
    this.copies.set(envelope.id, seen + 1);
    if (seen === 0) this.byTopic.get(short)!.push(envelope);
  }

  of(type: string): Envelope[] {
    const suffix = `.${type}`;
    return [...this.byTopic.values()].flat().filter((e) => e.type.endsWith(suffix));
  }

  /** Events published more than once: allowed (delivery is at least once), and reported. */
  get republished(): number {
    return [...this.copies.values()].filter((n) => n > 1).length;
  }
}

const missing = (what: string, ids: Iterable<string>) => {
  const list = [...ids];
  return list.length ? [`${list.length} ${what}: ${list.slice(0, 3).join(', ')}`] : [];
};

function difference(a: Iterable<string>, b: Set<string>): string[] {
  return [...a].filter((id) => !b.has(id));
}

interface Setup {
  admin: Client;
  adminId: string;
  members: string[];
  marker: string;
  podcastId: string;
  audioId: string;
  planId: string;
  campaignId: string;
}

/** Registers `username` through the gateway: the new user's id, or null when it was not taken. */
async function register(gatewayUrl: string, username: string, signal?: AbortSignal): Promise<string | null> {
  const res = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@faults.podz.local`, password: 'crash-test-2026' }),
    signal,
  });
  if (res.status !== 201) return null;
  return ((await res.json()) as { id: string }).id;
}

/** Registrations: the user is there, `registered` is on the topic, analytics counted each once. */
function registrations(s: Setup, gatewayUrl: string): Workload {
  const acknowledged = new Set<string>();
  const prefix = `${s.marker}u`;
  return {
    victim: 'identity',
    what: 'registrations',
    async write(n) {
      const id = await register(gatewayUrl, `${prefix}${n}`, AbortSignal.timeout(8_000)).catch(() => null);
      if (!id) return false;
      acknowledged.add(id);
      return true;
    },
    async check(events) {
      const registered = new Set(
        events
          .of('registered')
          .filter((e) => String(e.data.username).startsWith(prefix))
          .map((e) => e.subject),
      );
      const stored = new Set<string>();
      for (let page = 1; ; page++) {
        const found = await s.admin.read(`/api/users?search=${prefix}&limit=100&page=${page}`);
        for (const user of found.items) stored.add(user.id);
        if (page * 100 >= found.total) break;
      }
      return [
        ...missing('acknowledged registrations not in the store', difference(acknowledged, stored)),
        ...missing('stored users without their registered event', difference(stored, registered)),
        ...missing('registered events without their user', difference(registered, stored)),
      ];
    },
  };
}

/** Episodes: each is readable, `created` is on the topic, the show's list holds it. */
function episodes(s: Setup): Workload {
  const acknowledged = new Set<string>();
  return {
    victim: 'catalog',
    what: 'published episodes',
    async write(n) {
      const answer = await s.admin.call('POST', '/api/episodes', {
        podcastId: s.podcastId,
        title: `${s.marker} episode ${n}`,
        audioId: s.audioId,
      });
      if (answer.status !== 201) return false;
      acknowledged.add(answer.body.id);
      return true;
    },
    async check(events) {
      const created = new Set(
        events
          .of('created')
          .filter((e) => e.data.podcastId === s.podcastId)
          .map((e) => e.subject),
      );
      const listed = new Set<string>();
      for (let page = 1; ; page++) {
        const found = await s.admin.read(
          `/api/episodes/podcast-episodes?podcastId=${s.podcastId}&limit=100&page=${page}`,
        );
        for (const episode of found.items) listed.add(episode.id);
        if (page * 100 >= found.total) break;
      }
      const unreadable: string[] = [];
      for (const id of created) {
        if ((await s.admin.call('GET', `/api/episodes/${id}`)).status !== 200) unreadable.push(id);
      }
      return [
        ...missing('acknowledged episodes without their created event', difference(acknowledged, created)),
        ...missing('created events whose episode cannot be read', unreadable),
        ...missing("episodes missing from the show's list", difference(created, listed)),
        ...missing("episodes in the show's list without their created event", difference(listed, created)),
      ];
    },
  };
}

/**
 * Episodes published while media is killed: once it is back, media's copy of catalog (the show and
 * episode each file is) holds every acknowledged one with its file, read from media's own database.
 */
function mediaCopies(s: Setup, mongoUrl: string, database: string): Workload {
  const acknowledged = new Set<string>();
  return {
    victim: 'media',
    what: 'published episodes',
    async write(n) {
      const answer = await s.admin.call('POST', '/api/episodes', {
        podcastId: s.podcastId,
        title: `${s.marker} media episode ${n}`,
        audioId: s.audioId,
      });
      if (answer.status !== 201) return false;
      acknowledged.add(answer.body.id);
      return true;
    },
    async check() {
      const client = await MongoClient.connect(mongoUrl);
      try {
        const copies = await client
          .db(database)
          .collection<{ _id: string; podcastId: string; audioFile: string | null }>('episodes')
          .find({ _id: { $in: [...acknowledged] } })
          .toArray();
        const withFile = new Set(
          copies
            .filter((copy) => copy.podcastId === s.podcastId && copy.audioFile?.startsWith(`${s.audioId}.`))
            .map((copy) => copy._id),
        );
        return missing("acknowledged episodes missing from media's copy", difference(acknowledged, withFile));
      } finally {
        await client.close();
      }
    },
  };
}

/**
 * Places saved while listening is killed: every acknowledged save reaches the store with its
 * position, whether the instance that took it was killed before its flusher ran or not (a place
 * stays marked in Redis until the store has it). Each save is of an episode of its own, so the
 * store's answer for it is exactly the position acknowledged.
 */
function placeSaves(s: Setup, mongoUrl: string, database: string): Workload {
  const acknowledged = new Map<string, number>();
  return {
    victim: 'listening',
    what: 'places saved',
    async write(n) {
      const episode = new ObjectId().toHexString();
      const answer = await s.admin.call('PUT', `/api/listening/positions/${episode}`, {
        position: n,
        duration: POSITION_MAX_SECONDS,
      });
      if (answer.status !== 200) return false;
      acknowledged.set(episode, n);
      return true;
    },
    async check() {
      const client = await MongoClient.connect(mongoUrl);
      try {
        const stored = await client
          .db(database)
          .collection<{ _id: string; episodeId: string; position: number }>('places')
          .find({ _id: { $in: [...acknowledged.keys()].map((episode) => `${s.adminId}:${episode}`) } })
          .toArray();
        const kept = new Set(
          stored
            .filter((place) => acknowledged.get(place.episodeId) === place.position)
            .map((place) => place.episodeId),
        );
        // Between kills the service answers: a run with no save acknowledged checked nothing.
        if (acknowledged.size === 0) return ['no place save was acknowledged'];
        return missing('acknowledged places missing from the store', difference(acknowledged.keys(), kept));
      } finally {
        await client.close();
      }
    },
  };
}

/**
 * Episodes published while search is killed: once it is back, a search finds every acknowledged
 * one and nothing else (its consumer group, its document store and its index all caught up).
 */
function searchable(s: Setup): Workload {
  const acknowledged = new Set<string>();
  const word = 'findable';
  return {
    victim: 'search',
    what: 'episodes to be found',
    async write(n) {
      const answer = await s.admin.call('POST', '/api/episodes', {
        podcastId: s.podcastId,
        title: `${s.marker} ${word} ${n}`,
        audioId: s.audioId,
      });
      if (answer.status !== 201) return false;
      acknowledged.add(answer.body.id);
      return true;
    },
    async check() {
      const found = new Set<string>();
      let total = 0;
      for (let page = 1; page <= 10; page++) {
        const answer = await s.admin.read(
          `/api/search?q=${s.marker}%20${word}&type=episodes&limit=20&page=${page}`,
        );
        total = answer.episodes.total;
        for (const hit of answer.episodes.items) found.add(hit.id);
        if (page * 20 >= total) break;
      }
      // Search pages no deeper than 200 results: past that, the total speaks for the rest.
      const problems = [
        ...missing(
          'acknowledged episodes search does not find',
          acknowledged.size <= 200 ? [...acknowledged].filter((id) => !found.has(id)) : [],
        ),
        ...missing('episodes search finds that were never acknowledged', difference(found, acknowledged)),
      ];
      if (total !== acknowledged.size) {
        problems.push(`search counts ${total} episodes, ${acknowledged.size} were acknowledged`);
      }
      return problems;
    },
  };
}

/**
 * Access requests filed for members and rejected, over and over: the request is rejected, the
 * `rejected` event is on the topic, and messaging told the member exactly once per rejection.
 */
function reviews(s: Setup): Workload {
  const acknowledged = new Set<string>();
  let turn = 0;
  return {
    victim: 'requests',
    what: 'reviewed access requests',
    async write() {
      const userId = s.members[turn++ % s.members.length]!;
      const filed = await s.admin.call('POST', '/api/requests', { role: 'guest', userId });
      // A request filed but not acknowledged stays open; the member's next turn finds it.
      const open =
        filed.status === 201
          ? filed.body
          : (await s.admin.call('GET', `/api/requests/user?userId=${userId}&role=guest`)).body;
      if (!open?.id || open.status !== 'pending') return false;
      const reviewed = await s.admin.call('PUT', `/api/requests/${open.id}`, { status: 'rejected' });
      if (reviewed.status !== 200) return false;
      acknowledged.add(open.id);
      return true;
    },
    check: (events) => rejectionNotices(s, events, acknowledged),
  };
}

async function rejectionNotices(s: Setup, events: EventLog, acknowledged: Set<string>): Promise<string[]> {
  const rejected = events.of('rejected');
  const problems = missing(
    'acknowledged rejections without their event',
    difference(acknowledged, new Set(rejected.map((e) => e.subject))),
  );
  const expected = new Map<string, number>();
  for (const event of rejected) {
    const userId = String(event.data.userId);
    expected.set(userId, (expected.get(userId) ?? 0) + 1);
  }
  const conversations = (await s.admin.read('/api/conversations?limit=100')).items as {
    id: string;
    participants: { id: string }[];
  }[];
  for (const member of s.members) {
    const conversation = conversations.find((c) => c.participants.some((p) => p.id === member));
    const messages = conversation ? await allMessages(s.admin, conversation.id) : [];
    const told = messages.filter((m) => m.text.startsWith(REJECTED_NOTICE)).length;
    const want = expected.get(member) ?? 0;
    if (told !== want) problems.push(`member ${member}: ${want} rejections, ${told} notices`);
  }
  return problems;
}

async function allMessages(client: Client, conversationId: string) {
  const messages: { id: string; text: string }[] = [];
  let before = '';
  for (;;) {
    const page = await client.read(
      `/api/conversations/${conversationId}/messages?limit=100${before ? `&before=${before}` : ''}`,
    );
    messages.push(...page.items);
    if (!page.hasMore || page.items.length === 0) return messages;
    before = page.items.at(-1).id;
  }
}

/** Messages from the admin: each one in its conversation, `message-sent` on the topic for each. */
function messages(s: Setup, victim: ServiceName): Workload {
  const acknowledged = new Set<string>();
  const text = `${s.marker} message to ${victim}`;
  return {
    victim,
    what: 'messages',
    async write(n) {
      const recipientId = s.members[n % s.members.length]!;
      const answer = await s.admin.call('POST', '/api/conversations', { recipientId, text: `${text} ${n}` });
      if (answer.status !== 201) return false;
      acknowledged.add(answer.body.message.id);
      return true;
    },
    async check(events) {
      const sent = new Set(events.of('message.sent').map((e) => String(e.data.messageId)));
      const all = await adminMessages(s);
      const shown = new Set([...all].filter(([, body]) => body.startsWith(text)).map(([id]) => id));
      return [
        ...missing('acknowledged messages not in their conversation', difference(acknowledged, shown)),
        ...missing('messages shown without their message-sent event', difference(shown, sent)),
      ];
    },
  };
}

/** Every message in the admin's conversations (one with each member), by id. */
async function adminMessages(s: Setup): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  const conversations = (await s.admin.read('/api/conversations?limit=100')).items as { id: string }[];
  for (const conversation of conversations) {
    for (const message of await allMessages(s.admin, conversation.id)) all.set(message.id, message.text);
  }
  return all;
}

/** A message-sent event means its conversation recorded the message: it must be shown too. */
async function recordedMessagesShown(s: Setup, events: EventLog): Promise<string[]> {
  const all = await adminMessages(s);
  const recorded = events
    .of('message.sent')
    .filter((e) => e.data.senderId === s.adminId)
    .map((e) => String(e.data.messageId));
  return missing('message-sent events whose message is not shown', difference(recorded, new Set(all.keys())));
}

/**
 * Edits of one pricing plan (plans are few by design, so they are edited rather than created):
 * each acknowledged edit has its `changed` event, and the stored plan is the last one published.
 */
function planEdits(s: Setup): Workload {
  const acknowledged = new Set<string>();
  return {
    victim: 'content',
    what: 'pricing plan edits',
    async write(n) {
      const name = `Crash plan ${n}`;
      const answer = await s.admin.call('PUT', `/api/pricing-plans/${s.planId}`, { name });
      if (answer.status !== 200) return false;
      acknowledged.add(name);
      return true;
    },
    async check(events) {
      const changes = events.of('changed').filter((e) => e.subject === s.planId);
      const published = new Set(changes.map((e) => String(e.data.name)));
      const plans = (await s.admin.read('/api/pricing-plans/all')).items as { id: string; name: string }[];
      const stored = plans.find((plan) => plan.id === s.planId)?.name;
      const last = changes.at(-1)?.data.name;
      return [
        ...missing(
          'acknowledged plan edits without their changed event',
          difference(acknowledged, published),
        ),
        ...(stored === last
          ? []
          : [`the stored plan is named "${stored}", its last changed event says "${last}"`]),
      ];
    },
  };
}

/**
 * Edits of one campaign (the console's everyday write): each acknowledged edit has its `saved`
 * event, and the stored campaign is the last one told.
 */
function campaignEdits(s: Setup): Workload {
  const acknowledged = new Set<string>();
  return {
    victim: 'ads',
    what: 'campaign edits',
    async write(n) {
      const name = `Crash campaign ${n}`;
      const answer = await s.admin.call('PUT', `/api/ads/campaigns/${s.campaignId}`, { name });
      if (answer.status !== 200) return false;
      acknowledged.add(name);
      return true;
    },
    async check(events) {
      const saves = events.of('campaign.saved').filter((e) => e.subject === s.campaignId);
      const told = new Set(saves.map((e) => String(e.data.name)));
      const stored = (await s.admin.read(`/api/ads/campaigns/${s.campaignId}`)).name as string;
      const last = saves.at(-1)?.data.name;
      return [
        ...missing('acknowledged campaign edits without their saved event', difference(acknowledged, told)),
        ...(stored === last
          ? []
          : [`the stored campaign is named "${stored}", its last saved event says "${last}"`]),
      ];
    },
  };
}

/** Analytics' totals against the distinct events on the topics: each counted exactly once. */
async function analyticsTotals(s: Setup, events: EventLog): Promise<string[]> {
  const stats = await s.admin.read('/api/stats/daily?days=2');
  const published = new Set(
    [...events.of('created'), ...events.of('updated')]
      .filter((e) => e.data.episodeId && e.data.status === 'published')
      .map((e) => String(e.data.episodeId)),
  );
  const expected = {
    signups: events.of('registered').length,
    messages: events.of('message.sent').length,
    episodes: published.size,
  };
  return Object.entries(expected)
    .filter(([metric, count]) => stats.totals[metric] !== count)
    .map(
      ([metric, count]) => `analytics counted ${stats.totals[metric]} ${metric}, the topics hold ${count}`,
    );
}

export interface CrashOutcome {
  lines: string[];
  problems: string[];
}

/** Writes from `writers` loops until `crashes` are done, killing `victim` every second or so. */
async function underCrashes(stack: BenchStack, workload: Workload, also: Workload[]) {
  let crashing = true;
  const tally = { acknowledged: 0, refused: 0 };
  let n = 0;
  const writer = async (w: Workload) => {
    while (crashing) {
      const acknowledged = await w.write(n++);
      if (acknowledged) tally.acknowledged++;
      else tally.refused++;
      // Slower while the victim is down: its refusals are the gateway's 502s, not news.
      await sleep(acknowledged ? 25 : 100);
    }
  };
  const writers = [workload, workload, ...also].map(writer);
  const started = Date.now();
  const restarts: number[] = [];
  try {
    for (let crash = 0; crash < CRASHES; crash++) {
      await sleep(300 + Math.random() * 1200);
      const at = Date.now();
      await stack.crash(workload.victim);
      restarts.push(Date.now() - at);
    }
  } finally {
    crashing = false;
    await Promise.all(writers);
  }
  const slowest = Math.max(...restarts);
  const mean = restarts.reduce((a, b) => a + b, 0) / restarts.length;
  return {
    line: `${workload.victim} killed ${CRASHES}× in ${((Date.now() - started) / 1000).toFixed(0)} s during ${workload.what}: ${tally.acknowledged} writes acknowledged, ${tally.refused} refused while it was down; back in ${(mean / 1000).toFixed(1)} s on average, ${(slowest / 1000).toFixed(1)} s at most`,
  };
}

export async function crashScenario(
  stack: BenchStack,
  brokers: string,
  mongoUrl: string,
  admin: { token: string; id: string },
): Promise<CrashOutcome> {
  const client = new Client(stack.gatewayUrl, admin.token);
  const setup = await prepare(stack, client, admin.id);
  const lines: string[] = [];
  // Messaging also sends a notice for each review: the reviews go on while it is killed too.
  const requestsWork = reviews(setup);
  // Each step's victims are killed side by side, each during writes of its own; a victim's writes
  // do not pass through the other victims of its step (identity signs people in; a place saved
  // with a session already held never asks it).
  const steps: [Workload, Workload[]][][] = [
    [
      [registrations(setup, stack.gatewayUrl), []],
      [placeSaves(setup, mongoUrl, stack.databases.listening), []],
    ],
    [
      [episodes(setup), []],
      [campaignEdits(setup), []],
    ],
    [
      [requestsWork, []],
      [planEdits(setup), []],
    ],
    [
      [messages(setup, 'messaging'), [requestsWork]],
      [searchable(setup), []],
    ],
    [
      [messages(setup, 'analytics'), []],
      [mediaCopies(setup, mongoUrl, stack.databases.media), []],
    ],
  ];
  const phases = steps.flat();
  for (const step of steps) {
    const outcomes = await Promise.all(step.map(([workload, also]) => underCrashes(stack, workload, also)));
    for (const { line } of outcomes) {
      console.log(`  ${line}`);
      lines.push(line);
    }
  }

  // The topics, and every check, until all hold or three minutes pass (a killed consumer's
  // group waits out its session timeout before it moves on).
  const events = new EventLog();
  let problems: string[] = [];
  let lastCheck = 0;
  const started = Date.now();
  const topics = [
    'identity.user.v1',
    'catalog.episode.v1',
    'requests.request.v1',
    'messaging.conversation.v1',
    'content.pricing-plan.v1',
    'ads.campaign.v1',
  ];
  await readTopics(
    brokers,
    topics.map((topic) => stack.namespace + topic),
    (envelope, topic) => events.add(envelope, topic),
    async () => {
      if (Date.now() - lastCheck < 3_000) return false;
      lastCheck = Date.now();
      problems = [];
      try {
        for (const [workload] of phases) problems.push(...(await workload.check(events)));
        problems.push(
          ...(await recordedMessagesShown(setup, events)),
          ...(await analyticsTotals(setup, events)),
        );
      } catch (err) {
        problems.push(`checking failed: ${(err as Error).message}`);
      }
      return problems.length === 0;
    },
    180_000,
  );
  const counted = (type: string) => events.of(type).length;
  lines.push(
    `events on the topics: ${counted('registered')} registered, ${events.of('created').filter((e) => e.data.episodeId).length} episodes created, ${counted('rejected')} rejected, ${counted('message.sent')} message-sent, ${counted('changed')} plan changed; ${events.republished} published more than once (delivery is at least once)`,
    problems.length
      ? `still wrong ${((Date.now() - started) / 1000).toFixed(0)} s after the last crash`
      : `every check held ${((Date.now() - started) / 1000).toFixed(0)} s after the last crash: 0 acknowledged writes lost, 0 events lost, 0 applied twice`,
  );
  return { lines, problems };
}

/** Members who can be messaged and reviewed, a show with an upload: all known everywhere first. */
async function prepare(stack: BenchStack, admin: Client, adminId: string): Promise<Setup> {
  const marker = `crash${Date.now().toString(36)}`;
  const members: string[] = [];
  for (let i = 0; i < 12; i++) {
    const id = await register(stack.gatewayUrl, `${marker}m${i}`);
    if (!id) throw new Error(`registering member ${i} failed`);
    members.push(id);
  }
  const podcast = await until('a show for the crash scenario', () =>
    admin.call('POST', '/api/podcasts', {
      name: `${marker} show`,
      description: 'Crash test',
      category: 'Technology',
    }),
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(wavTone({ seconds: 1, notes: [440] }))]), 'crash.wav');
  const upload = await fetch(`${stack.gatewayUrl}/api/media/audio`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`uploading audio answered ${upload.status}`);
  const plan = await until('a pricing plan to edit', () =>
    admin.call('POST', '/api/pricing-plans', {
      slug: `${marker}-plan`,
      name: 'Crash plan',
      price: 1,
      active: false,
    }),
  );
  const campaign = await until('a campaign to edit', () =>
    admin.call('POST', '/api/ads/campaigns', {
      name: 'Crash campaign',
      advertiser: 'Faults',
      advertiserCategory: 'testing',
      kind: 'standard',
      promotesPodcastId: null,
      positions: ['pre'],
      flight: { startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() },
      impressionGoal: 1000,
      cpmCents: 100,
      targeting: {
        showIds: [],
        categories: [],
        countries: [],
        apps: [],
        platforms: [],
        episodeMaxAgeDays: null,
      },
      caps: { perDay: null, perWeek: null },
      creatives: [],
    }),
  );
  const setup: Setup = {
    admin,
    adminId,
    members,
    marker,
    podcastId: podcast.id,
    audioId: ((await upload.json()) as { id: string }).id,
    planId: plan.id,
    campaignId: campaign.id,
  };
  // Messaging and requests learn of members from identity's events.
  for (const member of members) {
    await until(`messaging to know member ${member}`, () =>
      admin.call('POST', '/api/conversations', { recipientId: member, text: `${marker} welcome` }),
    );
  }
  return setup;
}

async function until(what: string, attempt: () => Promise<Answer>): Promise<Json> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const answer = await attempt();
    if (answer.status === 200 || answer.status === 201) return answer.body;
    if (Date.now() > deadline) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    await sleep(500);
  }
}
