import type { KoaContextWithOIDC, Session } from 'oidc-provider';

/** What a sign-out request's id_token_hint says, once its signature has been checked. */
export interface IdTokenClaims {
  sub?: unknown;
  iat?: unknown;
  sid?: unknown;
}

/**
 * Whether a verified id token was issued to `clientId` in this very session: for the session's
 * account, after it signed in, and (when the token names one) with the session's `sid`. A token of
 * another account, or from an earlier sign-in whose token leaked, does not match.
 */
export function idTokenMatchesSession(claims: IdTokenClaims, session: Session, clientId: string): boolean {
  const { accountId, loginTs } = session;
  if (!accountId || typeof loginTs !== 'number' || !session.authorizations?.[clientId]) return false;
  if (claims.sub !== accountId) return false;
  if (typeof claims.iat !== 'number' || claims.iat < loginTs) return false;
  return claims.sid === undefined || claims.sid === session.sidFor(clientId);
}

/**
 * True when a sign-out request (RP-initiated logout) may skip the confirmation page: it carries
 * an id_token_hint that we signed for our web app, in the current session. oidc-provider has
 * already refused a hint that does not verify before it asks for the page; the hint is verified
 * again here so that skipping the question never rests on that order alone.
 */
export async function logoutHintMatchesSession(ctx: KoaContextWithOIDC, clientId: string): Promise<boolean> {
  const { params, client, session, provider } = ctx.oidc;
  const hint = params.id_token_hint;
  if (typeof hint !== 'string' || !hint || client?.clientId !== clientId) return false;
  let claims: IdTokenClaims;
  try {
    ({ payload: claims } = await provider.IdToken.validate(hint, client));
  } catch {
    return false;
  }
  return idTokenMatchesSession(claims, session, clientId);
}
