import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * At most this many statement texts per process are prepared. Each prepared statement keeps its
 * plan in every PostgreSQL connection that ran it, so the cap bounds that memory; the app's hot
 * statements are a few dozen texts, and the rest (for example `in (…)` lists of a rare length)
 * run unnamed once the cap is reached.
 */
export const MAX_PREPARED_STATEMENTS = 200;

/** Statements worth preparing: plain reads and writes, not DDL, EXPLAIN or transaction control. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Which statements are prepared (decision 028). A named statement is parsed once per connection,
 * and after five calls PostgreSQL may keep one generic plan for it, where an unnamed one is parsed
 * and planned on every call: at a million posts that was half the database's time for a list page
 * or a get by id. A text search (`@@`) is never prepared, because its best plan depends on how
 * common its words are, which a generic plan cannot know.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();

  constructor(private readonly max = MAX_PREPARED_STATEMENTS) {}

  /** The statement's name, or undefined to run it unnamed. */
  nameOf(sql: string): string | undefined {
    const known = this.#names.get(sql);
    if (known !== undefined) return known;
    if (!PREPARABLE.test(sql) || sql.includes('@@') || this.#names.size >= this.max) return undefined;
    // The name depends on the text alone, so every connection and process gives it the same one.
    const name = `masthead_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    this.#names.set(sql, name);
    return name;
  }

  get size() {
    return this.#names.size;
  }
}

/**
 * PostgreSQL refuses a prepared statement whose result columns changed since it was prepared (a
 * `select *` after a migration added a column, while this process runs).
 */
function isStalePlan(error: unknown) {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    String((error as { message?: unknown }).message).includes('cached plan must not change result type')
  );
}

/** Runs one statement on a pg client; postgres-pool.ts calls it for every statement kysely sends. */
export type StatementRunner = (
  client: pg.ClientBase,
  sql: string,
  parameters: readonly unknown[],
) => Promise<pg.QueryResult>;

/**
 * Runs statements as named (prepared) statements where it can, or, without names (with
 * DATABASE_PREPARED_STATEMENTS=false), each as it comes.
 */
export function statementRunner(names: StatementNames | undefined): StatementRunner {
  const staleByClient = new WeakMap<pg.ClientBase, Set<string>>();
  return (client, sql, parameters) => {
    if (!names) return client.query(sql, [...parameters]);
    let stale = staleByClient.get(client);
    if (!stale) staleByClient.set(client, (stale = new Set()));
    return runNamed(client, names.nameOf(sql), sql, parameters, stale);
  };
}

async function runNamed(
  client: pg.ClientBase,
  name: string | undefined,
  sql: string,
  parameters: readonly unknown[],
  stale: Set<string>,
) {
  const values = [...parameters];
  if (name === undefined || stale.has(name)) return client.query(sql, values);
  try {
    return await client.query({ name, text: sql, values });
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    // This connection keeps the old statement; run the text unnamed on it from now on.
    stale.add(name);
    return client.query(sql, values);
  }
}
