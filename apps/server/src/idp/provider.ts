import Provider, { errors, type Grant, type KoaContextWithOIDC, type RefreshToken } from 'oidc-provider';
import type { Db } from '../db/database.js';
import { findAccountById } from '../db/repositories/idp-accounts.repository.js';
import { SIGN_IN_TICKET_PARAM } from '@masthead/contract';
import { SIGN_OUT_MARK_CLAIM } from '../lib/token-verifier.js';
import { SIGNING_ALGORITHM, type IdpKeys } from './keys.js';
import { PAGE_CSP } from './pages/layout.js';
import { logoutHintMatchesSession } from './logout-hint.js';
import {
  SIGNING_OUT_CSP,
  errorPage,
  logoutPage,
  logoutSuccessPage,
  signingOutPage,
} from './pages/provider-pages.js';
import { payloadAdapter } from './payload-adapter.js';
import { keepSessionAlive, secondsLeft, type SignInLifetime } from './session-lifetime.js';

/** Everything the web app asks for (spec §7); the only client is first-party, so all is granted. */
export const SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const SCOPE = SCOPES.join(' ');
export const ACCESS_TOKEN_TTL = 15 * 60;
const DAY = 24 * 60 * 60;
/** The longest a sign-in lasts, used or not: the session, its grant and its refresh tokens. */
const SIGN_IN_TTL = 14 * DAY;
export const INTERACTION_PATH = '/oidc/interaction';

export interface ProviderOptions {
  db: Db;
  publicUrl: string;
  clientId: string;
  /** The `aud` of access tokens (OIDC_AUDIENCE). */
  audience: string;
  keys: IdpKeys;
  /** A session unused this long needs a new sign-in (SESSION_IDLE_HOURS). */
  sessionIdleSeconds: number;
}

export const issuerOf = (publicUrl: string) => `${publicUrl}/oidc`;

