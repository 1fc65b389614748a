export {
  createClient,
  type ChangesQuery,
  type ClientOptions,
  type FeedUrls,
  type MastheadClient,
  type PageQuery,
  type PostListWithHtml,
  type PostsQuery,
  type PostWithHtml,
} from './client.js';
export type * from './contract-types.js';
export type { CacheOptions } from './etag-cache.js';
export { MastheadError } from './errors.js';
export type { RequestOptions } from './request.js';
