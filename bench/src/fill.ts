import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { blogSlug, tagSlug } from '@masthead/contract';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/database.js';
import type { BenchConfig } from './config.js';
import type { Writer } from './text.js';
import { zipf } from './text.js';

export const CLIENTS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Soylent', 'Stark', 'Wayne'];
const AUTHORS = ['Ana Lima', 'Bo Chen', 'Chidi Okafor', 'Dana Weiss', 'Emil Sørensen', 'Fatima Zahra'];
const BATCH = 2_000;
const YEARS_3 = 3 * 365 * 24 * 3600 * 1000;

interface Taxonomy {
  tags: string[][];
  categories: string[][];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The domain of the i-th post: the first (the one the scenarios use) holds 40 % of the posts, as
 * in issue 10's targets, and the others share the rest evenly.
 */
export function domainOf(i: number, domains: number) {
  if (domains === 1) return 0;
  return i % 5 < 2 ? 0 : 1 + (Math.floor(i / 5) % (domains - 1));
}

async function insertDomains(db: Db, config: BenchConfig, writer: Writer) {
  const domainIds: string[] = [];
  const taxonomy: Taxonomy = { tags: [], categories: [] };
  for (let d = 0; d < config.domains; d++) {
    const host = `bench-${String(d + 1).padStart(2, '0')}.example.com`;
    const { id } = await db
      .insertInto('domains')
      .values({ domain: host, name: `Bench ${d + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    domainIds.push(id);
    await db
      .insertInto('memberships')
      .values({ domain_id: id, email: config.email, role: 'admin' })
      .execute();
    await db
      .insertInto('column_defs')
      .values({
        domain_id: id,
        key: 'client',
        label: 'Client',
        type: 'select',
        required: true,
        options: JSON.stringify(CLIENTS),
        filterable: true,
        position: 0,
      })
      .execute();
    for (const [table, count] of [
      ['tags', config.tagsPerDomain],
      ['categories', config.categoriesPerDomain],
    ] as const) {
      const names = new Map<string, string>();
      while (names.size < count) {
        const name = writer.capitalize(writer.words[20 + Math.floor(writer.rand() * 3000)] ?? 'x');
        names.set(tagSlug(name), name);
      }
      const rows = await db
        .insertInto(table)
        .values([...names].map(([slug, display_name]) => ({ domain_id: id, slug, display_name })))
        .returning('id')
        .execute();
      taxonomy[table].push(rows.map((r) => r.id));
    }
  }
  return { domainIds, taxonomy };
}

/** Secondary indexes of posts and post_tags (not those behind a constraint), to build after the fill. */
async function secondaryIndexes(db: Db) {
  const { rows } = await sql<{ name: string; def: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname in ('posts', 'post_tags') and t.relnamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(db);
  return rows;
}

/**
 * Runs once the posts, their tags and indexes are in place. The fill inserts through the tables'
 * triggers (none is disabled), so whatever they maintain is already right here.
 * TODO(issue 10, counters): if the fill ever disables triggers for speed, recompute the post
 * counters here (the `masthead recount` of the counters change).
 */
async function afterFill(_db: Db) {}

/**
 * CPU seconds spent so far by this process and by the PostgreSQL backends now connected to the
 * fill's database (read from /proc, so only when PostgreSQL runs on this machine; NaN otherwise).
 * On a shared machine the wall time depends on the others' load; the CPU time does much less.
 */
async function cpuSeconds(db: Db, config: BenchConfig) {
  const node = process.cpuUsage();
  const host = new URL(config.benchUrl).hostname;
  const local = config.db === 'postgres' && ['127.0.0.1', 'localhost', '[::1]'].includes(host);
  let backends: number;
  try {
    if (!local) throw new Error('PostgreSQL is not on this machine');
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database()`.execute(db);
    backends = 0;
    for (const { pid } of rows) {
      // PGlite (the soak's default) reports pids that are not processes of this machine.
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') throw new Error('not local');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
      backends += (Number(fields[11]) + Number(fields[12])) / 100;
    }
  } catch {
    backends = NaN;
  }
  return { node: (node.user + node.system) / 1e6, postgres: backends };
}

/** Fills an empty, migrated database. */
export async function fill(db: Db, config: BenchConfig, writer: Writer, workers: number) {
  const started = performance.now();
  const cpuAtStart = await cpuSeconds(db, config);
  const { domainIds, taxonomy } = await insertDomains(db, config, writer);
  // Building the indexes once at the end is much faster than updating them row by row.
  const indexes = await secondaryIndexes(db);
  for (const index of indexes) await sql`drop index ${sql.raw(index.name)}`.execute(db);

  const { rand, between } = writer;
  const tagRank = zipf(rand, config.tagsPerDomain);
  const clientRank = zipf(rand, CLIENTS.length);
  const slugs = domainIds.map(() => new Set<string>());
  const now = Date.now();

  function batch(start: number, size: number) {
    const cols = {
      id: [] as string[],
      domain: [] as string[],
      title: [] as string[],
      slug: [] as string[],
      description: [] as string[],
      image: [] as string[],
      html: [] as string[],
      state: [] as string[],
      text: [] as string[],
      category: [] as (string | null)[],
      fields: [] as string[],
      author: [] as string[],
      approved: [] as boolean[],
      published: [] as boolean[],
      created: [] as string[],
      updated: [] as string[],
    };
    const tags = { post: [] as string[], tag: [] as string[], position: [] as number[] };
    for (let i = start; i < start + size; i++) {
      const d = domainOf(i, domainIds.length);
      const id = randomUUID();
      const post = writer.post();
      const base = blogSlug(post.title);
      let slug = base;
      for (let n = 2; slugs[d]?.has(slug); n++) slug = `${base}-${n}`;
      slugs[d]?.add(slug);
      const status = rand();
      const updated = now - rand() * YEARS_3;
      const categories = taxonomy.categories[d] ?? [];
      cols.id.push(id);
      cols.domain.push(domainIds[d] ?? '');
      cols.title.push(post.title);
      cols.slug.push(slug);
      cols.description.push(post.shortDescription);
      cols.image.push(rand() < 0.3 ? `https://images.example.com/${id}.jpg` : '');
      cols.html.push(post.html);
      cols.state.push(post.state);
      cols.text.push(post.text);
      cols.category.push(rand() < 0.85 ? (categories[Math.floor(rand() * categories.length)] ?? null) : null);
      cols.fields.push(JSON.stringify({ client: CLIENTS[clientRank()] }));
      cols.author.push(AUTHORS[Math.floor(rand() * AUTHORS.length)] ?? '');
      cols.approved.push(status < 0.3);
      cols.published.push(status < 0.15);
      cols.updated.push(new Date(updated).toISOString());
      cols.created.push(new Date(updated - rand() * 30 * 86_400_000).toISOString());
      const chosen = new Set<string>();
      for (let n = between(0, 4); chosen.size < n;) chosen.add(taxonomy.tags[d]?.[tagRank()] ?? '');
      [...chosen].forEach((tag, position) => {
        tags.post.push(id);
        tags.tag.push(tag);
        tags.position.push(position);
      });
    }
    return { cols, tags };
  }

  async function insert({ cols: c, tags: t }: ReturnType<typeof batch>) {
    await db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      await sql`
        insert into posts (id, domain_id, title, slug, short_description, feature_image_url,
          editor_html_content, editor_state, editor_text_string, category_id, fields, written_by,
          approved, published, created_at, updated_at)
        select * from unnest(${c.id}::uuid[], ${c.domain}::uuid[], ${c.title}::text[], ${c.slug}::text[],
          ${c.description}::text[], ${c.image}::text[], ${c.html}::text[], ${c.state}::text[], ${c.text}::text[],
          ${c.category}::uuid[], ${c.fields}::jsonb[], ${c.author}::text[], ${c.approved}::bool[],
          ${c.published}::bool[], ${c.created}::timestamptz[], ${c.updated}::timestamptz[])`.execute(trx);
      await sql`
        insert into post_tags (post_id, tag_id, position)
        select * from unnest(${t.post}::uuid[], ${t.tag}::uuid[], ${t.position}::int[])`.execute(trx);
    });
  }

  // Batches are generated while earlier ones insert, over a few connections (one with PGlite).
  const inflight = new Set<Promise<void>>();
  let done = 0;
  let lastReport = performance.now();
  for (let start = 0; start < config.posts; start += BATCH) {
    const next = batch(start, Math.min(BATCH, config.posts - start));
    while (inflight.size >= workers) await Promise.race(inflight);
    const pending: Promise<void> = insert(next).then(() => {
      inflight.delete(pending);
      done += next.cols.id.length;
    });
    inflight.add(pending);
    if (performance.now() - lastReport > 5_000) {
      lastReport = performance.now();
      const rate = done / ((lastReport - started) / 1000);
      console.log(`  posts ${fmt(done)} / ${fmt(config.posts)}  (${fmt(rate)} posts/s)`);
    }
  }
  await Promise.all(inflight);
  const inserted = performance.now();
  const rate = config.posts / ((inserted - started) / 1000);
  console.log(`  posts ${fmt(config.posts)} / ${fmt(config.posts)}  (${fmt(rate)} posts/s)`);
  const secs = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  console.log(`  inserted in ${secs(started)}`);
  // Vacuum before the indexes exist: it sets the visibility map (index-only scans need it) without
  // the full scan of each GIN index that a vacuum with indexes ends with.
  let t0 = performance.now();
  await sql`vacuum posts`.execute(db);
  await sql`vacuum post_tags`.execute(db);
  console.log(`  vacuum: ${secs(t0)}; building ${indexes.length} indexes over ${workers} connections…`);
  // The search index takes longest (a GIN build uses one core): it starts first, and the other
  // connections build the rest meanwhile.
  const queue = [...indexes].sort(
    (a, b) => Number(/using gin/i.test(b.def)) - Number(/using gin/i.test(a.def)),
  );
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let index = queue.shift(); index; index = queue.shift()) {
        const t1 = performance.now();
        const { def } = index;
        await db.transaction().execute(async (trx) => {
          await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
          await sql.raw(def).execute(trx);
        });
        console.log(`    ${index.name}: ${secs(t1)}`);
      }
    }),
  );
  t0 = performance.now();
  await sql`analyze`.execute(db);
  console.log(`  analyze: ${secs(t0)}`);
  await afterFill(db);
  const seconds = (performance.now() - started) / 1000;
  const cpuAtEnd = await cpuSeconds(db, config);
  const cpu = {
    node: cpuAtEnd.node - cpuAtStart.node,
    postgres: cpuAtEnd.postgres - cpuAtStart.postgres,
  };
  console.log(
    `  filled in ${seconds.toFixed(1)} s; CPU: this process ${cpu.node.toFixed(0)} s, ` +
      `PostgreSQL backends ${Number.isFinite(cpu.postgres) ? `${cpu.postgres.toFixed(0)} s` : 'unknown'}`,
  );
  return {
    seconds,
    postsPerSecond: config.posts / seconds,
    insertSeconds: (inserted - started) / 1000,
    cpuSeconds: cpu,
  };
}
