import { sql } from 'kysely';
import type { ColumnDef } from '@masthead/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnDefsProblems } from '../../../src/services/column-defs-validation.js';
import { setColumnDefs } from '../../../src/services/column-defs.service.js';
import { createTestContext, type TestContext } from '../../helpers/test-app.js';
import { createPost, expectError, newDomainApi, postBody } from './blog-fixtures.js';

// Multi-select custom fields (issue 22, decision 051): a list of the definition's options, each
// once, stored in the definition's order; a filterable one filters by "holds this option", with
// totals from the post counters.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const TOPICS: ColumnDef = {
  key: 'topics',
  label: 'Topics',
  type: 'multiselect',
  required: true,
  options: ['Cloud', 'Data', 'Security'],
  filterable: true,
};

async function topicsDomain() {
  const context = await newDomainApi(ctx, 'editor');
  await ctx.db.transaction().execute((trx) => setColumnDefs(trx, context.domain.id, [TOPICS]));
  return context;
}

describe('multi-select fields', () => {
  it('should keep the chosen options in the definition order, and refuse anything else', async () => {
    const { api } = await topicsDomain();
    const post = await createPost(api, { fields: { topics: ['Security', 'Cloud'] } });
    expect((await api.get(post.id)).json().fields).toEqual({ topics: ['Cloud', 'Security'] });

    const unknown = expectError(await api.create(postBody({ fields: { topics: ['Cloud', 'AI'] } })), 400);
    expect(unknown.errors).toEqual(['fields.topics: must be a list of Cloud, Data, Security']);
    const twice = expectError(await api.create(postBody({ fields: { topics: ['Data', 'Data'] } })), 400);
    expect(twice.errors).toEqual(['fields.topics: must name each option once']);
    const text = expectError(await api.create(postBody({ fields: { topics: 'Cloud' } })), 400);
    expect(text.errors).toEqual(['fields.topics: must be a list of Cloud, Data, Security']);
    // Required: an empty list is no value.
    const none = expectError(await api.create(postBody({ fields: { topics: [] } })), 400);
    expect(none.errors[0]).toMatch(/^fields\.topics: /);
  });

  it('should filter by one option, with exact totals from the counters', async () => {
    const { api, domain } = await topicsDomain();
    await createPost(api, { title: 'Both', fields: { topics: ['Cloud', 'Data'] } });
    await createPost(api, { title: 'Cloud only', fields: { topics: ['Cloud'] } });
    await createPost(api, { title: 'Security', fields: { topics: ['Security'] } });

    const titles = async (option: string) => {
      const reply = await api.list({ 'field.topics': option });
      expect(reply.statusCode, reply.body).toBe(200);
      const body = reply.json<{
        totalEntries: number;
        totalEntriesIsEstimate?: boolean;
        entries: { title: string }[];
      }>();
      expect(body.totalEntriesIsEstimate).toBeUndefined();
      expect(body.totalEntries).toBe(body.entries.length);
      return body.entries.map((post) => post.title).sort();
    };
    expect(await titles('Cloud')).toEqual(['Both', 'Cloud only']);
    expect(await titles('Data')).toEqual(['Both']);
    expect(await titles('Security')).toEqual(['Security']);
    expect(await titles('Nothing')).toEqual([]);

    // The counters project the list like a select's value: one combination per post's list.
    const { rows } = await sql<{ values: unknown; n: number }>`
      select filter_values as values, n::int as n from post_counts
      where domain_id = ${domain.id} and n > 0`.execute(ctx.db);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { values: { topics: ['Cloud'] }, n: 1 },
        { values: { topics: ['Cloud', 'Data'] }, n: 1 },
        { values: { topics: ['Security'] }, n: 1 },
      ]),
    );
  });

  it('should need options, and may be filterable', () => {
    expect(columnDefsProblems([{ ...TOPICS, options: [] }])).toEqual([
      'field 1 "topics": a multiselect field needs a non-empty "options" list',
    ]);
    expect(columnDefsProblems([TOPICS])).toEqual([]);
    expect(
      columnDefsProblems([{ key: 'n', label: 'N', type: 'number', required: false, filterable: true }]),
    ).toEqual(['field 1 "n": only a select or multiselect field can be filterable']);
  });
});
