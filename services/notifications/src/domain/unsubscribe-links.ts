import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@podz/proto';

/**
 * The unsubscribe link in a mail: `<userId>.<category>.<HMAC-SHA256>`, signed with a secret only
 * this service holds. It works without signing in (one click from the mail) and only for the one
 * member and category it was made for; it does not expire, as mail apps keep such links.
 */
export class UnsubscribeLinks {
  constructor(private readonly secret: string) {}

  private signature(userId: string, category: string): Buffer {
    return createHmac('sha256', this.secret).update(`unsubscribe:${userId}:${category}`).digest();
  }

  token(userId: string, category: NotificationCategory): string {
    return `${userId}.${category}.${this.signature(userId, category).toString('base64url')}`;
  }

  /** The member and category the token was signed for, or undefined for any other string. */
  read(token: string): { userId: string; category: NotificationCategory } | undefined {
    const [userId, category, signature] = token.split('.');
    if (!userId || !category || !signature || !(category in NOTIFICATION_CATEGORIES)) return undefined;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(userId, category);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { userId, category: category as NotificationCategory };
  }
}
