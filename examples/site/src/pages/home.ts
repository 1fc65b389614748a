import type { DeliveryCategoryList, DeliveryPostList, DeliveryTagList } from '@masthead/client';
import { html } from '../html.js';
import { pager, postList } from './post-list.js';
import { categoryPath, tagPath } from './paths.js';

/** The front page: the latest posts, paged, and the tags and categories to browse by. */
export function homeMain(list: DeliveryPostList, tags: DeliveryTagList, categories: DeliveryCategoryList) {
  const topics = (
    title: string,
    id: string,
    entries: DeliveryTagList['tags'],
    path: (slug: string) => string,
  ) =>
    entries.length === 0
      ? ''
      : html`<section aria-labelledby="${id}">
          <h2 id="${id}">${title}</h2>
          <ul class="topics">
            ${entries.map(
              (entry) => html`<li><a href="${path(entry.slug)}">${entry.name}</a> (${entry.postCount})</li>`,
            )}
          </ul>
        </section>`;
  return html`<h1>Latest posts</h1>
    ${postList(list.posts)} ${pager('/', list.meta)}
    <div class="browse">
      ${topics('Categories', 'categories', categories.categories, categoryPath)}
      ${topics('Tags', 'tags', tags.tags, tagPath)}
    </div>`;
}

/** A tag's or a category's page: its posts, paged. */
export function topicMain(heading: string, path: string, list: DeliveryPostList) {
  return html`<h1>${heading}</h1>
    ${postList(list.posts)} ${pager(path, list.meta)}
    <p><a href="/">All posts</a></p>`;
}
