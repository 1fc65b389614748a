import type { BlogStatus } from '@masthead/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Request } from 'autocannon';
import type { Db } from '../../apps/server/src/db/database.js';
import {
  findMembership,
  listMembershipsOf,
} from '../../apps/server/src/db/repositories/domains.repository.js';
import { findPostWithTags } from '../../apps/server/src/db/repositories/posts.repository.js';
import { listTaxonomyPage } from '../../apps/server/src/db/repositories/taxonomy.repository.js';
import { listPosts } from '../../apps/server/src/services/post-list.service.js';
import type { BlogListQuery } from '../../apps/server/src/routes/cms/blogs/schemas.js';
import { matchesEveryPrefix, type Dataset } from './database.js';
import { CLIENTS } from './fill.js';
import type { Writer } from './text.js';
import { deliveryScenarios, type DeliveryData } from './delivery-scenarios.js';
import { writeScenarios } from './write-scenarios.js';

/** The bench's user, as the API sees it: an external provider's verified e-mail (decision 055). */
const benchMember = (email: string) => ({ email, accountId: null, ownsEmail: true });

export type Context = Record<string, unknown>;
/** One API request and the SQL the server runs for it, called through the server's repositories. */
export interface Step {
  request: Request;
  sql: (db: Db, context: Context) => Promise<void>;
  /** A 304 answers it as well as a 2xx (a revalidation with If-None-Match). */
  notModified?: boolean;
}
export interface Scenario {
  name: string;
  steps: Step[];
  /** A list's right `totalEntries`, counted with plain SQL (not through the server's code). */
  expectedTotal?: (db: Db) => Promise<number>;
}

/** What every scenario needs: the domain, the member, and the helpers they share. */
export interface ScenarioKit {
  data: Dataset;
  writer: Writer;
  email: string;
  query: (params?: Record<string, string | number>) => string;
  pick: <T>(list: T[]) => T;
  /** Every /cms request starts with the membership check (services/access.ts requireDomain). */
  member: (db: Db) => Promise<void>;
}

const PAGE_SIZE = 10;
/** The filterable select field the fill creates, and the value the client scenarios filter on. */
const CLIENT = CLIENTS[1] ?? 'Globex';

interface ListParams {
  page?: number;
  search?: string;
  status?: BlogStatus;
  client?: string;
}

/**
 * The list route's work after the membership check. The twin calls the route's own function
 * (services/post-list.service.ts), so it runs whatever queries the route runs, however totals are
 * computed; this is the only place the bench couples to how a list is answered.
 */
function listTwin(db: Db, domainId: string, query: BlogListQuery) {
  return listPosts(db, domainId, query);
}

export function scenarios(data: Dataset, writer: Writer, email: string, delivery?: DeliveryData): Scenario[] {
  const { host, domainId } = data;
  const kit: ScenarioKit = {
    data,
    writer,
    email,
    query: (params = {}) =>
      new URLSearchParams({ domain: host, ...params } as Record<string, string>).toString(),
    pick: <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T,
    member: async (db) => {
      if (!(await findMembership(db, host, benchMember(email)))) throw new Error('not a member');
    },
  };
  const { query, pick, member } = kit;

  /** count(*) over the domain's posts with this condition. */
  const countWhere = (where: RawBuilder<unknown>) => async (db: Db) => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from posts where domain_id = ${domainId} and ${where}`.execute(db);
    return rows[0]?.n ?? 0;
  };

  /** The condition a list filter means (DESIGN §3), written independently of the repository. */
  function condition({ search = '', status, client }: ListParams) {
    const parts: RawBuilder<unknown>[] = [sql`true`];
    if (status === 'draft') parts.push(sql`not approved and not published`);
    if (status === 'approved') parts.push(sql`approved and not published`);
    if (status === 'published') parts.push(sql`published`);
    if (client !== undefined) parts.push(sql`fields->>'client' = ${client}`);
    const words = search.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length > 0) parts.push(matchesEveryPrefix(words));
    return sql.join(parts, sql` and `);
  }

  /** GET /cms/blogs/all: services/post-list.service.ts. */
  function list(name: string, params: ListParams): Scenario {
    const { page = 0, search, status, client } = params;
    const urlParams: Record<string, string | number> = {
      page,
      ...(search ? { search } : {}),
      ...(status ? { status } : {}),
      ...(client ? { 'field.client': client } : {}),
    };
    const routeQuery = {
      domain: host,
      page,
      numberOfEntries: PAGE_SIZE,
      search: search ?? '',
      ...(status ? { status } : {}),
      ...(client ? { 'field.client': client } : {}),
    } as BlogListQuery;
    return {
      name,
      steps: [
        {
          request: { method: 'GET', path: `/cms/blogs/all?${query(urlParams)}` },
          sql: async (db) => {
            await member(db);
            await listTwin(db, domainId, routeQuery);
          },
        },
      ],
      expectedTotal: countWhere(condition(params)),
    };
  }

  return [
    list('list page 0', { page: 0 }),
    list('list page 500', { page: 500 }),
    list('status published', { status: 'published' }),
    list('client', { client: CLIENT }),
    list('status + client', { status: 'published', client: CLIENT }),
    list('search, 1 word', { search: data.searches.one }),
    list('search, rare word', { search: data.searches.rare }),
    list('search, common word', { search: data.searches.common }),
    list('search, 2 words', { search: data.searches.two }),
    {
      name: 'get by id',
      steps: [
        {
          request: {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: `/cms/blogs/info/${pick(data.idPool)}?${query()}`,
            }),
          },
          sql: async (db) => {
            const id = pick(data.idPool);
            await member(db);
            if (!(await findPostWithTags(db, domainId, id))) throw new Error('not found');
          },
        },
      ],
    },
    {
      name: 'tag list',
      steps: [
        {
          request: { method: 'GET', path: `/cms/tags/all?${query({ page: 0 })}` },
          sql: async (db) => {
            await member(db);
            await listTaxonomyPage(db, 'tags', domainId, { search: '', limit: PAGE_SIZE, offset: 0 });
          },
        },
      ],
    },
    {
      // What the web app asks for at sign-in: routes/cms/user and routes/cms/domains.
      name: 'user info + domains',
      steps: [
        {
          request: { method: 'GET', path: '/cms/user/info' },
          sql: async (db) => {
            await listMembershipsOf(db, benchMember(email));
          },
        },
        {
          request: {
            method: 'POST',
            path: '/cms/domain/info/all',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(data.hosts),
          },
          sql: async (db) => {
            await listMembershipsOf(db, benchMember(email));
          },
        },
      ],
    },
    ...(delivery ? deliveryScenarios(data, delivery) : []),
    // Writes last: an autocannon run ends mid-sequence, so it can leave a post behind, which the
    // lists' expected totals (counted before the API runs) would not know about.
    ...writeScenarios(kit),
  ];
}
