import { Types } from 'mongoose';
import { findInIdOrder, keyed, keyedOrNull, type ListFamily, type Placement } from '@podz/kit';
import { REQUEST_ROLES, REQUEST_STATUSES, type RequestRole, type RequestStatus } from '@podz/proto';
import type { RequestModel, RequestRecord, StoredRequest } from './request-model';

/**
 * The admins' lists of requests, newest first: every request, and those of each status, each role
 * and each status and role, so each filter of the console is a page of one sorted set.
 */
export function requestList(filter: { status?: RequestStatus; role?: RequestRole }): string {
  return `requests:${filter.status ?? 'any'}:${filter.role ?? 'any'}`;
}

const ALL_LISTS = [undefined, ...REQUEST_STATUSES].flatMap((status) =>
  [undefined, ...REQUEST_ROLES].map((role) => requestList({ status, role })),
);

/** The rule for a list: the same rule checks every request a page loads. */
export const listsRequest =
  (filter: { status?: RequestStatus; role?: RequestRole }) =>
  (request: RequestRecord): boolean =>
    !request.deletedAt &&
    (!filter.status || request.status === filter.status) &&
    (!filter.role || request.role === filter.role);

function placements(request: RequestRecord): Placement[] {
  if (request.deletedAt) return [];
  const score = request.createdAt.getTime();
  const { status, role } = request as { status: RequestStatus; role: RequestRole };
  return [{}, { status }, { role }, { status, role }].map((filter) => ({ list: requestList(filter), score }));
}

const live = { deletedAt: null };

export function requestFamily(model: RequestModel): ListFamily<RequestRecord> {
  return {
    name: 'requests',
    lists: ALL_LISTS,
    placements,
    // Requests made in the same millisecond come out by id, newest first, as the store sorts them.
    sortKey: () => '',
    findById: (id) =>
      model
        .findOne({ _id: new Types.ObjectId(id), ...live })
        .lean<StoredRequest>()
        .then(keyedOrNull),
    findByIds: (ids) => findInIdOrder<StoredRequest>(model, ids, live),
    forEach: async (visit) => {
      for await (const request of model.find(live).lean<StoredRequest[]>().cursor()) {
        await visit(keyed(request as StoredRequest));
      }
    },
  };
}
