import request from 'supertest';
import { Types } from 'mongoose';
import { loadConfig, pendingEvent, SessionRevocations, type RunningService } from '@podz/kit';
import { eventually, testServiceEnv, testToken } from '@podz/kit/testing';
import {
  dailyStatsSchema,
  episodeCreated,
  episodeUpdated,
  messageSent,
  podcastFollowed,
  userRegistered,
  type Access,
  type DailyStats,
} from '@podz/proto';
import { startAnalytics } from '../src/analytics-service';
import { analyticsConfigSchema, type AnalyticsConfig } from '../src/config';

// The analytics service on the real broker and cache: events published on this file's topics
// become per-day counts, each counted once however often it arrives.

let analytics: RunningService<AnalyticsConfig>;
const DAY_MS = 24 * 3600 * 1000;
const id = () => new Types.ObjectId().toHexString();

async function tokenFor(role: Access): Promise<string> {
  const userId = id();
  await new SessionRevocations(analytics.context.redis).recordVersion(userId, 0);
  return testToken({ id: userId, username: `${role}-stats`, role, access: [role], sessionVersion: 0 });
}

beforeAll(async () => {
  analytics = await startAnalytics(loadConfig(analyticsConfigSchema, testServiceEnv('analytics')));
});
afterAll(async () => {
  await analytics?.context.db.dropDatabase().catch(() => undefined);
  await analytics?.stop();
});

const stats = async (token: string): Promise<DailyStats> =>
  dailyStatsSchema.parse(
    (
      await request(analytics.url)
        .get('/api/stats/daily?days=7')
        .set({ authorization: `Bearer ${token}` })
        .expect(200)
    ).body,
  );

describe('the analytics service', () => {
  it('counts sign-ups, follows, messages and published episodes per day, each once', async () => {
    const admin = await tokenFor('admin');
    const signup = pendingEvent(userRegistered, id(), {
      userId: id(),
      username: 'new-member',
      profilePicture: '/images/default-profile.svg',
      role: 'user',
      access: ['user'],
      plan: 'free',
    });
    const episodeId = id();
    const yesterday = new Date(Date.now() - DAY_MS).toISOString();
    const episode = {
      episodeId,
      podcastId: id(),
      title: 'Pilot',
      status: 'published' as const,
      publishedAt: yesterday,
    };
    const events = [
      signup,
      // The same event delivered again is the same sign-up.
      signup,
      pendingEvent(userRegistered, id(), {
        userId: id(),
        username: 'other-member',
        profilePicture: '/images/default-profile.svg',
        role: 'user',
        access: ['user'],
        plan: 'free',
      }),
      pendingEvent(podcastFollowed, id(), { podcastId: id(), userId: id(), followerCount: 1 }),
      pendingEvent(messageSent, id(), {
        conversationId: id(),
        messageId: id(),
        senderId: id(),
        recipientIds: [id()],
        sentAt: new Date().toISOString(),
      }),
      pendingEvent(episodeCreated, episodeId, episode),
      // Edited after it went out: still one episode published, on its day.
      pendingEvent(episodeUpdated, episodeId, { ...episode, title: 'Pilot (remastered)' }),
      pendingEvent(episodeCreated, id(), { ...episode, episodeId: id(), status: 'draft' }),
    ];
    await analytics.context.producer.publish(events);

    const expected = { signups: 2, follows: 1, messages: 1, episodes: 1 };
    await eventually('every event to be counted', async () => {
      const { totals } = await stats(admin);
      return Object.entries(expected).every(
        ([metric, count]) => totals[metric as keyof typeof totals] >= count,
      );
    });
    // Let a late duplicate arrive before the exact figures are read.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const read = await stats(admin);
    expect(read.totals).toEqual(expected);
    expect(read.days).toHaveLength(7);
    expect(read.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(read.series.signups.at(-1)).toBe(2);
    expect(read.series.follows.at(-1)).toBe(1);
    expect(read.series.messages.at(-1)).toBe(1);
    expect(read.series.episodes.at(-2)).toBe(1);
    expect(read.series.episodes.at(-1)).toBe(0);
  });

  it('answers admins only, and says what is wrong with a window', async () => {
    await request(analytics.url).get('/api/stats/daily').expect(401);
    const member = await tokenFor('user');
    const editor = await tokenFor('editor');
    for (const token of [member, editor]) {
      await request(analytics.url)
        .get('/api/stats/daily')
        .set({ authorization: `Bearer ${token}` })
        .expect(403);
    }
    const admin = await tokenFor('admin');
    for (const days of ['0', '91', 'many']) {
      const res = await request(analytics.url)
        .get(`/api/stats/daily?days=${days}`)
        .set({ authorization: `Bearer ${admin}` })
        .expect(400);
      expect(res.body.error).toMatch(/days/);
    }
    const month = await request(analytics.url)
      .get('/api/stats/daily')
      .set({ authorization: `Bearer ${admin}` })
      .expect(200);
    expect(month.body.days).toHaveLength(30);
  });
});
