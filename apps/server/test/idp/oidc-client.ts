import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const PUBLIC_URL = 'http://localhost:3000';
export const CLIENT_ID = 'masthead-web';
export const REDIRECT_URI = `${PUBLIC_URL}/authentication/callback`;
export const SCOPE = 'openid profile email offline_access';

interface StoredCookie {
  value: string;
  path: string;
}

/**
 * A browser without a browser: app.inject with a cookie jar, so that the provider's cookies
 * (session, interaction, resume) and our CSRF cookie travel as they would. Addresses may be absolute
 * (the provider redirects to PUBLIC_URL) or paths.
 */
export class TestBrowser {
  readonly jar = new Map<string, StoredCookie>();

  constructor(
    public app: FastifyInstance,
    /** The client address the server sees. */
    readonly remoteAddress = '127.0.0.1',
  ) {}

  /** RFC 6265 path matching: the cookie's path, or below it. */
  private cookieHeader(path: string) {
    const below = (cookiePath: string) =>
      path === cookiePath || path.startsWith(cookiePath.endsWith('/') ? cookiePath : `${cookiePath}/`);
    return [...this.jar]
      .filter(([, cookie]) => below(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const gone =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  async request(
    method: 'GET' | 'POST',
    address: string,
    options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(address, PUBLIC_URL);
    const headers: Record<string, string> = { host: url.host, accept: 'text/html', ...options.headers };
    const cookies = this.cookieHeader(url.pathname);
    if (cookies) headers.cookie = cookies;
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await this.app.inject({
      method,
      url: `${url.pathname}${url.search}`,
      headers,
      remoteAddress: this.remoteAddress,
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    this.remember(response);
    return response;
  }

  get(address: string, headers?: Record<string, string>) {
    return this.request('GET', address, headers ? { headers } : {});
  }

  post(address: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request('POST', address, headers ? { form, headers } : { form });
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(overrides: Record<string, string | undefined> = {}) {
  const params = new URLSearchParams();
  const values: Record<string, string | undefined> = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state: randomBytes(8).toString('hex'),
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.set(name, value);
  return `/oidc/auth?${params}`;
}

/** The CSRF token the sign-in form carries. */
export function csrfTokenOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no CSRF token in the page:\n${html}`);
  return match[1];
}

export function location(response: LightMyRequestResponse): string {
  const value = response.headers.location;
  if (typeof value !== 'string')
    throw new Error(`expected a redirect, got ${response.statusCode}: ${response.body}`);
  return value;
}

/** Starts an authorization request and follows it to the sign-in form. */
export async function openSignIn(browser: TestBrowser, overrides: Record<string, string | undefined> = {}) {
  const pkce = pkcePair();
  const start = await browser.get(
    authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256', ...overrides }),
  );
  if (start.statusCode !== 303)
    throw new Error(`authorization request refused: ${start.statusCode} ${start.body}`);
  const formUrl = location(start);
  const form = await browser.get(formUrl);
  return { pkce, formUrl, loginUrl: `${new URL(formUrl, PUBLIC_URL).pathname}/login`, form };
}

/** Posts the sign-in form; returns the response of the POST. */
export function submitLogin(
  browser: TestBrowser,
  loginUrl: string,
  fields: { email: string; password: string; csrf: string },
) {
  return browser.post(loginUrl, fields);
}

/** Follows redirects until one leaves the provider (the web app's callback), and returns its query. */
export async function followToCallback(browser: TestBrowser, response: LightMyRequestResponse) {
  let current = response;
  for (let hops = 0; hops < 5; hops++) {
    const next = new URL(location(current), PUBLIC_URL);
    if (!next.pathname.startsWith('/oidc/')) return next.searchParams;
    current = await browser.get(next.href);
  }
  throw new Error('too many redirects');
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** The token endpoint, called as the web app calls it: a public client, from PUBLIC_URL's origin. */
export async function tokenRequest(app: FastifyInstance, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      host: new URL(PUBLIC_URL).host,
      origin: PUBLIC_URL,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ client_id: CLIENT_ID, ...form }).toString(),
  });
}

/** The whole sign-in: authorization request, form, code exchange. */
export async function signIn(browser: TestBrowser, email: string, password: string) {
  const { pkce, loginUrl, form } = await openSignIn(browser);
  const submitted = await submitLogin(browser, loginUrl, { email, password, csrf: csrfTokenOf(form.body) });
  const callback = await followToCallback(browser, submitted);
  const code = callback.get('code');
  if (!code) throw new Error(`no code in the callback: ${callback}`);
  const response = await tokenRequest(browser.app, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: pkce.verifier,
  });
  if (response.statusCode !== 200)
    throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>();
}

/**
 * The sign-in the web app starts after an invitation or a reset page sent the browser on with a
 * first sign-in ticket (decision 055): through without the form, to the tokens.
 */
export async function signInWithTicket(browser: TestBrowser, redirect: string) {
  const binding = new URL(redirect).searchParams.get('signin_ticket');
  if (!binding) throw new Error(`no signin_ticket in ${redirect}`);
  const { pkce, form } = await openSignIn(browser, { signin_ticket: binding });
  if (form.statusCode !== 303) throw new Error(`the sign-in asked for the password: ${form.statusCode}`);
  const callback = await followToCallback(browser, form);
  const response = await tokenRequest(browser.app, {
    grant_type: 'authorization_code',
    code: callback.get('code')!,
    redirect_uri: REDIRECT_URI,
    code_verifier: pkce.verifier,
  });
  if (response.statusCode !== 200)
    throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenResponse>();
}
