import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { loadConfig, type RunningService } from '@podz/kit';
import { testMember, testServiceEnv, type TestMember } from '@podz/kit/testing';
import type { Access } from '@podz/proto';
import { startMediaBeside, type TestMedia } from '../../../catalog/test/support/media-beside';
import { wavTone } from '../../../media/src/uploads/generate-media';
import { adsConfigSchema, type AdsConfig } from '../../src/config';
import { startAds } from '../../src/ads-service';

export type Member = TestMember;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The ads service with media beside it (creatives are media's uploads), on the real store,
 * broker and cache. Callers are sessions signed with the test key, their version recorded as
 * identity would.
 */
export class AdsPlatform {
  private constructor(
    readonly ads: RunningService<AdsConfig>,
    readonly media: TestMedia,
  ) {}

  static async start(): Promise<AdsPlatform> {
    const media = await startMediaBeside('', {
      MEDIA_DIR: mkdtempSync(path.join(tmpdir(), 'podz-ads-media-')),
    });
    const ads = await startAds(loadConfig(adsConfigSchema, testServiceEnv('ads', { MEDIA_URL: media.url })));
    return new AdsPlatform(ads, media);
  }

  get url(): string {
    return this.ads.url;
  }

  member(role: Access, access: Access[] = [role]): Promise<Member> {
    return testMember(this.ads.context.redis, role, access);
  }

  /** Audio `who` uploads to media, as a creative would be. */
  async audio(who: Member, seconds = 2): Promise<{ id: string; url: string }> {
    const res = await request(this.media.url)
      .post('/api/media/audio')
      .set(bearer(who.token))
      .attach('file', wavTone({ seconds, notes: [660] }), 'spot.wav')
      .expect(201);
    return res.body as { id: string; url: string };
  }

  async stop(): Promise<void> {
    await this.ads.context.db.dropDatabase().catch(() => undefined);
    await this.media.context.db.dropDatabase().catch(() => undefined);
    await Promise.all([this.ads.stop(), this.media.stop()]);
  }
}
