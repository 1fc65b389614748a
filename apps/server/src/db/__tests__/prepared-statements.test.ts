import { describe, expect, it } from 'vitest';
import { StatementNames } from '../prepared-statements.js';

describe('StatementNames', () => {
  it('should give a read or a write the same name every time, and another text another name', () => {
    const names = new StatementNames();
    const read = names.nameOf('select "id" from "posts" where "id" = $1');
    expect(read).toMatch(/^masthead_[0-9a-f]{24}$/);
    expect(names.nameOf('select "id" from "posts" where "id" = $1')).toBe(read);
    expect(new StatementNames().nameOf('select "id" from "posts" where "id" = $1')).toBe(read);
    expect(names.nameOf('select "id" from "tags" where "id" = $1')).not.toBe(read);
    for (const text of [
      'insert into t values ($1)',
      'update t set a = $1',
      'delete from t',
      'with x as (select 1) select * from x',
    ]) {
      expect(names.nameOf(text)).toBeDefined();
    }
  });

  it('should leave a text search unnamed, since its best plan depends on its words', () => {
    const names = new StatementNames();
    expect(names.nameOf('select "id" from "posts" where posts.search @@ $1::tsquery')).toBeUndefined();
  });

  it('should leave DDL, EXPLAIN and transaction control unnamed', () => {
    const names = new StatementNames();
    for (const text of [
      'create table t (a int)',
      'explain (format json) select 1',
      'begin',
      'commit',
      'set local x = 1',
    ]) {
      expect(names.nameOf(text)).toBeUndefined();
    }
    expect(names.size).toBe(0);
  });

  it('should stop naming new texts at the cap, and keep naming the ones it has', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select 1');
    names.nameOf('select 2');
    expect(names.nameOf('select 3')).toBeUndefined();
    expect(names.nameOf('select 1')).toBe(first);
    expect(names.size).toBe(2);
  });
});
