import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { MastheadError } from '../../../../packages/client/src/index.js';
import type { TestContext } from '../helpers/test-app.js';

/**
 * The test app on a loopback port of its own: the client and the example site talk to the real
 * server over HTTP, as a website does. Closing the context closes the server.
 */
export async function listening(ctx: TestContext) {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

export interface SeenAnswer {
  url: string;
  status: number;
  cacheControl: string | null;
  authorization: boolean;
}

/** A fetch that records the status and Cache-Control of every real answer it passes on. */
export function recordingFetch() {
  const seen: SeenAnswer[] = [];
  const fetchAndRecord: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    seen.push({
      url: String(input),
      status: response.status,
      cacheControl: response.headers.get('cache-control'),
      authorization: headers.has('authorization'),
    });
    return response;
  };
  return { fetch: fetchAndRecord, seen };
}

/** The MastheadError a call fails with, checked to carry the server's error body. */
export async function refused(call: Promise<unknown>, status: number) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MastheadError);
  const failure = error as MastheadError;
  expect(failure.status, failure.message).toBe(status);
  expect(failure.body).not.toBeNull();
  expect(Object.keys(failure.body!).sort()).toEqual(['detailedMessage', 'error', 'errors']);
  expect(failure.message).toContain(failure.body!.detailedMessage);
  return failure;
}
