import { afterEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { API_BASE, jsonResponse, makeConfiguredStore, stubApi } from '../../../test/render.js';
import { getBlogApi } from '../api/get-blog.js';
import { getBlogsApi } from '../api/get-blogs.js';
import { manageBlogApi } from '../api/manage-blog.js';
import { saveBlogApi } from '../api/save-blog.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();
afterEach(() => vi.unstubAllGlobals());

const ID = '0b6f2b1e-8a38-4a0f-9b0e-6d2f4f1f3c11';
const POST = { id: ID, title: 'Hello', approved: false, published: false };
const PAGE = { entries: [], totalPages: 0, currentPage: 0, totalEntries: 0 };

describe('blog endpoints', () => {
  it('should send the list query with status and field.<key> filters, leaving empty ones out', async () => {
    const api = stubApi({ 'GET /cms/blogs/all': () => jsonResponse(200, PAGE) });
    vi.stubGlobal('fetch', api.fetchStub);
    const store = makeConfiguredStore();

    await store.dispatch(
      getBlogsApi.endpoints.getBlogs.initiate({
        domain: 'blog.example.com',
        page: 2,
        numberOfEntries: 10,
        search: 'rust async',
        status: 'approved',
        fields: { client: 'Acme Corp', region: '' },
      }),
    );

    const url = new URL(api.calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${API_BASE}/cms/blogs/all`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      domain: 'blog.example.com',
      page: '2',
      numberOfEntries: '10',
      search: 'rust async',
      status: 'approved',
      'field.client': 'Acme Corp',
    });
  });

  it('should keep the ETag of a loaded post and send it as If-Match on update', async () => {
    const api = stubApi({
      [`GET /cms/blogs/info/${ID}`]: () =>
        new Response(JSON.stringify(POST), { headers: { 'Content-Type': 'application/json', ETag: '"7"' } }),
      [`PUT /cms/blogs/info/${ID}`]: () =>
        new Response(JSON.stringify(POST), { headers: { 'Content-Type': 'application/json', ETag: '"8"' } }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const store = makeConfiguredStore();

    const loaded = await store.dispatch(getBlogApi.endpoints.getBlog.initiate({ domain: 'd.test', id: ID }));
    expect(loaded.data).toEqual({ post: POST, etag: '"7"' });

    const saved = await store.dispatch(
      saveBlogApi.endpoints.updateBlog.initiate({
        domain: 'd.test',
        id: ID,
        etag: loaded.data!.etag,
        body: { title: 'Hello' },
      }),
    );
    expect(saved).toMatchObject({ data: { etag: '"8"' } });
    expect(api.calls[1]?.headers.get('If-Match')).toBe('"7"');
    expect(await api.calls[1]?.json()).toEqual({ title: 'Hello' });
  });

  it('should refetch the open lists and the post after a workflow change', async () => {
    let listCalls = 0;
    const api = stubApi({
      'GET /cms/blogs/all': () => {
        listCalls++;
        return jsonResponse(200, PAGE);
      },
      [`PUT /cms/blogs/manage/${ID}`]: () => jsonResponse(200, { ...POST, approved: true }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const store = makeConfiguredStore();
    const args = { domain: 'd.test', page: 0, numberOfEntries: 10, search: '' };
    const subscription = store.dispatch(getBlogsApi.endpoints.getBlogs.initiate(args));
    await subscription;

    await store.dispatch(
      manageBlogApi.endpoints.manageBlog.initiate({
        domain: 'd.test',
        id: ID,
        type: 'APPROVAL',
        value: true,
      }),
    );
    await vi.waitFor(() => expect(listCalls).toBe(2));
    const manage = new URL(api.calls.find((call) => call.method === 'PUT')!.url);
    expect(Object.fromEntries(manage.searchParams)).toEqual({
      type: 'APPROVAL',
      value: 'true',
      domain: 'd.test',
    });
    subscription.unsubscribe();
  });
});
