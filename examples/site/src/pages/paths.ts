/** The site's addresses: each slug goes into its path encoded. */
export const postPath = (slug: string) => `/posts/${encodeURIComponent(slug)}`;
export const tagPath = (slug: string) => `/tags/${encodeURIComponent(slug)}`;
export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;
export const WEBHOOK_PATH = '/webhooks/masthead';
export const PREVIEW_PATH = '/preview';
