import { createHash } from 'node:crypto';
import { escapeUTF8 as escape } from 'entities';
import { LRUCache } from 'lru-cache';
import { sanitizeEditorHtml } from '../../lib/html-sanitizer.js';
import type { DeliveryImage } from '@masthead/contract';
import type { PreviewContent } from '../../services/preview-read.js';

/**
 * Masthead's own preview page (issue 30): the post as a reader of a plain website would see it, a
 * banner that says it is a preview, and when the link stops working. No script; one inline style
 * sheet, allowed by its hash.
 */
const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--text:#1c1e21;--muted:#5b616b;--line:#e3e5e8;--banner:#fff4d6;
--banner-text:#5c4300;--banner-line:#e9c96b;--link:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#121316;--text:#e9eaec;--muted:#a6abb4;--line:#30333a;
--banner:#3a2f10;--banner-text:#f6dd9b;--banner-line:#7a6124;--link:#93b4ff}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:18px/1.65 Georgia,"Iowan Old Style","Times New Roman",serif}
.banner{margin:0;padding:10px 20px;background:var(--banner);color:var(--banner-text);border-bottom:1px solid var(--banner-line);
font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:center}
.banner strong{font-weight:700}
main{max-width:720px;margin:0 auto;padding:32px 20px 64px}
h1{margin:0 0 12px;font-size:clamp(28px,6vw,40px);line-height:1.2;letter-spacing:-.01em}
.lede{margin:0 0 12px;font-size:20px;color:var(--muted)}
.byline{margin:0 0 24px;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--muted)}
.feature{margin:0 0 28px}
img{max-width:100%;height:auto}
.content{overflow-wrap:break-word}
/* Code and tables wrap rather than scroll: a scrolling box would need keyboard access of its own. */
.content pre{white-space:pre-wrap;overflow-wrap:anywhere;padding:12px;border:1px solid var(--line);border-radius:6px;font-size:15px}
.content table{width:100%;table-layout:fixed;border-collapse:collapse}
.content td,.content th{padding:6px 10px;overflow-wrap:anywhere}
.content blockquote{margin:0 0 0 4px;padding-left:16px;border-left:3px solid var(--line);color:var(--muted)}
.content figure{margin:24px 0}
.content figcaption{font-size:15px;color:var(--muted)}
a{color:var(--link)}
.gone{max-width:560px;margin:15vh auto 0;padding:0 20px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.gone h1{font-size:28px}
.gone p{color:var(--muted)}
`;

/**
 * The post's HTML sanitised again: the stored HTML was sanitised when it was saved, but a row
 * written another way (an old one, a hand-made one) must not reach this origin as it is. Sanitising
 * a long post costs 10–30 ms (160–270 ms at 2.7 MB), which a reloading reader need not pay each
 * time: the result is kept under the SHA-256 of the HTML (a few ms at that size), so the same HTML
 * is sanitised once, whatever wrote it. 16 MB a process (one cache per app), least recently used first.
 */
export function sanitisedHtmlCache() {
  const kept = new LRUCache<string, string>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (html) => Math.max(1, html.length),
  });
  return (html: string) => {
    const key = createHash('sha256').update(html).digest('base64url');
    let clean = kept.get(key);
    if (clean === undefined) {
      clean = sanitizeEditorHtml(html);
      kept.set(key, clean);
    }
    return clean;
  };
}

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * No script at all (default-src 'none'); the style sheet above by its hash, and the style
 * attributes the editor writes (text alignment, table widths; values checked by the sanitiser);
 * images from this origin and anywhere over https (feature images are URLs), nothing else; framed
 * only by the web app (the editor's live preview); no form, no base.
 */
export const PREVIEW_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${hashSource(STYLE)}`,
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' https:",
  "frame-ancestors 'self'",
  "form-action 'none'",
  "base-uri 'none'",
].join('; ');

/** Which banner the page shows (decision 061). */
export type PreviewBanner = 'not-published' | 'live' | 'not-live';

const BANNERS: Record<PreviewBanner, string> = {
  'not-published': 'Preview — not published',
  live: 'Published — this is the live version',
  'not-live': 'Published — this version is not live yet',
};

/** "not-published" unless the post is published; then whether what is shown is what readers see. */
export function bannerOf(preview: PreviewContent, showsLiveVersion: boolean): PreviewBanner {
  if (preview.status !== 'published') return 'not-published';
  return showsLiveVersion ? 'live' : 'not-live';
}

/** The date in words, in UTC (the page knows nothing of the reader's zone, and runs no script). */
const EXPIRY = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function document(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The feature image's alt, size and srcset when it is an asset of the domain (decision 065). */
function featureAttributes(image: DeliveryImage | null) {
  if (!image || image.width === null || image.height === null) return ' alt=""';
  const srcset = image.srcset ? ` srcset="${escape(image.srcset)}" sizes="${escape(image.sizes)}"` : '';
  return ` alt="${escape(image.alt)}" width="${image.width}" height="${image.height}"${srcset}`;
}

/**
 * The post as a reader would see it, under the banner. Every value is escaped; `html` is the post's
 * HTML sanitised again (sanitisedHtml).
 */
export function previewPage(
  preview: PreviewContent,
  banner: PreviewBanner,
  html: string,
  featureImage: DeliveryImage | null = null,
): string {
  const expires = new Date(preview.previewExpiresDate);
  const image = /^https:\/\//i.test(preview.featureImageUrl)
    ? `<figure class="feature"><img src="${escape(preview.featureImageUrl)}"${featureAttributes(featureImage)}></figure>\n`
    : '';
  const lede = preview.shortDescription ? `<p class="lede">${escape(preview.shortDescription)}</p>\n` : '';
  const byline = preview.writtenBy ? `<p class="byline">By ${escape(preview.writtenBy)}</p>\n` : '';
  return document(
    `Preview: ${preview.title}`,
    `<p class="banner" role="status"><strong>${BANNERS[banner]}</strong> · This preview link works until ` +
      `<time datetime="${expires.toISOString()}">${escape(EXPIRY.format(expires))} UTC</time></p>
<main>
<article>
<header>
<h1>${escape(preview.title)}</h1>
${lede}${byline}</header>
${image}<div class="content">
${html}
</div>
</article>
</main>`,
  );
}

const GONE = {
  unknown: { status: 404, heading: 'This preview link does not exist' },
  expired: { status: 410, heading: 'This preview link has expired' },
  revoked: { status: 410, heading: 'This preview link was revoked' },
} as const;

/** A page for a link that shows nothing: unknown (404), expired or revoked (410). */
export function gonePage(state: keyof typeof GONE) {
  const { status, heading } = GONE[state];
  return {
    status,
    html: document(
      heading,
      `<main class="gone">
<h1>${heading}</h1>
<p>Ask the person who sent it for a new link.</p>
</main>`,
    ),
  };
}

/** A page for a refusal of another kind (too many requests, a busy database): its sentence. */
export function errorPage(heading: string, lines: string[]) {
  return document(
    heading,
    `<main class="gone">
<h1>${escape(heading)}</h1>
${lines.map((line) => `<p>${escape(line)}</p>`).join('\n')}
</main>`,
  );
}
