import type { DeliveryImage } from '@masthead/client';
import { html, webUrl } from '../html.js';

/** A srcset with only its http(s) candidates: nothing else from the network becomes an address. */
export function safeSrcset(srcset: string): string {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim())
    .filter((candidate) => webUrl(candidate.split(/\s+/)[0]) !== null)
    .join(', ');
}

/**
 * The feature image: a <picture> with Masthead's AVIF and WebP variants for the browser to choose
 * from by its width, and the WebP srcset on the <img> itself; width and height keep its place
 * while it loads. It is above the fold, so it loads first rather than lazily. An image that is not
 * an asset (an external address) is a plain <img>.
 */
export function featureImage(image: DeliveryImage | null | undefined, fallbackUrl: string) {
  const src = webUrl(image?.url ?? fallbackUrl);
  if (!src) return '';
  const size = image?.width && image.height ? html` width="${image.width}" height="${image.height}"` : '';
  const srcset = image?.srcset ? html` srcset="${safeSrcset(image.srcset)}" sizes="${image.sizes}"` : '';
  // prettier-ignore
  const img = html`<img class="feature" src="${src}" alt="${image?.alt ?? ''}"${size}${srcset} fetchpriority="high" />`;
  if (!image || image.sources.length === 0) return img;
  const sources = image.sources.map(
    (source) =>
      html`<source type="${source.type}" srcset="${safeSrcset(source.srcset)}" sizes="${image.sizes}" />`,
  );
  return html`<picture>${sources}${img}</picture>`;
}
