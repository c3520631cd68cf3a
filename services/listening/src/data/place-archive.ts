import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey, onlyDuplicateKeys } from '@podz/kit';
import type { StoredPlace } from './place';

const placeSchema = new Schema(
  {
    // `<user>:<episode>`: a member's place in an episode is one document, found by key.
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    episodeId: { type: String, required: true },
    position: { type: Number, required: true },
    duration: { type: Number, default: null },
    played: { type: Boolean, required: true },
    at: { type: Number, required: true },
  },
  { collection: 'places', versionKey: false },
);
// "Continue listening" when Redis has forgotten a member: their latest places, bounded.
placeSchema.index({ userId: 1, at: -1 });

const keyOf = (userId: string, episodeId: string) => `${userId}:${episodeId}`;

/** Members' places in the store: what Redis hands over, kept for good. */
export class PlaceArchive {
  private readonly places;

  constructor(db: Connection) {
    this.places = db.model('Place', placeSchema);
  }

  async init(): Promise<void> {
    await this.places.init();
  }

  /**
   * Writes each place unless the store has a newer one. A place stored with a newer `at` matches
   * no filter, and its upsert meets the key: refused, as meant. FerretDB may stop an unordered bulk
   * at its first refusal, so after one the places are written again one by one (a place written
   * twice is written the same), each refusal then meaning only that the store has a newer place.
   */
  async keep(places: readonly StoredPlace[]): Promise<void> {
    if (!places.length) return;
    const writes = places.map((place) => ({
      filter: { _id: keyOf(place.userId, place.episodeId), at: { $lte: place.at } },
      update: {
        $set: {
          userId: place.userId,
          episodeId: place.episodeId,
          position: place.position,
          duration: place.duration,
          played: place.played,
          at: place.at,
        },
      },
    }));
    try {
      await this.places.bulkWrite(
        writes.map((write) => ({ updateOne: { ...write, upsert: true } })),
        { ordered: false },
      );
    } catch (err) {
      if (!onlyDuplicateKeys(err)) throw err;
      for (const write of writes)
        await this.places
          .updateOne(write.filter, write.update, { upsert: true })
          .catch((refused: unknown) => {
            if (!isDuplicateKey(refused)) throw refused;
          });
    }
  }

  /** The stored places of these episodes. */
  async of(userId: string, episodeIds: readonly string[]): Promise<StoredPlace[]> {
    if (!episodeIds.length) return [];
    const found = await this.places
      .find({ _id: { $in: episodeIds.map((episodeId) => keyOf(userId, episodeId)) } })
      .lean();
    return found.map(placeFrom);
  }

  /** The member's latest stored places, newest first. */
  async latest(userId: string, limit: number): Promise<StoredPlace[]> {
    const found = await this.places.find({ userId }).sort({ at: -1 }).limit(limit).lean();
    return found.map(placeFrom);
  }
}

function placeFrom(doc: {
  userId: string;
  episodeId: string;
  position: number;
  duration?: number | null;
  played: boolean;
  at: number;
}): StoredPlace {
  return {
    userId: doc.userId,
    episodeId: doc.episodeId,
    position: doc.position,
    duration: doc.duration ?? null,
    played: doc.played,
    at: doc.at,
  };
}
