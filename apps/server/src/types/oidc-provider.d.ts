// oidc-provider ships no types and @types/oidc-provider is not installed: these declarations
// cover only what src/idp uses, checked against oidc-provider 9.13's source.
declare module 'oidc-provider' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Client {
    clientId: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Session {
    accountId?: string;
    /** When the account signed in (seconds since the epoch). */
    loginTs?: number;
    /** The clients signed in to through this session. */
    authorizations?: Record<string, { sid?: string; grantId?: string }>;
    grantIdFor(clientId: string): string | undefined;
    sidFor(clientId: string): string | undefined;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    getResourceScope(resource: string): string;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }

  export interface IdTokenConstructor {
    /** Signature, `iss`, `aud` and algorithm; not the expiry (as for an id_token_hint). */
    validate(jwt: string, client: Client): Promise<{ payload: Record<string, unknown> }>;
  }

  export interface Token {
    kind: string;
    accountId?: string;
  }

  export interface RefreshToken extends Token {
    /** When the sign-in the token belongs to began (epoch seconds); kept through rotations. */
    authTime?: number;
    /** When the first token of its chain of rotations was issued (epoch seconds). */
    iiat?: number;
    /** The uid of the session it belongs to. */
    sessionUid?: string;
  }

  export interface OIDCContext {
    route: string;
    params: Record<string, unknown>;
    session: Session;
    client?: Client;
    account?: Account;
    result?: { consent?: { grantId?: string } };
    entities: Record<string, unknown>;
    provider: Provider;
  }

  /** The Koa context, as far as the configuration's callbacks use it. */
  export interface KoaContextWithOIDC {
    /** Absent outside the provider's own routes. */
    oidc: OIDCContext;
    body: unknown;
    type: string;
    status: number;
    host: string;
    method: string;
    /** The request's path below the provider's mount, and its query (Koa's). */
    originalUrl: string;
    set(field: string, value: string): void;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
  }

  type Awaitable<T> = T | Promise<T>;
  type Ttl =
    number | ((ctx: KoaContextWithOIDC, token: Token & Record<string, unknown>, client: Client) => number);
  type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

  export interface Configuration {
    adapter: new (model: string) => Adapter;
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: {
      keys: string[];
      names?: Record<'session' | 'interaction' | 'resume', string>;
      long?: Record<string, unknown>;
      short?: Record<string, unknown>;
    };
    claims: Record<string, string[] | null>;
    scopes: string[];
    responseTypes: string[];
    /** Authorization request parameters beyond the standard ones, kept in the interaction's params. */
    extraParams?: string[];
    clientDefaults?: Record<string, unknown>;
    conformIdTokenClaims?: boolean;
    pkce: { required: () => boolean };
    features: Record<string, Record<string, unknown>>;
    ttl: Record<string, Ttl>;
    findAccount: (ctx: KoaContextWithOIDC, sub: string) => Promise<Account | undefined>;
    loadExistingGrant: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    issueRefreshToken: (ctx: KoaContextWithOIDC, client: Client, code: Token) => Awaitable<boolean>;
    extraTokenClaims: (ctx: KoaContextWithOIDC, token: Token) => Promise<Record<string, unknown> | undefined>;
    interactions: { url: (ctx: KoaContextWithOIDC, interaction: Interaction) => Awaitable<string> };
    clientBasedCORS: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    renderError: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Awaitable<void>;
  }

  export class Provider extends EventEmitter {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    /** Koa's: trust X-Forwarded-* headers. */
    proxy: boolean;
    readonly Grant: GrantConstructor;
    readonly IdToken: IdTokenConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    /** Koa middleware around every request the provider handles. */
    use(middleware: Middleware): void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
  };

  export default Provider;
}
