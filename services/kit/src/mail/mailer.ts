import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logging/logger';

export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/**
 * Sends mail through one SMTP server. Only the kind of mail (`sign-in link`, `digest`) and the
 * outcome are logged: bodies carry sign-in and reset links, which must never reach a log.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(kind: string, email: Email): Promise<void> {
    const started = Date.now();
    await this.transport.sendMail({ from: this.from, ...email });
    this.logger.info({ kind, ms: Date.now() - started }, 'mail sent');
  }

  /**
   * Writes and sends the mail after the caller has answered; `compose` may decide there is none.
   * An answer that waited for the store and SMTP would take longer for an address with an
   * account than for one without, and tell them apart.
   */
  sendLater(kind: string, compose: () => Promise<Email | undefined>): void {
    const sending: Promise<void> = compose()
      .then((email) => (email ? this.send(kind, email) : undefined))
      .catch((err: unknown) => this.logger.error({ err, kind }, 'mail not sent'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Waits for mail still on its way, then closes the connection. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport.close();
  }
}
