import type { DeliveryPost, DeliveryPreview } from '@masthead/client';
import { html, raw } from '../html.js';
import { formatDay, formatMoment } from './format.js';
import { featureImage } from './images.js';
import { categoryPath, tagPath } from './paths.js';

/**
 * One post: its title, byline, feature image, the server's sanitised HTML (its images already carry
 * srcset, sizes, width, height and lazy loading), category and tags.
 */
export function postMain(post: DeliveryPost | DeliveryPreview) {
  const published = post.publishedDate
    ? html`<time datetime="${post.publishedDate}">${formatDay(post.publishedDate)}</time> · `
    : '';
  return html`<article class="post">
    <h1>${post.title}</h1>
    <p class="byline">${published}${post.writtenBy}</p>
    ${featureImage(post.featureImage, post.featureImageUrl)}
    ${post.shortDescription ? html`<p class="lead">${post.shortDescription}</p>` : ''}
    <div class="content">${raw(post.html ?? '')}</div>
    ${
      post.category
        ? html`<p>Category: <a href="${categoryPath(post.category.slug)}">${post.category.name}</a></p>`
        : ''
    }
    ${
      post.tags.length > 0
        ? html`<nav class="tags" aria-label="Tags">
            <span>Tags:</span>
            <ul>
              ${post.tags.map((tag) => html`<li><a href="${tagPath(tag.slug)}">${tag.name}</a></li>`)}
            </ul>
          </nav>`
        : ''
    }
    <p><a href="/">All posts</a></p>
  </article>`;
}

/**
 * The banner above a preview: what the reader sees is not what the site shows, and until when the
 * link works. A published post's preview is its last saved version, which may differ from the live one.
 */
export function previewBanner(preview: DeliveryPreview) {
  const what =
    preview.status === 'published' ? 'Published — this version is not live yet' : 'Preview — not published';
  return html`<section class="banner" aria-label="Preview">
    <div class="wrap">
      <p><strong>${what}</strong></p>
      <p>
        This preview link expires on
        <time datetime="${preview.previewExpiresDate}">${formatMoment(preview.previewExpiresDate)}</time>.
      </p>
    </div>
  </section>`;
}
