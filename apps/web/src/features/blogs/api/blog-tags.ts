/** Cache tags of posts (spec §4 Cache): writes refresh every blog list and the post they touched. */
export const BLOG_LIST_TAG = { type: 'Blog', id: 'LIST' } as const;
export const blogTag = (id: string) => ({ type: 'Blog', id }) as const;
