import { z } from 'zod';

/**
 * What PODZ tells people about, by category: each can be turned off for the bell and for email
 * separately (a new message is email only: the Messages badge already shows it in the app).
 */
export const NOTIFICATION_CATEGORIES = {
  episodes: { label: 'New episodes of shows you follow', bell: true, email: 'a daily digest' },
  requests: { label: 'Your access requests reviewed', bell: true, email: 'at once' },
  hosting: { label: 'Host invitations and their answers', bell: true, email: 'at once' },
  guests: { label: 'Guest credits on episodes', bell: true, email: 'at once' },
  messages: {
    label: 'Messages unread for 15 minutes',
    bell: false,
    email: 'once per conversation until read',
  },
} as const;

export type NotificationCategory = keyof typeof NOTIFICATION_CATEGORIES;
export const notificationCategorySchema = z.enum(
  Object.keys(NOTIFICATION_CATEGORIES) as [NotificationCategory, ...NotificationCategory[]],
);
export const BELL_CATEGORIES = (Object.keys(NOTIFICATION_CATEGORIES) as NotificationCategory[]).filter(
  (category) => NOTIFICATION_CATEGORIES[category].bell,
);

/** How many notifications the bell keeps per member, newest first; older ones drop off. */
export const BELL_SIZE = 50;
/** How long a message waits unread before it is mailed. */
export const MESSAGE_MAIL_DELAY_MINUTES = 15;

export const notificationSchema = z.object({
  id: z.string(),
  category: notificationCategorySchema,
  title: z.string(),
  body: z.string(),
  /** A path on the site: where clicking the notification goes. */
  href: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});

/** `GET /api/notifications`: the bell, newest first. */
export const bellSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int().min(0),
});

const notificationIdField = z
  .string({ error: 'each id must be a string' })
  .regex(/^[A-Za-z0-9:._-]{1,120}$/, { error: 'is not a notification id' });

export const markReadBodySchema = z.strictObject({
  ids: z.array(notificationIdField).min(1, { error: 'name at least one notification' }).max(BELL_SIZE),
});

const switches = <T extends boolean>(
  present: (c: (typeof NOTIFICATION_CATEGORIES)[NotificationCategory]) => T,
) =>
  Object.fromEntries(
    (Object.keys(NOTIFICATION_CATEGORIES) as NotificationCategory[])
      .filter((category) => present(NOTIFICATION_CATEGORIES[category]))
      .map((category) => [category, z.boolean()]),
  );

/** Which categories reach the bell, and which send email. Every switch is on until turned off. */
export const preferencesSchema = z.object({
  bell: z.strictObject(switches((c) => c.bell)).partial(),
  email: z.strictObject(switches(() => true)).partial(),
});

/** `PUT /api/notifications/preferences`: the switches to change; others stay as they are. */
export const updatePreferencesBodySchema = z.strictObject({
  bell: preferencesSchema.shape.bell.optional(),
  email: preferencesSchema.shape.email.optional(),
});

/** `POST /api/notifications/unsubscribe`: the signed token from a mail's link (one category). */
export const unsubscribeTokenSchema = z
  .string({ error: 'token must be a string' })
  .regex(/^[a-f0-9]{24}\.[a-z]{1,20}\.[A-Za-z0-9_-]{43}$/, { error: 'is not an unsubscribe token' });
export const unsubscribeBodySchema = z.object({ token: unsubscribeTokenSchema.optional() });
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema.optional() });

export const unsubscribedSchema = z.object({
  category: notificationCategorySchema,
  label: z.string(),
});

export type Notification = z.infer<typeof notificationSchema>;
export type Bell = z.infer<typeof bellSchema>;
export type Preferences = z.infer<typeof preferencesSchema>;
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
