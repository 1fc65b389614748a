import type { DeliveryMeta, DeliveryPost } from '@masthead/client';
import { html } from '../html.js';
import { formatDay } from './format.js';
import { postPath } from './paths.js';

/** Posts as a list of cards: the title as a link, the date, the author and the short description. */
export function postList(posts: DeliveryPost[]) {
  if (posts.length === 0) return html`<p>No posts yet.</p>`;
  return html`<ul class="posts">
    ${posts.map(
      (post) =>
        html`<li>
          <article>
            <h2><a href="${postPath(post.slug)}">${post.title}</a></h2>
            <p class="byline">
              <time datetime="${post.publishedDate}">${formatDay(post.publishedDate)}</time> ·
              ${post.writtenBy}
            </p>
            ${post.shortDescription ? html`<p>${post.shortDescription}</p>` : ''}
          </article>
        </li>`,
    )}
  </ul>`;
}

/** Newer and older pages of a list, with where the reader is. */
export function pager(path: string, meta: DeliveryMeta) {
  if (meta.pages <= 1) return html``;
  const at = (page: number) => (page === 1 ? path : `${path}?page=${page}`);
  return html`<nav class="pager" aria-label="Pages">
    ${meta.page > 1 ? html`<a href="${at(meta.page - 1)}" rel="prev">Newer posts</a>` : ''}
    <span aria-current="page">Page ${meta.page} of ${meta.pages}</span>
    ${meta.page < meta.pages ? html`<a href="${at(meta.page + 1)}" rel="next">Older posts</a>` : ''}
  </nav>`;
}
