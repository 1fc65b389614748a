import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configReducer, loadAuthConfig, loadEnvConfig } from '../config-slice.js';

function makeConfigStore() {
  return configureStore({ reducer: { config: configReducer } });
}

function deferredResponse() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('config loading', () => {
  it('should go from idle through loading to succeeded with the auth config', async () => {
    const response = deferredResponse();
    const fetchMock = vi.fn((_input: URL | string) => response.promise);
    vi.stubGlobal('fetch', fetchMock);
    const store = makeConfigStore();
    expect(store.getState().config.auth.status).toBe('idle');

    const done = store.dispatch(loadAuthConfig());
    expect(store.getState().config.auth.status).toBe('loading');

    response.resolve(json(200, { authority: 'https://idp.test/oidc', clientId: 'masthead-web' }));
    await done;
    expect(store.getState().config.auth).toEqual({
      status: 'succeeded',
      data: { authority: 'https://idp.test/oidc', clientId: 'masthead-web' },
    });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`${window.location.origin}/config/auth_config.json`);
  });

  it('should keep the message when the server answers with an error status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(503, { error: 'Service Unavailable' })),
    );
    const store = makeConfigStore();
    await store.dispatch(loadAuthConfig());
    expect(store.getState().config.auth.status).toBe('failed');
    expect(store.getState().config.auth.error).toContain('503');
  });

  it('should fail when the document lacks a field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { env: 'prod', authority: 'a', clientId: 'c' })),
    );
    const store = makeConfigStore();
    await store.dispatch(loadEnvConfig());
    expect(store.getState().config.env).toMatchObject({ status: 'failed' });
    expect(store.getState().config.env.error).toContain('apiBaseUri');
  });

  it('should fail with the network error message when the request cannot be made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = makeConfigStore();
    await store.dispatch(loadEnvConfig());
    expect(store.getState().config.env).toEqual({ status: 'failed', error: 'Failed to fetch' });
  });

  it('should request each config only while it is idle', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, { env: 'test', apiBaseUri: 'https://api.test', authority: 'a', clientId: 'c' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = makeConfigStore();
    await Promise.all([store.dispatch(loadEnvConfig()), store.dispatch(loadEnvConfig())]);
    await store.dispatch(loadEnvConfig());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.getState().config.env.data?.apiBaseUri).toBe('https://api.test');
  });
});
