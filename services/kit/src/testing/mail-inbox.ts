/** One message as the development mail server (MailDev) holds it. */
export interface InboxMessage {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name?: string }[];
  headers: Record<string, string>;
  date: string;
}

/**
 * The development mail server's REST API, for tests that read what PODZ sent. Every test sends
 * to addresses of its own, so tests running side by side never read each other's mail.
 */
export class MailInbox {
  constructor(readonly url: string = inboxUrl()) {}

  /** Every message to `address`, oldest first. */
  async messagesTo(address: string): Promise<InboxMessage[]> {
    const response = await fetch(`${this.url}/email`);
    if (!response.ok) throw new Error(`the mail inbox answered ${response.status}`);
    const all = (await response.json()) as InboxMessage[];
    const wanted = address.toLowerCase();
    return all.filter((message) => message.to.some((to) => to.address.toLowerCase() === wanted));
  }

  /** Waits for the `count`-th message to `address` that matches, and answers it. */
  async waitFor(
    address: string,
    match: (message: InboxMessage) => boolean = () => true,
    { timeoutMs = 15_000, count = 1 } = {},
  ): Promise<InboxMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.messagesTo(address)).filter(match);
      if (found.length >= count) return found[count - 1]!;
      if (Date.now() > deadline) {
        throw new Error(
          `no${count > 1 ? ` ${count}th` : ''} matching mail to ${address} within ${timeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** The first link in the message's text that starts with `prefix` (an origin and a path). */
export function linkIn(message: InboxMessage, prefix: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in "${message.subject}":\n${message.text}`);
  return link;
}

function inboxUrl(): string {
  const url = process.env.MAIL_INBOX_URL;
  if (!url) {
    throw new Error(
      'MAIL_INBOX_URL not set: run the tests with `npm test` (its global setup starts the development mail server) or point it at a MailDev web port',
    );
  }
  return url.replace(/\/$/, '');
}
