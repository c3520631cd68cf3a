import { z } from 'zod';
import { hasBidiControl } from '../plain-text';
import { accessSchema } from '../access';
import { objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import { userRefSchema } from '../user-ref';

export const MESSAGE_MAX = 2000;
/** Default page size of the conversation list. */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;
export const MESSAGES_PAGE_MAX = 100;
/** The most users one admin message names by id; larger audiences go by access type. */
export const ADMIN_RECIPIENTS_MAX = 500;
/** Who a deleted user's messages are from, for the people who keep them. */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * Message text is plain text: trimmed, control characters other than newline and tab removed,
 * Unicode-normalized, at most `MESSAGE_MAX` characters. Clients render it as text, never as markup.
 */
export const messageTextSchema = z
  .string({ error: 'text must be a string' })
  .transform((value) =>
    value
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  )
  .pipe(
    z
      .string()
      .min(1, { error: 'text cannot be empty' })
      .max(MESSAGE_MAX, { error: `text is at most ${MESSAGE_MAX} characters` })
      .refine((value) => !hasBidiControl(value), {
        error: 'text cannot contain bidirectional override characters (U+202A–U+202E, U+2066–U+2069)',
      }),
  );

export const messageSchema = z.object({
  id: objectIdSchema,
  conversationId: objectIdSchema,
  sender: userRefSchema,
  text: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** A conversation as one participant sees it: their own unread count and last read time. */
export const conversationSchema = z.object({
  _id: objectIdSchema,
  id: objectIdSchema,
  participants: z.array(userRefSchema),
  lastMessage: z
    .object({ id: objectIdSchema, senderId: objectIdSchema, text: z.string(), createdAt: z.string() })
    .nullable(),
  lastMessageAt: z.string().nullable(),
  unreadCount: z.number().int().min(0),
  lastReadAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationPageSchema = paginatedSchema(conversationSchema);

/** `GET /api/conversations/count`: new messages across the caller's conversations (the menu badge). */
export const messageCountSchema = z.object({ count: z.number().int().min(0) });

/** `GET /api/conversations?page&limit`: the caller's conversations, newest activity first. */
export const conversationListQuerySchema = paginationQuerySchema(CONVERSATIONS_PAGE_SIZE);

/**
 * `POST /api/conversations`: starts a conversation with `recipientId`, or continues the one the
 * two already have, with a first message. 201 `{ conversation, message }` either way.
 */
export const startConversationBodySchema = z.strictObject({
  recipientId: objectIdSchema,
  text: messageTextSchema,
});

/** `POST /api/conversations/{id}`: a message from a participant. 201 `{ conversation, message }`. */
export const sendMessageBodySchema = z.strictObject({ text: messageTextSchema });

export const sentMessageSchema = z.object({ conversation: conversationSchema, message: messageSchema });

/**
 * `POST /api/conversations/admin` (admins): one message to each recipient, in the conversation the
 * admin has with them: named users (`userIds`), or everyone holding an access value (`access`).
 * Answers 201 `{ sent, skipped }`: how many it goes to (never the admin themself), and the named ids
 * that belong to no known user. The message is queued and delivered in parts within seconds (a
 * few hundred recipients a second), so the request costs the same whatever the audience.
 */
export const adminMessageBodySchema = z
  .strictObject({
    text: messageTextSchema,
    userIds: z
      .array(objectIdSchema)
      .min(1, { error: 'userIds needs at least one id' })
      .max(ADMIN_RECIPIENTS_MAX, { error: `at most ${ADMIN_RECIPIENTS_MAX} users; use access for more` })
      .optional(),
    access: accessSchema.optional(),
  })
  .refine((body) => (body.userIds === undefined) !== (body.access === undefined), {
    error: 'send either userIds or access',
  });

/**
 * `GET /api/conversations/{id}/messages?before&limit`: a page of messages, newest first; `before`
 * is the id of the oldest message already shown. `hasMore` says whether older ones exist.
 */
export const adminMessageResultSchema = z.object({
  sent: z.number().int().min(0),
  skipped: z.array(z.string()),
});

export const messagePageQuerySchema = z.object({
  before: objectIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_SIZE),
});
export const messagePageSchema = z.object({ items: z.array(messageSchema), hasMore: z.boolean() });
