import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_MS = 86_400_000;

/**
 * An advertiser's report link: `<campaignId>.<expires ms>.<HMAC-SHA256>`, signed with a secret
 * only analytics holds. It reads one campaign's report without an account until it expires;
 * changing the secret ends every link given.
 */
export class ReportLinks {
  constructor(private readonly secret: string) {}

  private signature(campaignId: string, expires: number): Buffer {
    return createHmac('sha256', this.secret).update(`campaign-report:${campaignId}:${expires}`).digest();
  }

  token(campaignId: string, days: number, now: Date): { token: string; expiresAt: Date } {
    const expires = now.getTime() + days * DAY_MS;
    const signature = this.signature(campaignId, expires).toString('base64url');
    return { token: `${campaignId}.${expires}.${signature}`, expiresAt: new Date(expires) };
  }

  /** The campaign a token was signed for while it lasts; undefined when forged, altered or expired. */
  read(token: string, now: Date): string | undefined {
    const [campaignId, expiresText, signature] = token.split('.');
    const expires = Number(expiresText);
    if (!campaignId || !signature || !Number.isSafeInteger(expires)) return undefined;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(campaignId, expires);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return expires > now.getTime() ? campaignId : undefined;
  }
}
