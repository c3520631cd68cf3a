import { runOnce } from '@podz/kit';
import type { Connection } from 'mongoose';
import type { RequestModel, StoredRequest } from './request-model';

/**
 * Requests written before the top-level `requesterId`, `reviewerId` and `tombstone` existed get
 * them once, at the first start that knows them.
 */
export function backfillPeopleIds(db: Connection, requests: RequestModel): Promise<boolean> {
  return runOnce(db, 'requests-people-ids-v1', async () => {
    for await (const row of requests.find().lean<StoredRequest[]>().cursor()) {
      const request = row as StoredRequest;
      await requests.updateOne(
        { _id: request._id },
        {
          $set: {
            requesterId: request.requester.id,
            ...(request.review?.reviewer?.id ? { reviewerId: request.review.reviewer.id } : {}),
            ...(request.deletedAt ? { tombstone: true } : {}),
          },
        },
      );
    }
  });
}
