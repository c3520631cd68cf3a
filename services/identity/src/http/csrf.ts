import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Double-submit CSRF tokens as NextAuth v4 does them: the cookie holds `token|signature`, the form
 * sends `token`. The signature (HMAC with a key derived from identity's private key, so no extra
 * secret to manage) stops a cookie planted from a sibling subdomain from passing.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(privateKey: string) {
    this.key = createHmac('sha256', 'podz-csrf').update(privateKey).digest();
  }

  private sign(token: string): string {
    return createHmac('sha256', this.key).update(token).digest('hex');
  }

  /** The token in a valid cookie, or a new one with the cookie value to set. */
  fromCookie(cookie: string | undefined): { token: string; cookie?: string } {
    const [token, signature] = (cookie ?? '').split('|');
    if (token && signature && safeEqual(signature, this.sign(token))) return { token };
    const fresh = randomBytes(32).toString('hex');
    return { token: fresh, cookie: `${fresh}|${this.sign(fresh)}` };
  }

  verify(cookie: string | undefined, submitted: string | undefined): boolean {
    const [token, signature] = (cookie ?? '').split('|');
    if (!token || !signature || !submitted) return false;
    return safeEqual(signature, this.sign(token)) && safeEqual(token, submitted);
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
