import type { EtagCache } from './etag-cache.js';
import { isErrorBody, MastheadError, retryAfterSeconds } from './errors.js';

/** What every call shares: where, with which key, how, and how much it may cost. */
export interface Transport {
  /** The server's address without a trailing slash, e.g. https://cms.example.com. */
  base: string;
  key: string;
  keyIn: 'header' | 'query';
  fetch: typeof fetch;
  timeoutMs: number;
  maxBodyBytes: number;
  cache: EtagCache | null;
  now: () => number;
}

export interface RequestOptions {
  /** Aborts the call; the abort's own error is thrown as it is. */
  signal?: AbortSignal;
}

/** Error bodies are short; an answer that says otherwise is not read past this. */
const MAX_ERROR_BYTES = 64 * 1024;
/** Query parameters whose values are secrets: never in an error, a log or a cache key. */
const SECRET_PARAMETERS = ['key', 'token'];

/** The call as errors show it: the path and its query, secrets replaced by "…". */
function shown(path: string, query: URLSearchParams) {
  const visible = new URLSearchParams(query);
  for (const name of SECRET_PARAMETERS) if (visible.has(name)) visible.set(name, '…');
  const text = visible.toString().replaceAll('%E2%80%A6', '…');
  return text ? `${path}?${text}` : path;
}

/** A network error in a line: Node's fetch says "fetch failed" and puts the reason in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

const noAnswer = (call: string, message: string, cause?: unknown) =>
  new MastheadError(0, null, call, `${call}: ${message}`, null, { cause });

/** The body as text, read no further than `limit` bytes (an answer is never trusted to be small). */
async function readBody(
  response: Response,
  limit: number,
  call: string,
): Promise<{ text: string; bytes: number }> {
  const tooLarge = () => noAnswer(call, `the answer is larger than ${limit} bytes`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!response.body) {
    const text = await response.text();
    return { text, bytes: new TextEncoder().encode(text).byteLength };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes), bytes: size };
}

/** An object parsed from JSON text, or null: the client reads fields of what it returns. */
function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function answerOf<T>(text: string, call: string, status: number): T {
  const value = parseObject(text);
  if (!value) throw new MastheadError(status, null, call, `${call}: the answer is not a JSON object`);
  return value as T;
}

/** The error for an answer that is not a 200 (nor a 304 to a revalidation). */
async function failure(response: Response, call: string): Promise<MastheadError> {
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  // A redirect is never followed: the key would go with it (and the API never redirects).
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    await response.body?.cancel().catch(() => {});
    return new MastheadError(
      response.status,
      null,
      call,
      `${call}: the server redirected (${response.status})`,
    );
  }
  let body = null;
  try {
    const parsed = parseObject((await readBody(response, MAX_ERROR_BYTES, call)).text);
    body = isErrorBody(parsed) ? parsed : null;
  } catch {
    // No readable body: the status says enough.
  }
  const reason = body ? body.detailedMessage : `the server answered ${response.status} without an error body`;
  return new MastheadError(response.status, body, call, `${call}: ${reason}`, retryAfter);
}

/**
 * A GET under /api/v1 that answers JSON. With a cache (and `cacheable`), a kept answer is used as
 * long as it is fresh, and revalidated with If-None-Match after that: a 304 costs no body.
 */
export async function getJson<T>(
  transport: Transport,
  path: string,
  query: URLSearchParams,
  options: RequestOptions & { cacheable: boolean },
): Promise<T> {
  const call = shown(path, query);
  const cache = options.cacheable ? transport.cache : null;
  const cached = cache?.get(call);
  if (cache && cached && cache.isFresh(cached, transport.now())) return answerOf<T>(cached.text, call, 200);

  const search = new URLSearchParams(query);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (transport.keyIn === 'query') search.set('key', transport.key);
  else headers.authorization = `Bearer ${transport.key}`;
  if (cached) headers['if-none-match'] = cached.etag;
  const queryText = search.toString();
  const url = `${transport.base}${path}${queryText ? `?${queryText}` : ''}`;

  // One signal for the caller's abort and the time limit, which covers reading the body too.
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    transport.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, transport.timeoutMs)
      : undefined;
  const callerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', callerAbort, { once: true });
  if (options.signal?.aborted) callerAbort();
  try {
    const response = await transport.fetch(url, {
      method: 'GET',
      headers,
      redirect: 'manual',
      signal: controller.signal,
    });
    if (response.status === 304 && cached) {
      await response.body?.cancel().catch(() => {});
      cache!.revalidated(call, cached, transport.now());
      return answerOf<T>(cached.text, call, 200);
    }
    if (response.status !== 200) throw await failure(response, call);
    const { text, bytes } = await readBody(response, transport.maxBodyBytes, call);
    const answer = answerOf<T>(text, call, 200);
    const etag = response.headers.get('etag');
    if (cache) {
      if (etag) cache.set(call, { etag, text, bytes, storedAt: transport.now() });
      else cache.delete(call);
    }
    return answer;
  } catch (error) {
    if (error instanceof MastheadError) throw error;
    if (options.signal?.aborted && !timedOut) throw error;
    if (timedOut) throw noAnswer(call, `no answer within ${transport.timeoutMs} ms`, error);
    throw noAnswer(call, `the request failed (${describe(error)})`, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', callerAbort);
  }
}
