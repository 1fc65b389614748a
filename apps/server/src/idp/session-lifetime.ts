import type { Db } from '../db/database.js';
import { extendPayloadExpiry, findPayload } from '../db/repositories/idp-payloads.repository.js';

/** How long a sign-in of the built-in provider lasts (decision 034). */
export interface SignInLifetime {
  /** A session unused this long needs a new sign-in (SESSION_IDLE_HOURS). */
  idleSeconds: number;
  /** The longest a sign-in lasts, however much it is used. */
  maxSeconds: number;
}

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Seconds a session, or a refresh token of its sign-in, may live from now: the idle limit, and never
 * past the end of the sign-in that began at `signedInAt` (epoch seconds).
 */
export function secondsLeft(lifetime: SignInLifetime, signedInAt: number | undefined, now = epochSeconds()) {
  const untilEnd = (signedInAt ?? now) + lifetime.maxSeconds - now;
  return Math.max(1, Math.min(lifetime.idleSeconds, untilEnd));
}

/**
 * A refresh is a use of the session it belongs to (the web app refreshes its tokens while it is
 * open, without any authorization request): the session's idle limit starts again. Only its expiry
 * changes, in place, so a session signed out meanwhile is never brought back.
 */
export async function keepSessionAlive(db: Db, sessionUid: string, lifetime: SignInLifetime) {
  const session = await findPayload(db, 'Session', { column: 'uid', value: sessionUid });
  if (!session) return;
  const loginTs = session.payload.loginTs;
  const exp = epochSeconds() + secondsLeft(lifetime, typeof loginTs === 'number' ? loginTs : undefined);
  await extendPayloadExpiry(db, 'Session', sessionUid, exp);
}
