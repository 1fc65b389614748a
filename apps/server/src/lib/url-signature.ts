import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA256 signatures for the local storage URLs. The signed text joins the fields with a
 * newline, which no field can contain (keys and types are checked, numbers are digits, and the
 * download name is cleaned of control characters), so two field lists never sign the same text.
 */
export function sign(secret: Buffer, fields: readonly string[]): string {
  return createHmac('sha256', secret).update(fields.join('\n')).digest('base64url');
}

/** Compares in constant time; a signature of the wrong length or alphabet is simply false. */
export function verify(secret: Buffer, fields: readonly string[], signature: string): boolean {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  const expected = Buffer.from(sign(secret, fields), 'base64url');
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
