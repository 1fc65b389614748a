import { afterEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { API_BASE, jsonResponse, makeConfiguredStore, stubApi } from '../../../test/render.js';
import { previewsApi } from '../api/previews-api.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();
afterEach(() => vi.unstubAllGlobals());

const DOMAIN = 'blog.example.com';
const POST_ID = '0b6f2b1e-8a38-4a0f-9b0e-6d2f4f1f3c11';
const TOKEN_ID = '5d0f1c52-6d3c-4b89-9a55-0c1b1d5e2a10';
const LINK = {
  id: TOKEN_ID,
  token: 'mhp_abc',
  url: 'https://site.test/preview?token=mhp_abc',
  expiresDate: '2026-12-20T10:00:00.000Z',
};
const base = `/cms/blogs/info/${POST_ID}`;

function stubPreviews() {
  let listCalls = 0;
  const api = stubApi({
    [`POST ${base}/preview`]: () => jsonResponse(201, LINK),
    [`GET ${base}/previews`]: () => {
      listCalls++;
      return jsonResponse(200, []);
    },
    [`DELETE ${base}/previews/${TOKEN_ID}`]: () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return { api, listCalls: () => listCalls };
}

describe('preview endpoints', () => {
  it('should POST the request to …/preview with the domain and answer the link', async () => {
    const { api } = stubPreviews();
    const store = makeConfiguredStore();

    const result = await store.dispatch(
      previewsApi.endpoints.createPreview.initiate({ domain: DOMAIN, postId: POST_ID, body: {} }),
    );

    expect(result.data).toEqual(LINK);
    const url = new URL(api.calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${API_BASE}${base}/preview`);
    expect(url.searchParams.get('domain')).toBe(DOMAIN);
    expect(await api.calls[0]!.json()).toEqual({});
  });

  it('should refetch the share links after a share link is made, not after the editor’s own token', async () => {
    const { listCalls } = stubPreviews();
    const store = makeConfiguredStore();
    const list = store.dispatch(
      previewsApi.endpoints.getPreviewShares.initiate({ domain: DOMAIN, postId: POST_ID }),
    );
    await list;
    expect(listCalls()).toBe(1);

    await store.dispatch(
      previewsApi.endpoints.createPreview.initiate({ domain: DOMAIN, postId: POST_ID, body: {} }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listCalls()).toBe(1);

    await store.dispatch(
      previewsApi.endpoints.createPreview.initiate({
        domain: DOMAIN,
        postId: POST_ID,
        body: { share: true, days: 7 },
      }),
    );
    await vi.waitFor(() => expect(listCalls()).toBe(2));
    list.unsubscribe();
  });

  it('should DELETE …/previews/{tokenId} and refetch the share links', async () => {
    const { api, listCalls } = stubPreviews();
    const store = makeConfiguredStore();
    const list = store.dispatch(
      previewsApi.endpoints.getPreviewShares.initiate({ domain: DOMAIN, postId: POST_ID }),
    );
    await list;

    const result = await store.dispatch(
      previewsApi.endpoints.revokePreviewShare.initiate({
        domain: DOMAIN,
        postId: POST_ID,
        tokenId: TOKEN_ID,
      }),
    );

    expect(result.error).toBeUndefined();
    const revoke = api.calls.find((call) => call.method === 'DELETE')!;
    expect(new URL(revoke.url).searchParams.get('domain')).toBe(DOMAIN);
    await vi.waitFor(() => expect(listCalls()).toBe(2));
    list.unsubscribe();
  });
});
