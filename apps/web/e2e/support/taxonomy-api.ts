import type { Category, Tag } from '@masthead/contract';
import type { Page } from '@playwright/test';
import { accessToken } from './api';

/**
 * Tags and categories through the real REST API, as the signed-in user of `page` (roles apply).
 * A refused call fails the journey with its status and body.
 */
async function post<T>(page: Page, path: 'tags' | 'categories', domain: string, data: object): Promise<T> {
  const response = await page.request.post(`/cms/${path}/info`, {
    params: { domain },
    data,
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  if (!response.ok()) {
    throw new Error(`POST /cms/${path}/info → ${response.status()}: ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** POST /cms/tags/info; the server derives the slug. */
export const createTag = (page: Page, domain: string, name: string) =>
  post<Tag>(page, 'tags', domain, { tagDisplayName: name });

/** POST /cms/categories/info; the server derives the slug. */
export const createCategory = (page: Page, domain: string, name: string) =>
  post<Category>(page, 'categories', domain, { categoryDisplayName: name });
