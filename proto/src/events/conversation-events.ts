import { z } from 'zod';
import { objectIdSchema } from '../ids';
import { defineEvent } from './define-event';
import { TOPICS } from './topics';

// Conversation events: key and subject = conversation id. Message text never leaves messaging.
const source = 'messaging';
const topic = TOPICS.messagingConversation;
const CONVERSATION = '64b7f0c2a1b2c3d4e5f60740';
const SENDER = '64b7f0c2a1b2c3d4e5f6071a';
const RECIPIENT = '64b7f0c2a1b2c3d4e5f6071b';

export const messageSent = defineEvent({
  type: 'podz.messaging.message.sent',
  topic,
  source,
  description: 'A participant (or an admin, or PODZ on their behalf) sent a message in a conversation.',
  data: z.object({
    conversationId: objectIdSchema,
    messageId: objectIdSchema,
    senderId: objectIdSchema,
    recipientIds: z.array(objectIdSchema),
    sentAt: z.string(),
  }),
  example: {
    conversationId: CONVERSATION,
    messageId: '64b7f0c2a1b2c3d4e5f60741',
    senderId: SENDER,
    recipientIds: [RECIPIENT],
    sentAt: '2026-01-01T12:00:00.000Z',
  },
});

export const conversationRead = defineEvent({
  type: 'podz.messaging.conversation.read',
  topic,
  source,
  description: 'A participant read a conversation: their unread count went to zero.',
  data: z.object({ conversationId: objectIdSchema, userId: objectIdSchema, readAt: z.string() }),
  example: { conversationId: CONVERSATION, userId: RECIPIENT, readAt: '2026-01-01T12:05:00.000Z' },
});

export const CONVERSATION_EVENTS = [messageSent, conversationRead];

/** How many recipients one part of a broadcast names: a part is delivered in well under a second. */
export const BROADCAST_PART_SIZE = 100;

export const broadcastPart = defineEvent({
  type: 'podz.messaging.broadcast.part',
  topic: TOPICS.messagingBroadcast,
  source,
  description:
    "Part of an admin's message to many users (`POST /api/conversations/admin`): messaging delivers the " +
    "broadcast's text to these recipients, each in their conversation with the admin. Key and subject = " +
    'broadcast id; the text stays in messaging.',
  data: z.object({
    broadcastId: objectIdSchema,
    senderId: objectIdSchema,
    recipientIds: z.array(objectIdSchema).min(1).max(BROADCAST_PART_SIZE),
    part: z.number().int().min(1),
    parts: z.number().int().min(1),
  }),
  example: {
    broadcastId: '64b7f0c2a1b2c3d4e5f60750',
    senderId: SENDER,
    recipientIds: [RECIPIENT],
    part: 1,
    parts: 1,
  },
});

export const BROADCAST_EVENTS = [broadcastPart];
