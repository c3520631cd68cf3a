import type { CatalogModels } from './catalog-models';
import { isDuplicateKey } from '@podz/kit';

/** Who follows which show: one row per pair, enforced by a unique index. */
export class FollowRepository {
  constructor(private readonly model: CatalogModels['follows']) {}

  /** True when the row is new, false when the user already followed the show. */
  async add(userId: string, podcastId: string): Promise<boolean> {
    try {
      await this.model.create({ userId, podcastId });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async remove(userId: string, podcastId: string): Promise<boolean> {
    const result = await this.model.deleteOne({ userId, podcastId });
    return result.deletedCount === 1;
  }

  async has(userId: string, podcastId: string): Promise<boolean> {
    return Boolean(await this.model.exists({ userId, podcastId }));
  }

  async podcastIdsOf(userId: string): Promise<string[]> {
    const rows = await this.model.find({ userId }, { podcastId: 1 }).sort({ createdAt: -1 }).lean();
    return rows.map((row) => row.podcastId);
  }

  async removeAllOfPodcast(podcastId: string): Promise<void> {
    await this.model.deleteMany({ podcastId });
  }

  async removeAllOfUser(userId: string): Promise<string[]> {
    const podcastIds = await this.podcastIdsOf(userId);
    await this.model.deleteMany({ userId });
    return podcastIds;
  }
}
