import { startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { MessagingConfig } from './config';

/** The messaging service: conversations, messages and the realtime socket. */
export function startMessaging(config: MessagingConfig) {
  return startService({ name: 'messaging', config, topics: [TOPICS.messagingConversation] });
}
