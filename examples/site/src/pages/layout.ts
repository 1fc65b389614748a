import type { FeedUrls } from '@masthead/client';
import { html, type SafeHtml } from '../html.js';

/** What every page shows around its own content. */
export interface SiteFrame {
  siteTitle: string;
  feeds: FeedUrls;
}

export interface PageParts {
  /** The page's own title; the document's is "<title> · <site>". */
  title: string;
  main: SafeHtml;
  /** Above the content, outside <main>: the preview's banner. */
  banner?: SafeHtml;
  canonical?: string | null;
}

/** The whole document: language, viewport, the stylesheet, the feeds in <head>, a skip link. */
export function layout(frame: SiteFrame, parts: PageParts): string {
  const { siteTitle, feeds } = frame;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${parts.title === siteTitle ? siteTitle : `${parts.title} · ${siteTitle}`}</title>
        <link rel="stylesheet" href="/style.css" />
        <link rel="alternate" type="application/rss+xml" title="${siteTitle} (RSS)" href="${feeds.rss}" />
        <link rel="alternate" type="application/atom+xml" title="${siteTitle} (Atom)" href="${feeds.atom}" />
        ${parts.canonical ? html`<link rel="canonical" href="${parts.canonical}" />` : ''}
      </head>
      <body>
        <a class="skip" href="#main">Skip to the content</a>
        <header class="site-header">
          <div class="wrap"><a class="site-title" href="/">${siteTitle}</a></div>
        </header>
        ${parts.banner ?? ''}
        <main id="main" class="wrap">${parts.main}</main>
        <footer class="site-footer">
          <div class="wrap">
            <p>
              Follow this blog: <a href="${feeds.rss}">RSS</a> · <a href="${feeds.atom}">Atom</a> ·
              <a href="${feeds.sitemap}">Sitemap</a>
            </p>
          </div>
        </footer>
      </body>
    </html> `.text;
}
