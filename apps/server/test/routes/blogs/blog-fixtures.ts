import { STATUS_CODES } from 'node:http';
import { sql } from 'kysely';
import type { Role } from '@masthead/contract';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestContext, TestDomain } from '../../helpers/test-app.js';

/** What the tests read of an app.inject response. */
export interface Reply {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field
  json: <T = any>() => T;
}

/** The smallest body the server accepts: the three required fields. */
export const postBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'A post',
  writtenBy: 'Ada Lovelace',
  editorHtmlContent: '<p>Body text</p>',
  ...overrides,
});

/** A minimal valid serialised Lexical editor state. */
export const lexicalState = (text = 'Body text') =>
  JSON.stringify({
    root: {
      type: 'root',
      version: 1,
      children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text }] }],
    },
  });

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Calls of spec §7 for one user on one domain. */
export function blogApi(ctx: TestContext, token: string, host: string) {
  const send = (options: InjectOptions): Promise<Reply> => ctx.request(token, options);
  const q = (query: Record<string, string | number> = {}) =>
    new URLSearchParams(
      Object.entries({ domain: host, ...query }).map(([k, v]) => [k, String(v)]),
    ).toString();
  return {
    host,
    create: (payload: object) => send({ method: 'POST', url: `/cms/blogs/info?${q()}`, payload }),
    get: (id: string) => send({ method: 'GET', url: `/cms/blogs/info/${id}?${q()}` }),
    update: (id: string, payload: object, headers: Record<string, string> = {}) =>
      send({ method: 'PUT', url: `/cms/blogs/info/${id}?${q()}`, payload, headers }),
    remove: (id: string, options: { withDomain?: boolean } = {}) =>
      send({
        method: 'DELETE',
        url: options.withDomain === false ? `/cms/blogs/info/${id}` : `/cms/blogs/info/${id}?${q()}`,
      }),
    manage: (id: string, type: string, value: string | boolean) =>
      send({
        method: 'PUT',
        url: `/cms/blogs/manage/${id}?${q({ type, value: String(value) })}`,
      }),
    list: (query: Record<string, string | number> = {}) =>
      send({ method: 'GET', url: `/cms/blogs/all?${q(query)}` }),
    createTag: async (tagDisplayName: string) => {
      const res = await send({
        method: 'POST',
        url: `/cms/tags/info?${q()}`,
        payload: { tagDisplayName },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string; tag: string; tagDisplayName: string }>();
    },
    createCategory: async (categoryDisplayName: string) => {
      const res = await send({
        method: 'POST',
        url: `/cms/categories/info?${q()}`,
        payload: { categoryDisplayName },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string; category: string; categoryDisplayName: string }>();
    },
    tags: (query: Record<string, string | number> = {}) =>
      send({ method: 'GET', url: `/cms/tags/all?${q(query)}` }),
    updateTag: async (id: string, tagDisplayName: string) => {
      const res = await send({
        method: 'PUT',
        url: `/cms/tags/info/${id}?${q()}`,
        payload: { tagDisplayName },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    deleteTag: async (id: string) => {
      const res = await send({ method: 'DELETE', url: `/cms/tags/info/${id}?${q()}` });
      expect(res.statusCode, res.body).toBe(204);
    },
    deleteCategory: async (id: string) => {
      const res = await send({ method: 'DELETE', url: `/cms/categories/info/${id}?${q()}` });
      expect(res.statusCode, res.body).toBe(204);
    },
  };
}
export type BlogApi = ReturnType<typeof blogApi>;

/** A fresh domain and a member with the role (editor by default), with the calls bound to them. */
export async function newDomainApi(ctx: TestContext, role: Role = 'editor') {
  const domain = await ctx.domain();
  const { token } = await ctx.member(role, domain);
  return { domain, token, api: blogApi(ctx, token, domain.domain) };
}

/** Creates a post and returns its body; fails the test when the server refuses it. */
export async function createPost(api: BlogApi, overrides: Record<string, unknown> = {}) {
  const res = await api.create(postBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; slug: string; title: string } & Record<string, unknown>>();
}

/** Asserts the DESIGN §3 error body and returns it. */
export function expectError(res: Reply, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ error: string; errors: string[]; detailedMessage: string }>();
  expect(Object.keys(body).sort()).toEqual(['detailedMessage', 'error', 'errors']);
  expect(body.error).toBe(STATUS_CODES[status]);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const line of body.errors) expect(typeof line).toBe('string');
  expect(body.detailedMessage).toMatch(/\S/);
  return body;
}

export async function countPosts(ctx: TestContext, domain: TestDomain) {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from posts where domain_id = ${domain.id}`.execute(ctx.db);
  return rows[0]!.n;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
