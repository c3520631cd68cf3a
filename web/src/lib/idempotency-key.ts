/**
 * A key for the `Idempotency-Key` header: one per thing the user means to do once (a draft, a
 * new show, a picked file), so a resend after a lost answer is not done twice. getRandomValues
 * works on plain-http deployments too, where crypto.randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
