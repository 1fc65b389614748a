import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { MastheadError, retryAfterSeconds } from '../errors.js';
import { errorBody, fakeFetch, json, KEY, type Answer } from './fake-fetch.js';

const client = (answers: Answer[], options: { timeoutMs?: number; maxBodyBytes?: number } = {}) =>
  createClient({
    baseUrl: 'https://cms.example.com',
    key: KEY,
    keyIn: 'query',
    ...options,
    ...fakeFetch(...answers),
  });

/** The error a call fails with; the test fails when the call succeeds. */
async function failure(call: Promise<unknown>): Promise<MastheadError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MastheadError);
  return error as MastheadError;
}

describe('errors', () => {
  it('should carry the error body and the status', async () => {
    const error = await failure(
      client([errorBody(404, 'Not Found', 'Post not found')]).postBySlug('missing'),
    );
    expect(error.status).toBe(404);
    expect(error.body).toEqual({
      error: 'Not Found',
      errors: ['Post not found'],
      detailedMessage: 'Post not found.',
    });
    expect(error.path).toBe('/api/v1/posts/slug/missing');
    expect(error.message).toBe('/api/v1/posts/slug/missing: Post not found.');
  });

  it('should never show the key or a preview token, in the message or the path', async () => {
    const error = await failure(client([errorBody(404, 'Not Found', 'No preview')]).preview('mhp_secret'));
    expect(`${error.message} ${error.path}`).not.toMatch(/mhp_secret|mhk_/);
    expect(error.path).toBe('/api/v1/preview?token=…');
  });

  it('should give the seconds of Retry-After on 429 and 503', async () => {
    const busy = json({ error: 'Too Many Requests', errors: ['x'], detailedMessage: 'Slow down.' }, 429, {
      'retry-after': '17',
    });
    expect((await failure(client([busy]).tags())).retryAfter).toBe(17);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('2015-10-21T07:28:00Z'))).toBe(30);
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});

describe('answers that are not the API', () => {
  it.each([
    ['a proxy page', new Response('<html>Bad gateway</html>', { status: 502 }), 502],
    ['JSON that is no error body', json({ message: 'nope' }, 500), 500],
    ['an error body of the wrong shape', json({ error: 1, errors: 'x', detailedMessage: [] }, 400), 400],
    ['no body', new Response(null, { status: 401 }), 401],
  ])('should fail with a MastheadError and no body on %s', async (_name, answer, status) => {
    const error = await failure(client([answer]).posts());
    expect(error.status).toBe(status);
    expect(error.body).toBeNull();
    expect(error.message).toMatch(new RegExp(`answered ${status} without an error body`));
  });

  it.each([
    ['text', new Response('hello')],
    ['a JSON array', json([1, 2])],
    ['JSON null', json(null)],
    ['half a document', new Response('{"posts": [')],
  ])('should fail with a MastheadError on a 200 of %s', async (_name, answer) => {
    const error = await failure(client([answer]).posts());
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/not a JSON object/);
  });

  it('should not follow a redirect, and say so', async () => {
    const moved = new Response(null, { status: 302, headers: { location: 'https://evil.example/' } });
    const error = await failure(client([moved]).posts());
    expect(error.status).toBe(302);
    expect(error.message).toMatch(/redirected/);
  });

  it('should stop reading an answer past maxBodyBytes, declared or streamed', async () => {
    const declared = () => new Response('{}', { headers: { 'content-length': '999999' } });
    expect((await failure(client([declared], { maxBodyBytes: 1000 }).posts())).message).toMatch(
      /larger than 1000 bytes/,
    );
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode('x'.repeat(100)));
      },
    });
    const error = await failure(client([() => new Response(endless)], { maxBodyBytes: 1000 }).posts());
    expect(error.status).toBe(0);
    expect(pulled).toBeLessThan(20);
  });

  it('should give up after timeoutMs, and pass the caller’s own abort through', async () => {
    const never = (call: { signal: AbortSignal | undefined }) =>
      new Promise<Response>((_resolve, reject) =>
        call.signal!.addEventListener('abort', () => reject(call.signal!.reason)),
      );
    const slow = await failure(client([never], { timeoutMs: 20 }).posts());
    expect(slow.status).toBe(0);
    expect(slow.message).toMatch(/no answer within 20 ms/);

    const controller = new AbortController();
    const call = client([never]).posts({}, { signal: controller.signal });
    controller.abort(new Error('navigated away'));
    await expect(call).rejects.toThrow('navigated away');
  });

  it('should wrap a network failure', async () => {
    const down = () => Promise.reject(new TypeError('fetch failed'));
    const error = await failure(client([down]).posts());
    expect(error.status).toBe(0);
    expect(error.message).toBe('/api/v1/posts: the request failed (fetch failed)');
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('changes()', () => {
  const page = (ids: string[], next: string) =>
    json({
      changes: ids.map((id) => ({ type: 'upsert', id, slug: id, at: '2026-01-01T00:00:00.000Z' })),
      next,
    });

  it('should follow next until a page is empty, and yield that page with its cursor', async () => {
    const { fetch, calls } = fakeFetch(page(['a', 'b'], 'c1'), page(['c'], 'c2'), page([], 'c2'));
    const pages = [];
    for await (const p of createClient({ baseUrl: 'https://cms.example.com', key: KEY, fetch }).changes({
      limit: 2,
    }))
      pages.push(p);
    expect(pages.map((p) => [p.changes.map((c) => c.id), p.next])).toEqual([
      [['a', 'b'], 'c1'],
      [['c'], 'c2'],
      [[], 'c2'],
    ]);
    expect(calls.map((c) => new URL(c.url).search)).toEqual([
      '?limit=2',
      '?since=c1&limit=2',
      '?since=c2&limit=2',
    ]);
  });

  it('should fail on a page without changes or next, and on a cursor that does not move', async () => {
    const read = async (answers: Answer[]) => {
      for await (const _ of client(answers).changes({ since: 's' }));
    };
    expect((await failure(read([json({ changes: 'x', next: 'n' })]))).message).toMatch(/no changes or next/);
    expect((await failure(read([json({ changes: [] })]))).message).toMatch(/no changes or next/);
    expect((await failure(read([page(['a'], 's')]))).message).toMatch(/did not move/);
  });

  it('should carry a 410 for a cursor too old', async () => {
    const gone = await failure(
      (async () => {
        for await (const _ of client([errorBody(410, 'Gone', 'since: too old')]).changes({ since: 'old' }));
      })(),
    );
    expect(gone.status).toBe(410);
    expect(gone.body?.errors).toEqual(['since: too old']);
  });
});
