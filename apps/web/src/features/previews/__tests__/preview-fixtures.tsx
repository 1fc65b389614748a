// Shared by the previews' tests: a post, preview links, the fetch stub for the preview calls, and
// the props the editor gives the bar's controls.
import type { PreviewLink, PreviewShare } from '@masthead/contract';
import { vi } from 'vitest';
import type { PreviewToolsProps } from '../../../lib/post-preview.js';
import { jsonResponse, stubApi } from '../../../test/render.js';

export const DOMAIN = 'blog.example.com';
export const POST_ID = '0b6f2b1e-8a38-4a0f-9b0e-6d2f4f1f3c11';
export const PREVIEW = `/cms/blogs/info/${POST_ID}/preview`;
export const SHARES = `/cms/blogs/info/${POST_ID}/previews`;

let serial = 0;
/** A preview link on the website's own preview page, a new token each time. */
export function previewLink(overrides: Partial<PreviewLink> = {}): PreviewLink {
  serial += 1;
  const token = `mhp_token${serial}`;
  return {
    id: `5d0f1c52-6d3c-4b89-9a55-${String(serial).padStart(12, '0')}`,
    token,
    url: `https://site.example.org/preview?token=${token}`,
    expiresDate: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  };
}

export function share(overrides: Partial<PreviewShare> = {}): PreviewShare {
  return {
    id: 'a1000000-0000-4000-8000-000000000001',
    label: 'For Grace',
    createdBy: 'ada@example.com',
    createdDate: '2026-12-10T09:30:00.000Z',
    expiresDate: '2026-12-17T09:30:00.000Z',
    revisionId: null,
    ...overrides,
  };
}

export const refusal = (status: number, detailedMessage: string) =>
  jsonResponse(status, { error: 'Refused', errors: [], detailedMessage });

type Routes = Parameters<typeof stubApi>[0];

/** POST …/preview answers a new link each time; `routes` override or add. */
export function stubPreviewApi(routes: Routes = {}) {
  const api = stubApi({
    [`POST ${PREVIEW}`]: () => jsonResponse(201, previewLink()),
    [`GET ${SHARES}`]: () => jsonResponse(200, []),
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return api;
}

export const previewCalls = (calls: Request[]) =>
  calls.filter((call) => call.method === 'POST' && new URL(call.url).pathname === PREVIEW);

export function toolsProps(overrides: Partial<PreviewToolsProps> = {}): PreviewToolsProps {
  return {
    domain: DOMAIN,
    postId: POST_ID,
    savedVersion: '2026-12-10T09:00:00.000Z "3"',
    unsaved: false,
    saving: false,
    readiness: () => ({ kind: 'saved' }),
    saveFirst: vi.fn(async () => true),
    showProblems: vi.fn(),
    onLivePaneChange: vi.fn(),
    paneHost: null,
    noticeHost: null,
    ...overrides,
  };
}

/** A tab as window.open returns it: about:blank of this origin, which the code writes into and sends on. */
export function fakeTab() {
  const tab = {
    closed: false,
    opener: window as unknown,
    document: document.implementation.createHTMLDocument(''),
    location: { replace: vi.fn() },
    close: vi.fn(() => {
      tab.closed = true;
    }),
  };
  return tab;
}
