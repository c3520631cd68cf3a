import { renderEmail, type Email, type EmailContent, present } from '@podz/kit';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '@podz/proto';
import type { ContactRecord } from '../data/contacts';
import type { DigestItem } from '../data/digests';
import type { NotificationsDeps } from './notifications-deps';

const UNSUBSCRIBE_API = '/api/notifications/unsubscribe';
const UNSUBSCRIBE_PAGE = '/unsubscribe';

/**
 * A notification mail to one member: their greeting, and the small print with a signed link that
 * turns this category's mail off in one click, in the body and as `List-Unsubscribe` headers that
 * mail apps offer as a button (RFC 8058's one-click POST).
 */
function mailTo(
  deps: NotificationsDeps,
  contact: ContactRecord,
  category: NotificationCategory,
  content: Omit<EmailContent, 'greeting' | 'footer' | 'footerLink'>,
): Email {
  const origin = deps.config.PUBLIC_ORIGIN.replace(/\/$/, '');
  const token = deps.unsubscribe.token(contact._id, category);
  const rendered = renderEmail({
    ...content,
    greeting: `Hi ${contact.username},`,
    footer: [
      `You get this mail because "${NOTIFICATION_CATEGORIES[category].label}" is on in your PODZ settings.`,
    ],
    footerLink: { label: 'Unsubscribe from these mails', url: `${origin}${UNSUBSCRIBE_PAGE}?token=${token}` },
  });
  return {
    to: contact.email,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${origin}${UNSUBSCRIBE_API}?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export const absolute = (deps: NotificationsDeps, href: string) =>
  `${deps.config.PUBLIC_ORIGIN.replace(/\/$/, '')}${href}`;

/** A notification as it also appears in the bell: a request reviewed, an invitation, a credit. */
export function alertMail(
  deps: NotificationsDeps,
  contact: ContactRecord,
  category: NotificationCategory,
  notice: { title: string; body: string; href: string },
): Email {
  return mailTo(deps, contact, category, {
    subject: notice.title,
    paragraphs: [notice.title, ...(notice.body ? [notice.body] : [])],
    action: { label: 'Open PODZ', url: absolute(deps, notice.href) },
  });
}

/** The day's new episodes of the shows the member follows. */
export function digestMail(deps: NotificationsDeps, contact: ContactRecord, items: DigestItem[]): Email {
  const first = present(items[0], 'a digest item');
  const subject =
    items.length === 1
      ? `New on ${first.showName}: ${first.title}`
      : `${items.length} new episodes from the shows you follow`;
  return mailTo(deps, contact, 'episodes', {
    subject,
    paragraphs: [
      items.length === 1 ? 'A show you follow has a new episode:' : 'Shows you follow have new episodes:',
      ...items.map((item) => `${item.showName}: ${item.title} (${absolute(deps, item.href)})`),
    ],
    action: {
      label: items.length === 1 ? 'Listen now' : 'Listen to the first',
      url: absolute(deps, first.href),
    },
  });
}

/** A message that waited unread. The text stays in messaging: the mail says who, not what. */
export function messageMail(deps: NotificationsDeps, contact: ContactRecord, senderName: string): Email {
  return mailTo(deps, contact, 'messages', {
    subject: `${senderName} sent you a message on PODZ`,
    paragraphs: [`${senderName} sent you a message that is still unread.`],
    action: { label: 'Read it', url: absolute(deps, '/messages') },
  });
}
