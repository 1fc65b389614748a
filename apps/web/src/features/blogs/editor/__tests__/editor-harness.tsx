// Shared fixtures for the blog editor's tests: the domain's tags, categories and custom fields, a
// saved post, a fetch stub for the editor's calls, and a render helper.
import type { BlogPost, Category, ColumnDef, Tag } from '@masthead/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { injectSignedInState } from '../../../../app/signed-in-state.js';
import { NEW_POST_ID } from '../../../../config/paths.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../../test/render.js';
import { BlogEditor, type BlogEditorProps } from '../components/blog-editor.js';
import { fakeContent } from './fake-content-editor.js';

injectSignedInState();

export const DOMAIN = 'blog.example.com';
export const DOMAIN_ID = '11111111-1111-4111-8111-111111111111';
export const POST_ID = '0b6f2b1e-8a38-4a0f-9b0e-6d2f4f1f3c11';

const tag = (id: string, name: string): Tag => ({
  id,
  tag: name.toLowerCase(),
  tagDisplayName: name,
  createdDate: '2025-01-01T00:00:00.000Z',
  lastModifiedDate: '2025-01-01T00:00:00.000Z',
});

export const TAGS: Tag[] = [
  tag('a0000000-0000-4000-8000-000000000001', 'JavaScript'),
  tag('a0000000-0000-4000-8000-000000000002', 'React'),
  tag('a0000000-0000-4000-8000-000000000003', 'Rust'),
  tag('a0000000-0000-4000-8000-000000000004', 'TypeScript'),
];

export const CATEGORIES: Category[] = [
  {
    id: 'c0000000-0000-4000-8000-000000000001',
    category: 'engineering',
    categoryDisplayName: 'Engineering',
    createdDate: '2025-01-01T00:00:00.000Z',
    lastModifiedDate: '2025-01-01T00:00:00.000Z',
  },
  {
    id: 'c0000000-0000-4000-8000-000000000002',
    category: 'news',
    categoryDisplayName: 'News',
    createdDate: '2025-01-01T00:00:00.000Z',
    lastModifiedDate: '2025-01-01T00:00:00.000Z',
  },
];

/** The demo's custom field: a required select. */
export const CLIENT_FIELD: ColumnDef = {
  key: 'client',
  label: 'Client',
  type: 'select',
  required: true,
  options: ['Acme Corp', 'Globex', 'Initech'],
  filterable: true,
};

export function savedPost(overrides: Partial<BlogPost> = {}): BlogPost {
  const content = fakeContent('Saved body');
  return {
    id: POST_ID,
    title: 'Saved title',
    slug: 'saved-title',
    shortDescription: 'Saved summary',
    featureImageUrl: '',
    ...content,
    tags: [{ id: TAGS[1]!.id, tag: 'react', tagDisplayName: 'React' }],
    category: { id: CATEGORIES[0]!.id, category: 'engineering', categoryDisplayName: 'Engineering' },
    fields: { client: 'Globex' },
    writtenBy: 'Grace Hopper',
    createdDate: '2025-03-01T09:00:00.000Z',
    lastModifiedDate: '2025-03-02T10:00:00.000Z',
    published: false,
    approved: false,
    scheduledFor: null,
    ...overrides,
  };
}

/** A JSON response with an ETag, as GET, POST and PUT of one post send it. */
export function versioned(post: BlogPost, etag: string, status = 200): Response {
  return new Response(JSON.stringify(post), {
    status,
    headers: { 'Content-Type': 'application/json', ETag: etag },
  });
}

type Routes = Parameters<typeof stubApi>[0];

/** The editor's calls: column defs, one saved post (ETag "3"), create and update; `routes` override. */
export function stubEditorApi(routes: Routes = {}, defs: ColumnDef[] = [CLIENT_FIELD]) {
  const api = stubApi({
    'GET /cms/column/def/all': () => jsonResponse(200, defs),
    [`GET /cms/blogs/info/${POST_ID}`]: () => versioned(savedPost(), '"3"'),
    'POST /cms/blogs/info': async (request) =>
      versioned(
        savedPost({ ...((await request.clone().json()) as object), id: POST_ID } as BlogPost),
        '"1"',
        201,
      ),
    [`PUT /cms/blogs/info/${POST_ID}`]: () => versioned(savedPost(), '"4"'),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

export function renderEditor(props: Partial<BlogEditorProps> = {}) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <BlogEditor
      domain={DOMAIN}
      domainId={DOMAIN_ID}
      postId={NEW_POST_ID}
      role="author"
      authorName="Ada Lovelace"
      tagOptions={TAGS}
      categoryOptions={CATEGORIES}
      onClose={onClose}
      {...props}
    />,
  );
  return { ...view, onClose };
}

/** The calls that would have written something. */
export const writes = (calls: Request[]) => calls.filter((call) => call.method !== 'GET');

/** The rich-text field (the fake's textarea), once its lazy chunk has "loaded". */
export const contentField = () => screen.findByRole('textbox', { name: /Content/ });

/** user-event without its per-key timer: the form tests type a lot, and the suites run in parallel. */
export const setupUser = () => userEvent.setup({ delay: null });

/** Component journeys take longer than the 5 s default when every suite runs at once. */
export const JOURNEY_TIMEOUT = { timeout: 20_000 };
