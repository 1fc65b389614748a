import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/** Stands in for the n-th argument while the query is compiled; no real value looks like it. */
const placeholder = (n: number) => `\u0000compiled-once:${n}`;

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each of the statement's parameters, the index of the argument that fills it. */
  slots: number[];
}

function compile<Args extends string[], Row>(
  db: Db,
  arity: number,
  build: (db: Db, ...args: Args) => Compilable<Row>,
): Compiled<Row> {
  const placeholders = Array.from({ length: arity }, (_, n) => placeholder(n));
  const query = build(db, ...(placeholders as Args)).compile();
  const slots = query.parameters.map((parameter) => {
    const slot = placeholders.indexOf(parameter as string);
    if (slot < 0) {
      throw new Error(
        `compiledOnce: parameter ${JSON.stringify(parameter)} is not an argument: ${query.sql}`,
      );
    }
    return slot;
  });
  return { query, slots };
}

/**
 * A hot statement whose SQL kysely builds and compiles once per database handle; each call runs that
 * text with its own values. Building and compiling costs 15–25 µs of CPU a statement, which the
 * membership check paid on every request (docs/performance.md, "Statements compiled once").
 *
 * `build` must pass its arguments into the query as they are: it runs once, with placeholders, and
 * every parameter of the compiled statement must be one of them (normalise values, such as
 * lower-casing an e-mail, before the call). A query that adds a value of its own fails loudly on its
 * first call. Returns the first row, as kysely's `executeTakeFirst`.
 */
export function compiledOnce<Args extends string[], Row>(build: (db: Db, ...args: Args) => Compilable<Row>) {
  const byDb = new WeakMap<Db, Compiled<Row>>();
  return async (db: Db, ...args: Args): Promise<Row | undefined> => {
    let compiled = byDb.get(db);
    if (!compiled) byDb.set(db, (compiled = compile(db, args.length, build)));
    const { query, slots } = compiled;
    const result = await db.executeQuery<Row>({ ...query, parameters: slots.map((slot) => args[slot]) });
    return result.rows[0];
  };
}
