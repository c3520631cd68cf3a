import type { BackgroundJobs, Idempotent, Logger, RateLimiter } from '@podz/kit';
import type { UserDirectory } from '@podz/read-models';
import type { MessagingConfig } from '../config';
import type { ActivityLists } from '../data/activity-lists';
import type { BroadcastRepository } from '../data/broadcast-repository';
import type { ConversationRepository } from '../data/conversation-repository';
import type { InboxRepository } from '../data/inbox-repository';
import type { MessageRepository } from '../data/message-repository';

/** Pushes an event to every open socket of a user, on whichever instance it is connected. */
export interface Notifier {
  push(userId: string, event: string, payload: unknown): void;
}

export interface MessagingDeps {
  config: MessagingConfig;
  logger: Logger;
  conversations: ConversationRepository;
  messages: MessageRepository;
  inboxes: InboxRepository;
  /** Admins' messages to many users, queued. */
  broadcasts: BroadcastRepository;
  /** Each user's conversations and each conversation's messages, in order (Redis). */
  activity: ActivityLists;
  users: UserDirectory;
  limiter: RateLimiter;
  notifier: Notifier;
  /** Answers a repeated `Idempotency-Key` with the first answer (a message is sent once). */
  idempotency: Idempotent;
  /** Inbox repairs started by a count, one at a time per user. */
  background: BackgroundJobs;
}
