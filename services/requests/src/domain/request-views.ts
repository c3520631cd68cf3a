import type { AccessRequest, RequestRole, RequestStatus } from '@podz/proto';
import type { RequestRecord } from '../data/request-repository';

/** A request as the API shows it (proto `requestSchema`): no open key, no outbox. */
export function requestView(record: RequestRecord): AccessRequest {
  const id = record.id;
  const review = record.review as {
    reviewer: AccessRequest['requester'];
    note: string;
    reviewedAt: Date;
  } | null;
  return {
    _id: id,
    id,
    requester: record.requester as AccessRequest['requester'],
    role: record.role as RequestRole,
    status: record.status as RequestStatus,
    message: record.message,
    links: record.links,
    review: review
      ? { reviewer: review.reviewer, note: review.note, reviewedAt: review.reviewedAt.toISOString() }
      : null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** The facts every request event carries. */
export function requestState(record: RequestRecord) {
  return {
    requestId: record.id,
    userId: record.requester.id,
    username: record.requester.username ?? '',
    role: record.role as RequestRole,
    status: record.status as RequestStatus,
  };
}
