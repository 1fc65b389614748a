import {
  createRemoteJWKSet,
  errors as joseErrors,
  jwtVerify,
  type CompactJWSHeaderParameters,
  type FlattenedJWSInput,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { LRUCache } from 'lru-cache';

/** Asymmetric algorithms only: a shared-secret (HS*) or "none" token is never accepted. */
export const ACCEPTED_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const CLOCK_TOLERANCE_SECONDS = 5;
/**
 * A verified token's user is remembered until its `exp`, and for at most 5 minutes, so that a
 * signing key the provider withdraws stops working about as soon as jose's JWKS cache forgets it.
 */
const VERIFIED_MAX_AGE_MS = 5 * 60_000;
/** Enough for every signed-in user of a large back office; a few MB at most (see maxSize). */
const VERIFIED_MAX_TOKENS = 10_000;
const VERIFIED_MAX_CHARS = 16 * 1024 * 1024;
/** A provider that does not answer in time is unavailable (jose's own JWKS timeout is the same). */
const PROVIDER_TIMEOUT_MS = 5_000;

/**
 * The built-in provider's access tokens carry the account's `tokens_valid_after` (ms) at their issue,
 * 0 when there was none: a later mark voids them (decision 054). Second-precision `iat` could not
 * tell a token issued just before a sign-out from one issued in the same second after it.
 */
export const SIGN_OUT_MARK_CLAIM = 'sign_out_mark';

export interface VerifiedUser {
  sub: string;
  email: string;
  name: string;
  /**
   * The e-mail stands for its mailbox's owner: memberships given to the address apply (decision
   * 055). False only for a built-in account that has not shown it owns the mailbox.
   */
  ownsEmail: boolean;
  /** The built-in provider's account (its `sub`), to which memberships may be bound; none otherwise. */
  accountId?: string;
  /** The token's SIGN_OUT_MARK_CLAIM, when it is a number. */
  signOutMark?: number;
}

export class InvalidTokenError extends Error {}
export class ProviderUnavailableError extends Error {}
/** A valid token whose e-mail the provider does not vouch for: it cannot stand for a member. */
export class UnverifiedEmailError extends Error {
  constructor(readonly email: string) {
    super(`The identity provider has not verified the e-mail address ${email}`);
  }
}

interface Discovery {
  issuer: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
}

export interface TokenVerifierOptions {
  authority: string;
  audience: string;
  /** For tests and the built-in provider: fetch with a different implementation. */
  fetch?: typeof fetch;
  /** How long discovery and userinfo may take; 5 s by default. */
  timeoutMs?: number;
  /** The clock, in milliseconds (tests use a fake one); Date.now by default. */
  now?: () => number;
  /**
   * The built-in provider's issuer and public keys, handed over in-process: its tokens are then
   * checked without any request (PUBLIC_URL may not be reachable from inside), with the same checks.
   */
  local?: KeySource;
  /**
   * Members are known by e-mail, so only an e-mail the provider has verified stands for one:
   * `email_verified: true` in the token or, when the token does not say, in userinfo's answer
   * (OIDC_REQUIRE_VERIFIED_EMAIL; true by default).
   */
  requireVerifiedEmail?: boolean;
}

/** Where tokens come from: the issuer they must name and the keys that sign them. */
export interface KeySource {
  issuer: string;
  keys: JWTVerifyGetKey;
  userinfoEndpoint?: string;
  /**
   * Every account's e-mail is vouched for (the built-in provider's accounts are made by an
   * administrator): a token that does not say email_verified is read as verified.
   */
  vouchesForEmails?: boolean;
  /**
   * Tokens name the built-in provider's accounts (`sub` is the account's id). One whose
   * email_verified is false is admitted, with only the memberships given to that account (decision 055).
   */
  bindsAccounts?: boolean;
}

/** What the provider says of the user: from the token, or else from userinfo. */
interface Profile {
  email: string;
  name?: string;
  emailVerified: boolean;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Checks bearer tokens against the provider's discovery document and JWKS (DESIGN §2):
 * signature, iss, aud, exp and nbf. The discovery document is fetched once; jose caches the
 * keys and refetches them when a token names an unknown key id.
 */
export class TokenVerifier {
  private discovery?: Promise<Discovery>;
  private jwks?: ReturnType<typeof createRemoteJWKSet>;
  private readonly userinfoCache = new LRUCache<string, Profile>({
    max: 10_000,
    ttl: 5 * 60_000,
  });
  /**
   * Tokens that passed every check, keyed by the whole token string, with the instant (ms) they
   * stop being trusted without a new check. Failures are never kept: a refused token is checked
   * again on every request. Verifying an ES256 signature is the largest fixed cost of a request.
   */
  private readonly verified = new LRUCache<string, { user: VerifiedUser; until: number }>({
    max: VERIFIED_MAX_TOKENS,
    maxSize: VERIFIED_MAX_CHARS,
    sizeCalculation: (_value, token) => token.length,
  });
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: TokenVerifierOptions) {
    this.fetch = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  async verify(token: string): Promise<VerifiedUser> {
    const cached = this.verified.get(token);
    if (cached) {
      if (this.now() < cached.until) return cached.user;
      this.verified.delete(token);
    }
    const { user, exp } = await this.check(token);
    // Strictly before exp, without the clock tolerance: the cache never accepts a token that the
    // full check would refuse. From exp on, every request is checked in full again.
    const until = Math.min(exp * 1000, this.now() + VERIFIED_MAX_AGE_MS);
    if (this.now() < until) this.verified.set(token, { user, until });
    return user;
  }

  private async check(token: string): Promise<{ user: VerifiedUser; exp: number }> {
    const source = await this.keySource();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, (header, input) => providerKey(source.keys, header, input), {
        issuer: source.issuer,
        audience: this.options.audience,
        algorithms: ACCEPTED_ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout)
        throw new ProviderUnavailableError('The identity provider timed out');
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw new InvalidTokenError(describeJoseError(error));
      }
      throw error;
    }
    const sub = String(payload.sub);
    // requiredClaims made jose check that exp is there and a number.
    const exp = Number(payload.exp);
    const profile = await this.profile(token, payload, source);
    const trustsAnyEmail = !source.bindsAccounts && this.options.requireVerifiedEmail === false;
    if (!profile.emailVerified && !source.bindsAccounts && !trustsAnyEmail) {
      throw new UnverifiedEmailError(profile.email.toLowerCase());
    }
    const name = typeof payload.name === 'string' ? payload.name : undefined;
    const email = profile.email.toLowerCase();
    const mark = payload[SIGN_OUT_MARK_CLAIM];
    const user: VerifiedUser = {
      sub,
      email,
      name: name ?? profile.name ?? profile.email,
      ownsEmail: profile.emailVerified || trustsAnyEmail,
    };
    if (source.bindsAccounts) user.accountId = sub;
    if (typeof mark === 'number') user.signOutMark = mark;
    return { user, exp };
  }

  /**
   * The token's e-mail when it carries one that is verified (or when verification is not asked
   * for); otherwise userinfo's answer, which says both the e-mail and whether it is verified.
   */
  private async profile(token: string, payload: JWTPayload, source: KeySource): Promise<Profile> {
    const email = typeof payload.email === 'string' && payload.email ? payload.email : undefined;
    const said = payload.email_verified;
    const emailVerified = said === true || (said === undefined && source.vouchesForEmails === true);
    if (email && (emailVerified || said !== undefined || this.options.requireVerifiedEmail === false)) {
      return { email, emailVerified };
    }
    // No e-mail, or one the token says nothing about: only userinfo can tell.
    if (!email) return this.userinfo(token, String(payload.sub), source.userinfoEndpoint);
    if (!source.userinfoEndpoint) return { email, emailVerified: false };
    try {
      return await this.userinfo(token, String(payload.sub), source.userinfoEndpoint);
    } catch (error) {
      // Userinfo will not tell: the e-mail stands, unverified.
      if (error instanceof InvalidTokenError) return { email, emailVerified: false };
      throw error;
    }
  }

  private async keySource(): Promise<KeySource> {
    if (this.options.local) return this.options.local;
    const discovery = await this.loadDiscovery();
    const jwks = (this.jwks ??= createRemoteJWKSet(new URL(discovery.jwks_uri)));
    return { issuer: discovery.issuer, keys: jwks, userinfoEndpoint: discovery.userinfo_endpoint };
  }

  private loadDiscovery(): Promise<Discovery> {
    this.discovery ??= this.fetchDiscovery().catch((error: unknown) => {
      this.discovery = undefined; // try again on the next request
      throw error;
    });
    return this.discovery;
  }

  private async fetchDiscovery(): Promise<Discovery> {
    const authority = trimSlash(this.options.authority);
    const response = await this.fetch(`${authority}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new ProviderUnavailableError(`The identity provider at ${authority} could not be reached`, {
        cause: error,
      });
    });
    if (!response.ok) throw new ProviderUnavailableError(`The identity provider answered ${response.status}`);
    const document = (await response.json()) as Partial<Discovery>;
    if (typeof document.issuer !== 'string' || typeof document.jwks_uri !== 'string') {
      throw new ProviderUnavailableError('The discovery document has no issuer or jwks_uri');
    }
    if (trimSlash(document.issuer) !== authority) {
      throw new ProviderUnavailableError(
        `The discovery document names issuer ${document.issuer}, not ${authority}`,
      );
    }
    return document as Discovery;
  }

  /** Ask the provider once per subject, and remember the answer. */
  private async userinfo(token: string, sub: string, endpoint: string | undefined): Promise<Profile> {
    const cached = this.userinfoCache.get(sub);
    if (cached) return cached;
    if (!endpoint) throw new InvalidTokenError('The access token carries no e-mail');
    // An unreachable or failing provider is a 503, not a bad token (nor a 500).
    const unavailable = (cause?: unknown) =>
      new ProviderUnavailableError('The identity provider did not answer the userinfo request', { cause });
    const response = await this.fetch(endpoint, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(this.options.timeoutMs ?? PROVIDER_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw unavailable(error);
    });
    if (response.status >= 500) throw unavailable();
    if (!response.ok)
      throw new InvalidTokenError('The access token carries no e-mail and userinfo refused it');
    const body = (await response.json().catch((error: unknown) => {
      throw unavailable(error);
    })) as { sub?: string; email?: string; name?: string; email_verified?: unknown };
    if (body.sub !== sub || typeof body.email !== 'string' || !body.email) {
      throw new InvalidTokenError('The access token carries no e-mail and userinfo gave none');
    }
    const info: Profile = {
      email: body.email,
      emailVerified: body.email_verified === true,
      ...(typeof body.name === 'string' && body.name ? { name: body.name } : {}),
    };
    this.userinfoCache.set(sub, info);
    return info;
  }
}

/** Errors of the key lookup that are the token's fault; any other failure is the provider's. */
const TOKEN_KEY_ERRORS = [
  joseErrors.JWKSNoMatchingKey,
  joseErrors.JWKSMultipleMatchingKeys,
  joseErrors.JOSENotSupported,
];

/** The JWKS lookup, with a key set that cannot be fetched or read reported as the provider's fault (503). */
async function providerKey(
  jwks: JWTVerifyGetKey,
  header: CompactJWSHeaderParameters,
  input: FlattenedJWSInput,
) {
  try {
    return await jwks(header, input);
  } catch (error) {
    if (TOKEN_KEY_ERRORS.some((type) => error instanceof type)) throw error;
    throw new ProviderUnavailableError("The identity provider's signing keys could not be loaded", {
      cause: error,
    });
  }
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'The access token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed)
    return `The access token's ${error.claim} claim is not valid`;
  if (error instanceof joseErrors.JWSSignatureVerificationFailed)
    return 'The access token signature is not valid';
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return 'The access token is signed with an algorithm that is not accepted';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'The access token is signed with an unknown key';
  return 'The access token is not valid';
}