/**
 * The built-in OpenID provider (DESIGN §1): authorization code with PKCE (S256) for one public
 * client, JWT access tokens for the API, refresh tokens with rotation, RP-initiated logout, and
 * everything it stores in the database. Its login page is ours (plugins/app/idp), not devInteractions.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { db, publicUrl, clientId, audience, keys } = options;
  const lifetime: SignInLifetime = { idleSeconds: options.sessionIdleSeconds, maxSeconds: SIGN_IN_TTL };
  // Resource indicators must be absolute URIs; the API's own address names it, `aud` stays OIDC_AUDIENCE.
  const apiResource = `${publicUrl}/cms`;
  const html = (ctx: KoaContextWithOIDC, body: string, csp = PAGE_CSP) => {
    ctx.type = 'html';
    ctx.set('Content-Security-Policy', csp);
    ctx.body = body;
  };

  const provider = new Provider(issuerOf(publicUrl), {
    adapter: payloadAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Masthead',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/authentication/callback`],
        post_logout_redirect_uris: [publicUrl, `${publicUrl}/`],
        id_token_signed_response_alg: SIGNING_ALGORITHM,
      },
    ],
    jwks: { keys: keys.signing as Record<string, unknown>[] },
    cookies: {
      keys: keys.cookie,
      names: { session: 'masthead_session', interaction: 'masthead_interaction', resume: 'masthead_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
    scopes: SCOPES,
    // The first sign-in ticket's binding (decision 055), kept with the interaction it starts.
    extraParams: [SIGN_IN_TICKET_PARAM],
    responseTypes: ['code'],
    clientDefaults: { id_token_signed_response_alg: SIGNING_ALGORITHM },
    // The web app does not load userinfo (spec §7): the id token carries the profile itself.
    conformIdTokenClaims: false,
    // Every request needs PKCE; oidc-provider 9 accepts S256 only, so `plain` is refused too.
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // One click signs out, as with Keycloak, when the request carries the id token we gave the
        // web app in this very session, which another site does not have. Anything else (no hint,
        // another account's, an earlier sign-in's) is asked about: any site can send a browser here.
        logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
          if (await logoutHintMatchesSession(ctx, clientId)) html(ctx, signingOutPage(form), SIGNING_OUT_CSP);
          else html(ctx, logoutPage(form));
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => html(ctx, logoutSuccessPage(publicUrl)),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        // Refresh and code exchanges keep the API as audience even though `openid` is in scope.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== apiResource) throw new errors.InvalidTarget();
          return {
            scope: SCOPE,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALGORITHM } },
          };
        },
      },
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      // A session is saved again by every request that uses it, each time for the idle limit (up to
      // the end of its sign-in); unused for longer, it is gone and the next request needs the form.
      Session: (_ctx, session) => secondsLeft(lifetime, (session as { loginTs?: number }).loginTs),
      Grant: SIGN_IN_TTL,
      // Each rotation gives the new refresh token the idle limit again, never past the end of the
      // sign-in (its authTime), so a stolen one cannot be kept alive for ever by refreshing it.
      RefreshToken: (_ctx, token) => {
        const { authTime, iiat } = token as RefreshToken;
        return secondsLeft(lifetime, authTime ?? iiat);
      },
    },
    async findAccount(_ctx, sub) {
      const account = await findAccountById(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        // People cannot change their e-mail; it is verified when the account has shown that it owns
        // the mailbox or the operator made it (decision 055).
        claims: () => ({
          sub: account.id,
          email: account.email,
          email_verified: account.email_verified,
          name: account.name,
        }),
      };
    },
    // The API knows a user by e-mail (DESIGN §2): access tokens carry it, so it never asks userinfo.
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = await findAccountById(db, token.accountId);
      if (!account) return undefined;
      // The mark this token is issued under: a sign-out everywhere after this moment voids it.
      const mark = account.tokens_valid_after?.getTime() ?? 0;
      return {
        email: account.email,
        email_verified: account.email_verified,
        name: account.name,
        [SIGN_OUT_MARK_CLAIM]: mark,
      };
    },
    loadExistingGrant: (ctx) => firstPartyGrant(ctx, clientId, apiResource),
    // oidc-provider honours offline_access only with prompt=consent, which a first-party app never
    // shows. The web app still gets a refresh token, bound to the sign-in session: it renews the
    // access token silently, and signing out (or the session expiring) ends it.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // The web app calls the token endpoint from PUBLIC_URL's origin, and only from there.
    clientBasedCORS: (_ctx, origin) => origin === new URL(publicUrl).origin,
    renderError: (ctx, out) =>
      html(
        ctx,
        errorPage({
          title: 'Sign-in problem',
          message: 'Masthead could not complete this sign-in request. Go back to Masthead and try again.',
          homeUrl: publicUrl,
          detail: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
        }),
      ),
  });
  // The provider builds its URLs and cookie flags from the request; plugins/app/idp makes the
  // request look as PUBLIC_URL addresses it, through these headers.
  provider.proxy = true;
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200) return;
    const { sessionUid } = (ctx.oidc.entities.RefreshToken ?? {}) as RefreshToken;
    if (sessionUid) await keepSessionAlive(db, sessionUid, lifetime);
  });
  return provider;
}

/**
 * Masthead's own web app is the only client, so it never shows a consent screen: the grant for it
 * covers every scope it may ask for, for the signed-in account, and is created on first sign-in.
 */
async function firstPartyGrant(ctx: KoaContextWithOIDC, clientId: string, apiResource: string) {
  const { oidc } = ctx;
  const accountId = oidc.session.accountId;
  if (!accountId || oidc.client?.clientId !== clientId) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(clientId);
  let grant: Grant | undefined = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant?.accountId !== accountId) grant = new oidc.provider.Grant({ accountId, clientId });
  const has = (granted: string) => SCOPES.every((scope) => granted.split(' ').includes(scope));
  if (!grant.jti || !has(grant.getOIDCScope()) || !has(grant.getResourceScope(apiResource))) {
    grant.addOIDCScope(SCOPE);
    grant.addResourceScope(apiResource, SCOPE);
    await grant.save();
  }
  return grant;
}
