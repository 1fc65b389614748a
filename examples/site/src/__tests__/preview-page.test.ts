import type { DeliveryPreview } from '@masthead/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startSite, type RunningSite } from '../site.js';

// The /preview route's page with a Masthead that answers as the contract says
// (packages/contract/src/preview.ts); apps/server/test/client/ runs it against the real server.
const SECRET = `whsec_${btoa('a webhook secret of 32 bytes....')}`;
const draft: DeliveryPreview = {
  id: '0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10',
  slug: 'coming-soon',
  title: 'Coming <soon>',
  shortDescription: 'Not out yet',
  featureImageUrl: 'javascript:alert(1)',
  featureImage: {
    url: 'javascript:alert(1)',
    assetId: null,
    width: null,
    height: null,
    alt: '',
    srcset: '',
    sizes: '',
    sources: [],
  },
  tags: [],
  category: null,
  fields: {},
  writtenBy: 'Ada Lovelace',
  publishedDate: null,
  lastModifiedDate: '2026-12-07T09:00:00.000Z',
  url: null,
  html: '<p>The <em>draft</em> text</p>',
  status: 'draft',
  previewExpiresDate: '2026-12-07T10:00:00.000Z',
  revisionId: null,
};

let site: RunningSite | undefined;
afterEach(async () => site?.close());

/** The site on a Masthead that knows one token; returns what each call asked. */
async function siteWith(preview: DeliveryPreview) {
  const asked: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/v1/preview' && url.searchParams.get('token') === 'mhp_good')
      return Response.json(preview, { headers: { 'cache-control': 'private, no-store' } });
    return Response.json(
      { error: 'Not Found', errors: ['Preview not found'], detailedMessage: 'Preview not found.' },
      { status: 404 },
    );
  };
  site = await startSite({
    mastheadUrl: 'https://cms.example.com',
    key: 'mhk_test',
    domain: 'blog.example.com',
    webhookSecret: SECRET,
    fetch,
    frameAncestors: ['https://app.example.com'],
  });
  const get = async (path: string) => {
    const res = await globalThis.fetch(`${site!.url}${path}`);
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  return { get, asked };
}

describe('GET /preview?token=', () => {
  it('should render the draft with its banner and expiry, escaped, in a frame only Masthead may show', async () => {
    const { get, asked } = await siteWith(draft);
    const page = await get('/preview?token=mhp_good');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<strong>Preview — not published</strong>');
    expect(page.body).toContain(
      '<time datetime="2026-12-07T10:00:00.000Z">7 December 2026 at 10:00 UTC</time>',
    );
    expect(page.body).toContain('<h1>Coming &lt;soon&gt;</h1>');
    expect(page.body).toContain('<div class="content"><p>The <em>draft</em> text</p></div>');
    expect(page.body).not.toContain('javascript:');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors https://app.example.com');
    // Read each time: a preview is never kept.
    await get('/preview?token=mhp_good');
    expect(asked).toEqual(['/api/v1/preview?token=mhp_good', '/api/v1/preview?token=mhp_good']);
  });

  it('should say when the post is published and this version is not live yet', async () => {
    const { get } = await siteWith({
      ...draft,
      status: 'published',
      publishedDate: '2026-12-01T08:00:00.000Z',
    });
    const page = await get('/preview?token=mhp_good');
    expect(page.body).toContain('<strong>Published — this version is not live yet</strong>');
  });

  it('should answer 404 with its page for a token Masthead does not know', async () => {
    const { get } = await siteWith(draft);
    const page = await get('/preview?token=mhp_other');
    expect(page.status).toBe(404);
    expect(page.body).toContain('This preview is not available');
    expect(page.body).not.toContain('Coming');
  });
});
