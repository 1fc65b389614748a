import { randomBytes } from 'node:crypto';
import { blogSlug, tagSlug } from '@masthead/contract';
import { subDays, subHours } from 'date-fns';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { setColumnDefs } from '../services/column-defs.service.js';
import { countDomains, insertDomain, upsertMembership } from '../db/repositories/domains.repository.js';
import { insertPost, replacePostTags } from '../db/repositories/posts.repository.js';
import { insertTaxonomy, type TaxonomyTableName } from '../db/repositories/taxonomy.repository.js';
import { createAccount } from '../idp/accounts.js';
import { sanitizeEditorHtml } from '../lib/html-sanitizer.js';
import { DEMO_ACCOUNT_EMAIL, DEMO_ACCOUNT_NAME, DEMO_DOMAINS, DEMO_POSTS } from './demo-content.js';

/** Any constant works; it only has to be the same for every instance that may seed at once. */
const DEMO_SEED_LOCK = 740_113_021;

async function insertNames(trx: Db, table: TaxonomyTableName, domainId: string, names: string[]) {
  const ids = new Map<string, string>();
  for (const name of names) {
    const row = await insertTaxonomy(trx, table, { domainId, slug: tagSlug(name), displayName: name });
    ids.set(name, row.id);
  }
  return ids;
}

/**
 * The demo account, with a random password of about 16 characters (typed by hand at most once,
 * before the user changes it). Undefined when the account already existed: its password is not
 * ours to show.
 */
async function createDemoAccount(trx: Db) {
  const password = randomBytes(12).toString('base64url');
  const account = await createAccount(trx, { email: DEMO_ACCOUNT_EMAIL, name: DEMO_ACCOUNT_NAME, password });
  return account ? { email: account.email, password } : undefined;
}

export interface DemoOptions {
  /** Also create the demo account in the built-in identity provider (off with OIDC_AUTHORITY). */
  account?: boolean;
}

/**
 * First start with an empty database: two domains, their tags, categories and custom field, about
 * 25 posts in every workflow state, and admin rights on both for the demo account's e-mail. With
 * the built-in provider, also the demo account itself, with a random password that is returned
 * once and never stored in clear. The advisory lock keeps two instances that start together from
 * seeding twice.
 */
export async function seedDemoIfEmpty(db: Db, now = new Date(), options: DemoOptions = {}) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`.execute(trx);
    if ((await countDomains(trx)) > 0) return null;

    const domainIds = new Map<
      string,
      { id: string; tags: Map<string, string>; categories: Map<string, string> }
    >();
    for (const demo of DEMO_DOMAINS) {
      const domain = await insertDomain(trx, { domain: demo.domain, name: demo.name });
      await upsertMembership(trx, domain.id, DEMO_ACCOUNT_EMAIL, 'admin');
      await setColumnDefs(trx, domain.id, demo.columnDefs);
      domainIds.set(demo.domain, {
        id: domain.id,
        tags: await insertNames(trx, 'tags', domain.id, demo.tags),
        categories: await insertNames(trx, 'categories', domain.id, demo.categories),
      });
    }

    for (const [index, post] of DEMO_POSTS.entries()) {
      const domain = domainIds.get(post.domain);
      if (!domain) throw new Error(`Demo post "${post.title}" names an unknown domain ${post.domain}`);
      const modified = subHours(subDays(now, post.daysAgo), index % 7);
      const { id } = await insertPost(
        trx,
        domain.id,
        {
          title: post.title,
          slug: blogSlug(post.title),
          short_description: post.shortDescription,
          feature_image_url: post.featureImageUrl,
          editor_html_content: sanitizeEditorHtml(post.editorHtmlContent),
          editor_state: post.editorState,
          editor_text_string: post.editorTextString,
          category_id: domain.categories.get(post.categoryName) ?? null,
          fields: post.fields,
          written_by: post.writtenBy,
        },
        {
          approved: post.status !== 'draft',
          published: post.status === 'published',
          created_at: subDays(modified, 2),
          updated_at: modified,
        },
      );
      const tagIds = post.tagNames
        .map((name) => domain.tags.get(name))
        .filter((t): t is string => t !== undefined);
      await replacePostTags(trx, id, tagIds);
    }

    const hosts = DEMO_DOMAINS.map((d) => d.domain).join(' and ');
    return {
      domains: DEMO_DOMAINS.map((d) => d.domain),
      account: options.account ? await createDemoAccount(trx) : undefined,
      message: `Demo created: ${DEMO_POSTS.length} posts on ${hosts}; ${DEMO_ACCOUNT_EMAIL} is admin on both.`,
    };
  });
}
