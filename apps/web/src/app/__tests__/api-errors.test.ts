import { skipToken } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfoApi } from '../../features/domains/api/get-user-info.js';
import { skipUntilDomainSelected } from '../../lib/api.js';
import { API_BASE, jsonResponse, makeConfiguredStore, stubApi } from '../../test/render.js';
import { injectSignedInState } from '../signed-in-state.js';
import { makeStore } from '../store.js';

vi.mock('../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));

// The app injects the API when the signed-in area loads.
injectSignedInState();

const USER_INFO = { domains: [], memberships: [], name: 'Ada', email: 'ada@example.com' };

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('the API base query', () => {
  it('should call the apiBaseUri with the bearer token of the signed-in user', async () => {
    const api = stubApi({ 'GET /cms/user/info': () => jsonResponse(200, USER_INFO) });
    vi.stubGlobal('fetch', api.fetchStub);
    const store = makeConfiguredStore();

    const result = await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());

    expect(result.data).toEqual(USER_INFO);
    expect(api.calls[0]?.url).toBe(`${API_BASE}/cms/user/info`);
    expect(api.calls[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(store.getState().notification.visible).toBe(false);
  });

  it('should fail locally with 400 "No API base uri found" when the env config has none', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const store = makeStore();

    const result = await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());

    expect(fetchSpy).not.toHaveBeenCalled();
    expect(result.error).toEqual({ status: 400, statusText: 'Bad Request', data: 'No API base uri found' });
    expect(store.getState().notification).toMatchObject({
      visible: true,
      type: 'error',
      title: 'Error',
      description: ['Unknown error occurred'],
    });
  });

  it('should raise the error toast from the error body and log the rejected action', async () => {
    const body = { error: 'Forbidden', errors: ['You are not a member of: x.test'], detailedMessage: 'No.' };
    vi.stubGlobal('fetch', stubApi({ 'GET /cms/user/info': () => jsonResponse(403, body) }).fetchStub);
    const store = makeConfiguredStore();

    const result = await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());

    expect(result.error).toEqual({ status: 403, data: body });
    expect(store.getState().notification).toEqual({
      visible: true,
      type: 'error',
      title: 'Forbidden',
      description: ['You are not a member of: x.test'],
    });
    expect(log).toHaveBeenCalledWith('Request failed', { status: 403, data: body }, expect.anything());
  });

  it('should leave a 412 to the screen that sent If-Match: logged, but no toast', async () => {
    const body = { error: 'Precondition Failed', errors: [], detailedMessage: 'Changed meanwhile.' };
    vi.stubGlobal('fetch', stubApi({ 'GET /cms/user/info': () => jsonResponse(412, body) }).fetchStub);
    const store = makeConfiguredStore();

    const result = await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());

    expect(result.error).toEqual({ status: 412, data: body });
    expect(store.getState().notification.visible).toBe(false);
    expect(log).toHaveBeenCalledWith('Request failed', { status: 412, data: body }, expect.anything());
  });

  it('should report a network failure as FETCH_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const store = makeConfiguredStore();

    const result = await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());

    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(store.getState().notification).toMatchObject({ visible: true, type: 'error', title: 'Error' });
  });

  it('should report a body that is not JSON as PARSING_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('not json', { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const store = makeConfiguredStore();

    const result = await store.dispatch(userInfoApi.endpoints.getUserInfo.initiate());

    expect(result.error).toMatchObject({ status: 'PARSING_ERROR' });
  });
});

describe('skipUntilDomainSelected', () => {
  it('should skip until a domain with an id is selected, then build the arguments', () => {
    const build = (domain: string) => ({ domain, page: 0 });
    expect(skipUntilDomainSelected(undefined, build)).toBe(skipToken);
    expect(skipUntilDomainSelected({ domain: 'blog.example.com' }, build)).toBe(skipToken);
    expect(skipUntilDomainSelected({ id: 'd1', domain: 'blog.example.com' }, build)).toEqual({
      domain: 'blog.example.com',
      page: 0,
    });
  });
});
