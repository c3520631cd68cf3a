import type { Queue, SaveQueue } from '@podz/proto';
import { conflict, notFound, type AuthUser } from '@podz/kit';
import type { QueuePorts, StoredQueue } from './listening-deps';

function queueView(queue: StoredQueue): Queue {
  return {
    userId: queue.userId,
    episodeIds: queue.episodeIds,
    version: queue.version,
    updatedAt: queue.updatedAt?.toISOString() ?? null,
  };
}

/** A queue is its member's alone: anyone else, an admin too, is told there is none. */
function ownOnly(user: AuthUser, userId: string): void {
  if (user.id !== userId) throw notFound('Queue');
}

export async function readQueue(ports: QueuePorts, user: AuthUser, userId: string): Promise<Queue> {
  ownOnly(user, userId);
  return queueView(await ports.queues.of(userId));
}

/** Replaces the queue, if nobody saved it since the version it was edited from. */
export async function saveQueue(
  ports: QueuePorts,
  user: AuthUser,
  userId: string,
  save: SaveQueue,
): Promise<Queue> {
  ownOnly(user, userId);
  const saved = await ports.queues.replace(userId, save.episodeIds, save.version);
  if (!saved) throw conflict('The queue changed on another device; reload it and try again');
  return queueView(saved);
}
