import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { describeRequest, remember, responseProblem, StatusHistogram } from './fuzz-checks.js';
import { createWorld, snapshotWithAssets, type FuzzWorld } from './fuzz-world.js';
import {
  operationsOf,
  requestArbitrary,
  resolve,
  type OpenApiDocument,
  type Operation,
} from './openapi-requests.js';

// Random requests generated from /cms/openapi.json (issue 9, "Fuzzing"). `npm test` sends 1,000
// with a fixed seed; `npm run fuzz` sends FUZZ_RUNS (10,000) with a random seed or FUZZ_SEED.
// A failure prints the seed, the run's path and the request, method, URL, headers and body.

const RUNS = Number(process.env.FUZZ_RUNS || 1_000);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED || 20_261_123);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`FUZZ_RUNS must be a positive integer`);
if (!Number.isInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer or "random"`);
/** How often the server's readiness is checked during the run. */
const READY_EVERY = 100;

let ctx: TestContext;
let world: FuzzWorld;
let operations: Operation[];
let before: Awaited<ReturnType<typeof snapshotWithAssets>>[];

const untouched = () => [...world.others.map((o) => o.domain), world.outsiderDomain];

beforeAll(async () => {
  ctx = await createTestContext();
  world = await createWorld(ctx);
  const document = (
    await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })
  ).json<OpenApiDocument>();
  operations = operationsOf(document);
  before = await Promise.all(untouched().map((d) => snapshotWithAssets(ctx, d.id)));
});
afterAll(async () => ctx.close());

describe('every /cms operation of the OpenAPI document, fuzzed', () => {
  const histogram = new StatusHistogram();
  const byOperation = new Map<string, StatusHistogram>();

  it(
    `should answer ${RUNS} random requests below 500, with the error body on every 4xx (seed ${SEED})`,
    async () => {
      expect(operations.length).toBeGreaterThanOrEqual(20);
      const started = performance.now();
      const known = {
        uuids: world.uuids,
        uploads: world.uploads,
        tagIds: [...world.ids.tags],
        categoryIds: [...world.ids.categories],
      };
      let sent = 0;
      const property = fc.asyncProperty(requestArbitrary(operations, known), async (spec) => {
        const request = resolve(spec, world);
        const response = await ctx.app.inject(request);
        histogram.add(response.statusCode);
        const name = `${spec.operation.method} ${spec.operation.path}`;
        if (!byOperation.has(name)) byOperation.set(name, new StatusHistogram());
        byOperation.get(name)!.add(response.statusCode);
        remember(world, request, response);
        const problem = responseProblem(response);
        if (problem) {
          throw new Error(
            `${problem} (seed ${SEED}, request ${sent + 1})\n${describeRequest(request)}\n` +
              `→ ${response.statusCode} ${response.body.slice(0, 500)}`,
          );
        }
        if (++sent % READY_EVERY === 0) {
          const ready = await ctx.app.inject({ method: 'GET', url: '/readyz' });
          if (ready.statusCode !== 200) throw new Error(`/readyz answered ${ready.statusCode} after ${sent}`);
        }
      });
      // The server keeps state between runs, so shrinking would replay other requests: the failing
      // request is reported as it was sent.
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });

      const seconds = (performance.now() - started) / 1000;
      console.log(
        `fuzz: seed ${SEED}, ${histogram.total} requests in ${seconds.toFixed(1)} s; ` +
          `status ${histogram.toString()}; 5xx: ${histogram.count((s) => s >= 500)}\n` +
          [...byOperation]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, counts]) => `  ${name}: ${counts.toString()}`)
            .join('\n'),
      );
      expect(histogram.total).toBe(RUNS);
      // The requests reach the handlers: some succeed, some are refused for each reason.
      expect(histogram.count((s) => s >= 200 && s < 300)).toBeGreaterThan(RUNS / 20);
      for (const status of [400, 401, 403, 404]) expect(histogram.counts.get(status) ?? 0).toBeGreaterThan(0);
    },
    60_000 + RUNS * 200,
  );

  it('should still be ready and serve the fuzzed domain', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/cms/blogs/all?domain=${world.home.domain}`,
      headers: { authorization: world.authorization.admin! },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should leave every other domain unchanged', async () => {
    const after = await Promise.all(untouched().map((d) => snapshotWithAssets(ctx, d.id)));
    expect(after).toEqual(before);
  });

  it('should link no post to a tag or category of another domain', async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from posts p
      where exists (select 1 from post_tags pt join tags t on t.id = pt.tag_id
                    where pt.post_id = p.id and t.domain_id <> p.domain_id)
         or exists (select 1 from categories c where c.id = p.category_id and c.domain_id <> p.domain_id)`.execute(
      ctx.db,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
