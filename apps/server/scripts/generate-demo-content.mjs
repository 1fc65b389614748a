/**
 * Generates the demo catalog and posts seeded on first start: apps/server/src/demo/demo-posts.json.
 *
 *   node apps/server/scripts/generate-demo-content.mjs
 *
 * Posts are written in Markdown and converted with the same Lexical nodes the editor uses, so the
 * seeded editorState opens in the editor and editorHtmlContent / editorTextString match what the
 * editor itself would save. The output is deterministic (no clock, no randomness): dates are
 * `daysAgo` offsets the seeder applies to the current date. Re-run after editing a post and commit
 * the JSON; src/demo/__tests__/demo-content.test.ts fails when the JSON drifts from Lexical's output.
 *
 * Markdown sources live in template literals, so backticks and `${` inside them are escaped.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createHeadlessEditor } from '@lexical/headless';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { ListItemNode, ListNode } from '@lexical/list';
import { CodeHighlightNode, CodeNode } from '@lexical/code';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import {
  $createTableCellNode,
  $createTableNode,
  $createTableRowNode,
  TableCellHeaderStates,
  TableCellNode,
  TableNode,
  TableRowNode,
} from '@lexical/table';
// The React-free base node; @lexical/react's HorizontalRuleNode extends it with the same type.
import { $createHorizontalRuleNode, HorizontalRuleNode } from '@lexical/extension';
import { $convertFromMarkdownString, isTableRowDivider, TRANSFORMERS } from '@lexical/markdown';
import { $generateHtmlFromNodes } from '@lexical/html';
import { $getRoot } from 'lexical';
import { JSDOM } from 'jsdom';
import * as prettier from 'prettier';

const OUTPUT = fileURLToPath(new URL('../src/demo/demo-posts.json', import.meta.url));

/** Tables get an even share of this width; Lexical's 75px default per column is too narrow to read. */
const TABLE_WIDTH = 720;

// ---------------------------------------------------------------------------------------------
// Lexical conversion
// ---------------------------------------------------------------------------------------------

const NODES = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  CodeNode,
  CodeHighlightNode,
  LinkNode,
  AutoLinkNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  HorizontalRuleNode,
];

/** `---` on its own line; @lexical/markdown 0.52 ships no transformer for it. */
const HORIZONTAL_RULE = {
  type: 'element',
  dependencies: [HorizontalRuleNode],
  regExp: /^(?:---|\*\*\*|___)\s*$/,
  export: () => null,
  replace: (paragraph) => {
    paragraph.replace($createHorizontalRuleNode());
  },
};

const TABLE_ROW = /^\|.*\|\s*$/;
const splitRow = (line) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * GFM pipe tables (header row, `| --- |` divider, body rows), which @lexical/markdown 0.52 does not
 * import. Cells take inline Markdown (bold, code, links) through a nested conversion.
 */
const TABLE = {
  type: 'multiline-element',
  dependencies: [TableNode, TableRowNode, TableCellNode],
  regExpStart: TABLE_ROW,
  replace: () => false,
  handleImportAfterStartMatch: ({ lines, rootNode, startLineIndex }) => {
    if (!isTableRowDivider(lines[startLineIndex + 1] ?? '')) return null;
    let end = startLineIndex + 2;
    while (end < lines.length && TABLE_ROW.test(lines[end])) end++;
    const rows = [lines[startLineIndex], ...lines.slice(startLineIndex + 2, end)].map(splitRow);
    const width = Math.floor(TABLE_WIDTH / rows[0].length);
    const table = $createTableNode().setColWidths(rows[0].map(() => width));
    rows.forEach((cells, index) => {
      const header = index === 0 ? TableCellHeaderStates.ROW : TableCellHeaderStates.NO_STATUS;
      const row = $createTableRowNode();
      for (const text of cells) {
        const cell = $createTableCellNode(header, undefined, width);
        $convertFromMarkdownString(text, TRANSFORMERS, cell);
        row.append(cell);
      }
      table.append(row);
    });
    rootNode.append(table);
    return [true, end - 1];
  },
};

/** Runs `fn` with the DOM globals @lexical/html needs for export, borrowed from a JSDOM window. */
function withDom(fn) {
  const { window } = new JSDOM('<!doctype html><html><body></body></html>');
  const names = ['window', 'document', 'DOMParser', 'Node', 'HTMLElement'];
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  names.forEach((name) => {
    globalThis[name] = name === 'window' ? window : window[name];
  });
  try {
    return fn();
  } finally {
    names.forEach((name, i) => {
      if (saved[i]) Object.defineProperty(globalThis, name, saved[i]);
      else delete globalThis[name];
    });
    window.close();
  }
}

function convert(markdown) {
  const editor = createHeadlessEditor({
    namespace: 'masthead-demo',
    nodes: NODES,
    onError: (error) => {
      throw error;
    },
  });
  editor.update(
    () => $convertFromMarkdownString(markdown.trim(), [TABLE, HORIZONTAL_RULE, ...TRANSFORMERS]),
    {
      discrete: true,
    },
  );
  const state = editor.getEditorState();
  return {
    editorState: JSON.stringify(state.toJSON()),
    editorHtmlContent: withDom(() => state.read(() => $generateHtmlFromNodes(editor, null))),
    editorTextString: state.read(() => $getRoot().getTextContent()),
  };
}

// ---------------------------------------------------------------------------------------------
// Catalog
// ---------------------------------------------------------------------------------------------

const ENG = 'blog.example.com';
const NEWS = 'news.example.org';
const CLIENTS = ['Acme Corp', 'Globex', 'Initech'];

/** Same rule as tagSlug in packages/contract/src/slug.ts (a .mjs script cannot import the TS). */
const tagSlug = (name) => name.trim().toLowerCase().replace(/\s+/g, '-');

const DOMAINS = [
  {
    domain: ENG,
    name: 'Example Engineering',
    tags: [
      'TypeScript',
      'Performance',
      'Open Source',
      'Databases',
      'Testing',
      'DevOps',
      'Security',
      'Frontend',
    ],
    categories: ['Engineering', 'Tutorials', 'Case Studies', 'Announcements'],
    columnDefs: [
      { key: 'client', label: 'Client', type: 'select', required: true, options: CLIENTS, filterable: true },
    ],
  },
  {
    domain: NEWS,
    name: 'Example News',
    tags: [
      'City Guides',
      'Food',
      'Budget Travel',
      'Rail',
      'Festivals',
      'Outdoors',
      'Sustainability',
      'Travel Tips',
    ],
    categories: ['Destinations', 'Culture', 'Features', 'Guides', 'News'],
    columnDefs: [],
  },
];

const IMAGES = 'https://images.example.com';

// ---------------------------------------------------------------------------------------------
// Posts. `tags` and `category` are slugs of the domain's catalog; `client` is only for ENG.
// Status mix: 10 published, 5 approved, 10 draft. Older posts are the published ones.
// ---------------------------------------------------------------------------------------------

const ENGINEERING_POSTS = [
  {
    title: 'Migrating a 200,000-line codebase to TypeScript strict mode',
    shortDescription:
      'We turned on strict mode in a five-year-old codebase without freezing feature work. Here is the phased plan, the numbers, and what we would do differently.',
    featureImageUrl: `${IMAGES}/engineering/typescript-strict-mode.jpg`,
    writtenBy: 'Priya Raman',
    tags: ['typescript', 'testing'],
    category: 'case-studies',
    client: 'Acme Corp',
    status: 'published',
    daysAgo: 94,
    markdown: `
Acme Corp's order management platform had grown to roughly 200,000 lines of TypeScript, but only about a third of it would compile under \`strict\`. Every bug report that began with *"cannot read properties of undefined"* was a reminder of what the compiler could have caught for us.

## Why not just flip the switch?

Turning on \`strict: true\` in one go produced **6,412 errors**. Nobody can review a pull request that size, and freezing the main branch for weeks was not an option. We needed a plan that let product work carry on.

## The phased plan

1. Enable each strict sub-flag on its own, starting with the cheapest.
2. Track the error count per flag in CI so that it can only go down.
3. Fix errors directory by directory, owned by the team that owns the code.
4. Delete the baseline file once the count reaches zero.

The ratchet itself was a short script that runs the compiler against a stricter config and compares the error count with a committed baseline:

\`\`\`typescript
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const baseline = Number(readFileSync('strict-baseline.txt', 'utf8'));
const output = execSync('npx tsc -p tsconfig.strict.json --noEmit || true').toString();
const errors = output.split('\\n').filter((line) => line.includes('error TS')).length;

if (errors > baseline) {
  console.error(\`Strict errors went up: \${errors} (baseline \${baseline})\`);
  process.exit(1);
}
\`\`\`

## The numbers

| Flag | Errors at start | Weeks to zero |
| --- | ---: | ---: |
| \`noImplicitAny\` | 2,870 | 5 |
| \`strictNullChecks\` | 3,105 | 7 |
| \`strictFunctionTypes\` | 312 | 1 |
| \`strictPropertyInitialization\` | 125 | 1 |

## What we learned

- **Null checks find real bugs.** Eleven of the fixes turned out to be production bugs that had been open in the tracker for months.
- *Non-null assertions are debt.* We allowed \`!\` during the migration, but a lint rule flags each one so that it shows up in review.
- Ownership beats tooling. The directories with a clear owning team reached zero three times faster than the shared ones.

> The best time to enable strict mode is at git init. The second best time is with a ratchet.

The [TypeScript handbook entry for strict](https://www.typescriptlang.org/tsconfig#strict) lists every flag the switch turns on.
`,
  },
  {
    title: 'The Postgres indexes we actually needed',
    shortDescription:
      "Globex's reporting API was slow, and the fix was three indexes, not thirty. How we found them, and the nine we dropped along the way.",
    featureImageUrl: `${IMAGES}/engineering/postgres-indexes.jpg`,
    writtenBy: 'Marcus Chen',
    tags: ['databases', 'performance'],
    category: 'engineering',
    client: 'Globex',
    status: 'published',
    daysAgo: 81,
    markdown: `
Globex's reporting API had a p95 latency of almost two seconds. The first instinct on the team was to add an index for every column that appeared in a \`WHERE\` clause. We did something more boring instead: we measured.

## Start with evidence, not intuition

The \`pg_stat_statements\` extension records every normalised query with its call count and timings:

\`\`\`sql
SELECT query, calls, mean_exec_time, total_exec_time
FROM pg_stat_statements
ORDER BY total_exec_time DESC
LIMIT 20;
\`\`\`

Sorting by **total** time rather than mean time matters. It surfaces the cheap queries that run millions of times a day, which is where an index pays off most.

## The three indexes that mattered

### A composite index in the right order

\`\`\`sql
CREATE INDEX CONCURRENTLY orders_customer_created_idx
  ON orders (customer_id, created_at DESC);
\`\`\`

Equality columns go first, range and sort columns last. The reverse order would have been nearly useless for this query.

### A partial index for the hot subset

\`\`\`sql
CREATE INDEX CONCURRENTLY invoices_unpaid_idx
  ON invoices (due_date)
  WHERE status = 'unpaid';
\`\`\`

Only about two percent of invoices are unpaid, so this index is tiny and stays in memory.

### A covering index to skip the table

\`\`\`sql
CREATE INDEX CONCURRENTLY events_account_type_idx
  ON events (account_id, type) INCLUDE (occurred_at);
\`\`\`

With \`INCLUDE\`, the activity feed is answered by an index-only scan.

## Results

| Query | p95 before | p95 after |
| --- | ---: | ---: |
| Customer order history | 1,840 ms | 38 ms |
| Overdue invoices | 920 ms | 12 ms |
| Activity feed | 610 ms | 45 ms |

## The ones we dropped

We also found **nine indexes that had never been scanned** since the last statistics reset. Each one still cost write amplification and vacuum time, so they went.

> An index is a promise to pay a little on every write for a discount on some reads. Check that the reads actually happen.

The [PostgreSQL documentation on indexes](https://www.postgresql.org/docs/current/indexes.html) is short and worth reading end to end.
`,
  },
  {
    title: 'Node.js streams and backpressure, explained with a CSV import',
    shortDescription:
      'A two-gigabyte CSV import crashed our worker with an out-of-memory error. Rewriting it with streams and a pipeline fixed it, once we understood backpressure.',
    featureImageUrl: `${IMAGES}/engineering/node-streams.jpg`,
    writtenBy: 'Elena Duarte',
    tags: ['performance', 'typescript'],
    category: 'tutorials',
    client: 'Initech',
    status: 'published',
    daysAgo: 73,
    markdown: `
Initech sends us a nightly customer export of around two gigabytes. The first version of the importer read the whole file into memory, parsed it, and inserted the rows. It worked in staging and fell over in production.

## What backpressure means

A stream that produces data faster than the next one can consume it has two choices: buffer without limit, or ask the producer to wait. **Backpressure** is the second option. In Node.js, \`write()\` returns \`false\` when the internal buffer is above its \`highWaterMark\`, and a well-behaved producer pauses until the \`drain\` event.

The good news is that you rarely need to handle this by hand. \`pipeline\` wires it up for you.

## The rewrite

\`\`\`typescript
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';

const insertRows = new Writable({
  objectMode: true,
  highWaterMark: 500,
  write(row, _encoding, callback) {
    db.insertInto('customers')
      .values(row)
      .execute()
      .then(() => callback(), callback);
  },
});

await pipeline(createReadStream('customers.csv'), parse({ columns: true }), insertRows);
\`\`\`

Three details do the heavy lifting:

- \`objectMode: true\` makes the high-water mark count rows instead of bytes.
- The callback is only called once the insert has finished, so the parser pauses while the database is busy.
- \`pipeline\` destroys every stream if one of them fails, so a bad row does not leave a file handle open.

## Batching

Inserting one row at a time is slow. Collecting rows into batches of 500 in a small \`Transform\` stream cut the import from 41 minutes to under 6, while memory stayed flat at about 120 MB.

## Further reading

The [Node.js guide to backpressure](https://nodejs.org/en/learn/modules/backpressuring-in-streams) explains the internals in more depth, including what happens when you ignore the return value of \`write()\`.
`,
  },
  {
    title: 'A field guide to flaky tests',
    shortDescription:
      'Flaky tests erode trust in CI faster than slow ones. A taxonomy of the flakes we found in the Acme Corp test suite and how we fixed each kind.',
    featureImageUrl: `${IMAGES}/engineering/flaky-tests.jpg`,
    writtenBy: 'Tom Okafor',
    tags: ['testing', 'devops'],
    category: 'engineering',
    client: 'Acme Corp',
    status: 'approved',
    daysAgo: 12,
    markdown: `
A test that fails one run in fifty is worse than a test that always fails. The broken test gets fixed; the flaky one teaches everybody to press *re-run* without reading the output.

Over one quarter we tracked every flaky failure in the Acme Corp suite. Almost all of them fell into five families.

## The five families

### Time

Tests that call \`new Date()\` and assert on the result break around midnight, at month ends and on daylight-saving changes. **Fix:** inject a clock, or use fake timers and set the time explicitly.

### Order

A test that passes alone and fails in the full run is usually relying on state left behind by another test. **Fix:** reset shared state in \`beforeEach\`, and run the suite in random order in CI to catch new cases early.

### Concurrency

Assertions that race an asynchronous operation, often hidden behind a fixed \`sleep(100)\`. **Fix:** wait for the condition, not for a duration.

### The network

Anything that calls a real third-party API will eventually time out. **Fix:** stub it at the HTTP layer and keep one separate, clearly labelled smoke test.

### Resource limits

Ports already in use, temporary directories that collide, containers that start slowly on a busy runner. **Fix:** ask the operating system for a free port and give every test its own directory.

## Finding them

Re-running the suite repeatedly on an idle machine is a cheap way to shake flakes loose:

\`\`\`bash
for i in $(seq 1 30); do
  npx vitest run --reporter=dot --sequence.shuffle || echo "run $i failed" >> flaky.log
done
\`\`\`

## Our rules now

1. A flaky test is quarantined within a day and gets an owner.
2. Quarantined tests still run, but cannot fail the build.
3. A test stays in quarantine for two weeks at most; after that it is fixed or deleted.

> Re-running a flaky test until it passes is not a fix. It is a way of hiding data from yourself.
`,
  },
  {
    title: 'One year of maintaining an open-source SDK',
    shortDescription:
      'A year ago we published the Globex payments SDK under the MIT licence. What went well, what surprised us and what we changed in how we maintain it.',
    featureImageUrl: '',
    writtenBy: 'Priya Raman',
    tags: ['open-source'],
    category: 'announcements',
    client: 'Globex',
    status: 'published',
    daysAgo: 66,
    markdown: `
Twelve months ago we released the Globex payments SDK as an open-source project. It now has **1,900 stars, 64 contributors and 31 releases**. This is a look back at the year, written mostly for teams thinking of doing the same.

## What went well

- **Issues as documentation.** Many of our best docs pages started as a well-written issue from a user who got stuck.
- *Semantic versioning, strictly applied.* We have shipped two major versions, each with a migration guide and a deprecation period of at least one minor release.
- A small, fast test suite that contributors can run locally in under a minute.

## What surprised us

The volume of support questions, not code contributions, was the real cost. Roughly four out of five new issues were usage questions. Moving them to a discussions forum and adding a template for bug reports halved the triage time.

---

## What we changed

1. Every pull request gets a first response within two working days, even if the answer is "not yet".
2. Releases are automated from the changelog, so anyone on the rota can cut one.
3. We publish a public roadmap, which turned several drive-by feature requests into real contributions.

> Open source is not a marketing channel. It is a product with users, and users need support.

If you are using the SDK, the [contributing guide](https://github.com/example/payments-sdk/blob/main/CONTRIBUTING.md) is the best place to start. Thank you to everyone who filed an issue, reviewed a change or simply told us it worked.
`,
  },
  {
    title: 'Content Security Policy without the tears',
    shortDescription:
      'A strict Content Security Policy blocks whole classes of cross-site scripting. How to roll one out gradually with report-only mode and nonces.',
    featureImageUrl: `${IMAGES}/engineering/content-security-policy.jpg`,
    writtenBy: 'Elena Duarte',
    tags: ['security', 'frontend'],
    category: 'tutorials',
    client: 'Initech',
    status: 'draft',
    daysAgo: 3,
    markdown: `
A **Content Security Policy** tells the browser which scripts, styles and frames a page may load. Done well, it turns most cross-site scripting bugs from an incident into a console warning. Done badly, it breaks the checkout page on a Friday afternoon.

## Start in report-only mode

The \`Content-Security-Policy-Report-Only\` header applies the policy without enforcing it. The browser reports violations and loads everything anyway, so you can collect data for a few weeks before switching.

## Prefer nonces to allow-lists

Allow-listing domains sounds simple but ages badly: a single permissive CDN in the list can undo the whole policy. A per-response **nonce** is stricter and easier to maintain.

\`\`\`javascript
import { randomBytes } from 'node:crypto';

app.addHook('onRequest', async (request, reply) => {
  const nonce = randomBytes(16).toString('base64');
  request.cspNonce = nonce;
  reply.header(
    'Content-Security-Policy',
    \`script-src 'nonce-\${nonce}' 'strict-dynamic'; object-src 'none'; base-uri 'none'\`,
  );
});
\`\`\`

Every inline script then carries the nonce as an attribute, and scripts loaded by a trusted script are allowed through \`'strict-dynamic'\`.

## A rollout checklist

1. Ship the policy in report-only mode and send reports to an endpoint you actually read.
2. Fix or remove inline event handlers such as \`onclick\`; nonces do not cover them.
3. Review third-party tags with their owners. Some can be dropped.
4. Enforce on one low-risk page, then on everything.

## Open questions for the Initech team

- Which analytics scripts are still needed?
- Can the legacy admin pages move behind a separate, looser policy?

See [MDN's CSP guide](https://developer.mozilla.org/en-US/docs/Web/HTTP/CSP) for the full list of directives.
`,
  },
  {
    title: 'Zero-downtime schema changes with expand and contract',
    shortDescription:
      'Renaming a column sounds trivial until the application is running on twelve servers. The expand and contract pattern lets old and new code run side by side.',
    featureImageUrl: `${IMAGES}/engineering/expand-contract.jpg`,
    writtenBy: 'Marcus Chen',
    tags: ['databases', 'devops'],
    category: 'engineering',
    client: 'Acme Corp',
    status: 'published',
    daysAgo: 58,
    markdown: `
During a rolling deploy, old and new versions of the application run against the same database at the same time. Any schema change has to work for **both**. The pattern we use for this is called *expand and contract*.

## The six steps

Renaming \`customers.name\` to \`customers.full_name\` takes six small deploys instead of one big one:

1. **Expand:** add the new column, nullable, with no default that rewrites the table.
2. Deploy code that writes to both columns and still reads the old one.
3. Backfill the new column in small batches.
4. Deploy code that reads the new column.
5. Deploy code that stops writing the old column.
6. **Contract:** drop the old column.

Each step is safe to roll back on its own, which is the whole point.

## The backfill

Large updates hold locks and bloat the table, so we backfill in batches and pause between them:

\`\`\`sql
UPDATE customers
SET full_name = name
WHERE id IN (
  SELECT id FROM customers
  WHERE full_name IS NULL
  ORDER BY id
  LIMIT 5000
);
\`\`\`

A small job runs this until it updates zero rows, sleeping for a second between batches so that replication can keep up.

## Things that still bite

- Adding a \`NOT NULL\` constraint validates every row. Add it as \`NOT VALID\` first and validate it in a separate step.
- Creating an index without \`CONCURRENTLY\` blocks writes for as long as the build takes.
- ORMs that select every column can break when a column disappears. Stop reading it before you drop it.

> Most migration outages are not caused by hard changes. They are caused by easy changes made in one step.
`,
  },
  {
    title: 'What real-user monitoring taught us about page speed',
    shortDescription:
      'Lab scores said the Initech storefront was fast. Field data from real visitors disagreed. What we measured, what we fixed and how the numbers moved.',
    featureImageUrl: `${IMAGES}/engineering/real-user-monitoring.jpg`,
    writtenBy: 'Elena Duarte',
    tags: ['frontend', 'performance'],
    category: 'case-studies',
    client: 'Initech',
    status: 'approved',
    daysAgo: 9,
    markdown: `
On a fast laptop with a wired connection, the Initech storefront scored in the high nineties. Yet conversion on mobile was falling. Lab tests measure the page you build; **real-user monitoring** measures the page your visitors actually get.

## What we collected

We added the open-source \`web-vitals\` library and sent three metrics to our analytics endpoint, tagged with device type and page template:

\`\`\`javascript
import { onCLS, onINP, onLCP } from 'web-vitals';

function send(metric) {
  navigator.sendBeacon('/rum', JSON.stringify({ name: metric.name, value: metric.value, page: location.pathname }));
}

onLCP(send);
onINP(send);
onCLS(send);
\`\`\`

## The thresholds we aimed for

| Metric | What it measures | Good | Our mobile p75 before |
| --- | --- | --- | --- |
| Largest Contentful Paint | Loading | 2.5 s or less | 4.1 s |
| Interaction to Next Paint | Responsiveness | 200 ms or less | 380 ms |
| Cumulative Layout Shift | Visual stability | 0.1 or less | 0.24 |

## What we fixed

- **The hero image** was a 1.4 MB JPEG. Serving responsive AVIF images with \`fetchpriority="high"\` brought LCP down by more than a second.
- *A cookie banner* injected above the header caused most of the layout shift. Reserving its space fixed it.
- A product filter ran a full re-render on every keystroke. Debouncing it and moving the work off the main thread halved INP.

## Results after six weeks

Mobile LCP at the 75th percentile fell to 2.3 seconds and INP to 170 milliseconds. Layout shift was close to zero. Mobile conversion recovered within a month, though we are careful not to claim all of that for performance.

Google's [Web Vitals overview](https://web.dev/articles/vitals) explains how each metric is defined.
`,
  },
  {
    title: 'Sharing API contracts between client and server',
    shortDescription:
      'When the web app and the API disagree about a field, users find out first. A shared contract package lets the compiler find out instead.',
    featureImageUrl: `${IMAGES}/engineering/api-contracts.jpg`,
    writtenBy: 'Priya Raman',
    tags: ['typescript', 'frontend'],
    category: 'tutorials',
    client: 'Globex',
    status: 'draft',
    daysAgo: 5,
    markdown: `
Most API bugs we see at Globex are not logic errors. They are *disagreements*: the server renamed a field, the client still reads the old one, and nothing fails until a user opens the page.

## One package, two consumers

We moved every request and response shape into a small workspace package that both the server and the web app import. The schemas are written once and produce both a runtime validator and a static type:

\`\`\`typescript
import { Type, type Static } from '@sinclair/typebox';

export const Invoice = Type.Object({
  id: Type.String({ format: 'uuid' }),
  amountCents: Type.Integer({ minimum: 0 }),
  status: Type.Union([Type.Literal('draft'), Type.Literal('sent'), Type.Literal('paid')]),
});

export type Invoice = Static<typeof Invoice>;
\`\`\`

The server validates every response against the schema in development, and the client gets a compile error the moment a field changes.

## Rules that keep it healthy

- The contract package has **no runtime dependencies** beyond the schema library.
- Breaking changes to a schema need a new endpoint version, never an in-place edit.
- Generated OpenAPI documents come from the same schemas, so the docs cannot drift either.

## Still to write

- How we test old clients against new servers.
- Handling optional fields during a rolling deploy.
`,
  },
  {
    title: 'How we run on-call without burning people out',
    shortDescription:
      'Being on call should be boring. The rota, alert rules and follow-up habits that keep pages rare and nights quiet for our platform team.',
    featureImageUrl: '',
    writtenBy: 'Tom Okafor',
    tags: ['devops'],
    category: 'engineering',
    client: 'Acme Corp',
    status: 'published',
    daysAgo: 47,
    markdown: `
Two years ago our on-call engineer was paged on average **nine times a week**, often at night. Today it is fewer than two. Nothing dramatic happened; we just treated every page as a bug.

## The rota

- One primary and one secondary, each for a week, handing over on Tuesday mornings rather than Mondays.
- Nobody is on call two weeks in a row, and new joiners shadow twice before taking a shift.
- A night page earns a late start the next day, no questions asked.

## Rules for alerts

1. Every alert must be **actionable**. If the runbook says "wait and see", it is not an alert.
2. Alert on symptoms users feel, such as error rate and latency, not on causes such as CPU.
3. Every alert links to a runbook, and the runbook is tested at least once a quarter.

## After every page

The primary writes a short note the next day: what fired, what they did, and whether the alert was useful. Once a week the team reviews the notes and either fixes the cause, tunes the alert or deletes it.

> A page that wakes someone up and needs no action is an outage of a different kind: an outage of sleep.

## What it costs

Roughly one day per sprint goes into reliability work that comes out of on-call notes. It is the best-spent day of the sprint. Google's [chapter on being on call](https://sre.google/sre-book/being-on-call/) shaped much of our thinking.
`,
  },
  {
    title: 'Rotating secrets without waking anyone up',
    shortDescription:
      'Database passwords and API keys that never change are a breach waiting to happen. A rotation scheme that tolerates two valid secrets at once.',
    featureImageUrl: `${IMAGES}/engineering/secret-rotation.jpg`,
    writtenBy: 'Tom Okafor',
    tags: ['security', 'devops'],
    category: 'engineering',
    client: 'Globex',
    status: 'draft',
    daysAgo: 2,
    markdown: `
The riskiest secret is the one nobody dares to rotate. At Globex, the main database password had not changed in four years because nobody knew which services still used it.

## Two secrets, one overlap

The trick is to never have a moment when only one secret is valid. Every secret has two slots, *current* and *next*:

1. Generate a new value and store it in the **next** slot.
2. Grant it access alongside the current one.
3. Roll out services so they read the new value.
4. Once no client uses the old value, revoke it and promote next to current.

## Where the values live

Services read secrets from a mounted file, not from environment variables, so that a rotation does not need a restart:

\`\`\`yaml
apiVersion: v1
kind: Pod
spec:
  containers:
    - name: billing
      volumeMounts:
        - name: db-credentials
          mountPath: /run/secrets/db
          readOnly: true
  volumes:
    - name: db-credentials
      secret:
        secretName: billing-db
\`\`\`

## Draft notes

- Measure how long the slowest service takes to pick up a new value.
- Alert when a revoked credential is still being presented.
- Rotate on a schedule, so that the procedure is exercised before an incident needs it.
`,
  },
  {
    title: 'Property-based testing in TypeScript with fast-check',
    shortDescription:
      'Example-based tests check the cases you thought of. Property-based tests generate the ones you did not. A practical introduction with fast-check.',
    featureImageUrl: `${IMAGES}/engineering/property-based-testing.jpg`,
    writtenBy: 'Priya Raman',
    tags: ['testing', 'typescript'],
    category: 'tutorials',
    client: 'Initech',
    status: 'published',
    daysAgo: 35,
    markdown: `
An example-based test says: *for this input, expect this output*. A **property-based test** says: *for any input of this shape, this statement holds*. The library then generates hundreds of inputs and, when one fails, shrinks it to the smallest counter-example.

## A first property

Suppose Initech's invoicing code has a function that splits an amount in cents between several parties. Whatever the inputs, the parts must add up to the total:

\`\`\`typescript
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { splitAmount } from './split-amount';

it('never loses or invents a cent', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 50 }), (total, parties) => {
      const parts = splitAmount(total, parties);
      expect(parts).toHaveLength(parties);
      expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
    }),
  );
});
\`\`\`

The first run found a rounding bug when the total was smaller than the number of parties, a case none of our hand-written tests covered.

## Properties worth looking for

- **Round trips:** \`parse(format(x))\` equals \`x\`.
- **Invariants:** a sorted list has the same length and elements as the input.
- **Oracles:** a slow, obviously correct implementation agrees with the fast one.
- **Idempotence:** normalising twice gives the same result as normalising once.

## Keeping it practical

1. Start with one property for your most important pure function.
2. Keep the default run count in CI, and raise it in a nightly job.
3. When a property fails, copy the shrunk counter-example into a regular test so it stays covered.

The [fast-check documentation](https://fast-check.dev/) has a good tutorial on writing arbitraries for your own types.
`,
  },
  {
    title: 'Our policy for contributing back to open source',
    shortDescription:
      'We depend on hundreds of open-source packages. This is the policy that lets every engineer contribute fixes upstream without asking for permission each time.',
    featureImageUrl: `${IMAGES}/engineering/open-source-policy.jpg`,
    writtenBy: 'Marcus Chen',
    tags: ['open-source'],
    category: 'announcements',
    client: 'Acme Corp',
    status: 'approved',
    daysAgo: 15,
    markdown: `
Nearly every service we build for Acme Corp stands on open-source software. Until this year, sending a fix upstream meant an email thread with legal. From today, it does not.

## What is pre-approved

Engineers may contribute to any project under an OSI-approved licence, on company time, when the change:

- fixes a bug or improves documentation in a project we use;
- does not include client code, credentials or confidential data;
- is made from a personal or company account that follows our [contribution guidelines](https://blog.example.com/open-source).

## What still needs a review

1. Releasing a *new* project under the company name.
2. Contributing to a project that requires a contributor licence agreement we have not signed before.
3. Anything touching cryptography or security-sensitive code of a client.

## Why we are doing this

Patching a dependency in private costs us every time we upgrade it. Getting the fix merged upstream costs us once. It also makes us better engineers and better neighbours.

> If you fixed it for us, fix it for everyone.

We will publish a yearly summary of what the team contributed. Questions go to the open-source working group.
`,
  },
  {
    title: 'Reading a Postgres query plan, one node at a time',
    shortDescription:
      'EXPLAIN ANALYZE output looks intimidating, but it reads like a tree of small steps. A walk-through of a real plan from the Initech reporting database.',
    featureImageUrl: `${IMAGES}/engineering/query-plans.jpg`,
    writtenBy: 'Marcus Chen',
    tags: ['databases', 'performance'],
    category: 'tutorials',
    client: 'Initech',
    status: 'draft',
    daysAgo: 6,
    markdown: `
A query plan is a tree. Each node does one job, such as scanning a table, joining two inputs or sorting, and passes rows up to its parent. Reading it from the **innermost** node outwards makes it much less intimidating.

## Getting a plan

\`\`\`sql
EXPLAIN (ANALYZE, BUFFERS)
SELECT c.name, count(*) AS orders
FROM customers c
JOIN orders o ON o.customer_id = c.id
WHERE o.created_at > now() - interval '30 days'
GROUP BY c.name;
\`\`\`

\`ANALYZE\` actually runs the query, so use it carefully on statements that write.

## What to look at first

1. **Estimated versus actual rows.** A large gap means the planner is working from stale statistics.
2. *Loops.* A nested loop with thousands of iterations multiplies the cost of its inner node.
3. Buffers read from disk rather than found in shared memory.

## A walk-through

- The innermost node is a sequential scan on \`orders\` with a filter on \`created_at\`. It reads the whole table to keep four percent of it.
- A hash join builds a hash table of customers and probes it for every order.
- The aggregate on top counts rows per customer name.

The fix was an index on \`orders (created_at)\`, which turned the scan into an index scan and took the query from 2.3 seconds to 90 milliseconds.

## To do before publishing

- Add screenshots of the plan visualiser.
- Explain why \`work_mem\` changes the join strategy.
`,
  },
  {
    title: 'Example CLI 3.2: faster installs and a new plugin API',
    shortDescription:
      'Version 3.2 of the Example CLI installs twice as fast, adds a stable plugin API and drops support for Node 18. Here is everything in the release.',
    featureImageUrl: `${IMAGES}/engineering/example-cli-3-2.jpg`,
    writtenBy: 'Elena Duarte',
    tags: ['open-source', 'devops'],
    category: 'announcements',
    client: 'Globex',
    status: 'draft',
    daysAgo: 1,
    markdown: `
Example CLI 3.2 is out. It is a minor release, but a big one: installs are **twice as fast**, the plugin API is finally stable, and we have cleaned up a lot of long-standing rough edges.

## Upgrading

\`\`\`bash
npm install --global example-cli@3.2
example --version
\`\`\`

## What changed

| Area | Change | Breaking? |
| --- | --- | --- |
| Install | Parallel downloads with a shared cache | No |
| Plugins | Stable \`definePlugin\` API with typed hooks | No |
| Config | \`example.config.ts\` is loaded natively | No |
| Runtime | Node 18 is no longer supported | **Yes** |

## The plugin API

Plugins are now plain objects with named hooks, and the API is covered by our semantic versioning promise:

\`\`\`typescript
import { definePlugin } from 'example-cli';

export default definePlugin({
  name: 'timing',
  beforeCommand(context) {
    context.state.startedAt = performance.now();
  },
  afterCommand(context) {
    context.log.info(\`Finished in \${Math.round(performance.now() - context.state.startedAt)} ms\`);
  },
});
\`\`\`

---

## Thank you

This release includes changes from 23 contributors, eleven of them first-timers. The full list is in the [changelog](https://github.com/example/example-cli/blob/main/CHANGELOG.md).
`,
  },
];

const NEWS_POSTS = [
  {
    title: '48 hours in Lisbon on a budget',
    shortDescription:
      'Trams, viewpoints, custard tarts and fado: how to spend a full weekend in Lisbon without spending a fortune, with a sample budget.',
    featureImageUrl: `${IMAGES}/news/lisbon-weekend.jpg`,
    writtenBy: 'Sofia Lindqvist',
    tags: ['city-guides', 'budget-travel', 'food'],
    category: 'destinations',
    status: 'published',
    daysAgo: 88,
    markdown: `
Lisbon rewards walkers. The city spreads over seven hills, the light is famous for a reason, and many of its best views cost nothing but a steep climb. Here is how we spent two days there on a modest budget.

## Day one: Alfama and the river

Start early in **Alfama**, the oldest district, before the day-trippers arrive. Get lost in the lanes below the castle, then climb to one of the *miradouros*, the public viewpoints, for the view over the terracotta roofs to the river.

In the afternoon, walk along the waterfront to the Praça do Comércio and continue west. Stop for lunch wherever you see a handwritten menu of the day; a soup, a main course and a drink often come at a fixed price.

### Getting around

- Buy a rechargeable transport card at any metro station and top it up as you go.
- The historic trams are charming but crowded. Ride one early in the morning, and walk the rest.
- Comfortable shoes matter more than any app. The cobbles are beautiful and slippery.

## Day two: Belém and an evening of fado

Take the tram or a local train to **Belém** for the monastery, the riverside tower and, inevitably, a custard tart still warm from the oven. In the evening, head back to Alfama or Mouraria for fado. Smaller venues often ask only that you order a drink.

## What it cost

| Item | Approximate cost per person |
| --- | ---: |
| Transport for two days | €15 |
| Two lunches of the day | €28 |
| Custard tarts and coffee | €9 |
| Dinner and fado | €35 |
| Museum entry | €10 |

> Lisbon is not the bargain it was ten years ago, but it is still one of the most generous capitals in Europe for anyone willing to walk.

Planning a longer trip? Read our [guide to Portugal by train](https://news.example.org/guides/portugal-by-train).
`,
  },
  {
    title: 'Night trains are back: how to plan a sleeper journey',
    shortDescription:
      'Sleeper services are returning across Europe. What to book, what to pack and what to expect from a night on the rails.',
    featureImageUrl: `${IMAGES}/news/night-trains.jpg`,
    writtenBy: 'Luca Bianchi',
    tags: ['rail', 'sustainability', 'travel-tips'],
    category: 'features',
    status: 'published',
    daysAgo: 70,
    markdown: `
Ten years ago the night train looked like a thing of the past. Today new routes are announced every season, and travellers who would once have flown are choosing to *sleep their way* across the continent instead.

## Why the revival?

- **Carbon.** A seat on an overnight train produces a fraction of the emissions of the same trip by air.
- **Time.** You save a night in a hotel and arrive in the city centre, not at an airport an hour away.
- *Romance.* It is hard to argue with waking up to mountains outside the window.

## Choosing your berth

Most sleeper trains offer three levels of comfort:

1. **Seats**, the cheapest option, fine for a short night if you sleep easily.
2. **Couchettes**, shared compartments of four or six bunks, with bedding provided.
3. **Sleepers**, private compartments for one to three people, often with a washbasin and breakfast.

Booking early matters. The cheapest berths sell out weeks in advance, especially on Fridays and in school holidays.

---

## What to pack

- A small bag with everything for the night, so the big suitcase can stay in the rack.
- Earplugs and an eye mask, even in a private compartment.
- Water and a snack; not every train has a restaurant car.
- A printed or offline copy of your ticket, since signal can be patchy at night.

> The journey is the holiday's first evening, not the last obstacle before it.

## Delays happen

Night trains share the tracks with freight and engineering works, so late arrivals are common. Avoid booking a tight onward connection on the morning you arrive. Our [rail pass explainer](https://news.example.org/guides/rail-passes) covers what you are entitled to when things go wrong.
`,
  },
  {
    title: "Osaka's street food, stall by stall",
    shortDescription:
      'Osaka calls itself the nation’s kitchen, and it means it. A walk through the city’s markets and night-time streets, one snack at a time.',
    featureImageUrl: `${IMAGES}/news/osaka-street-food.jpg`,
    writtenBy: 'Amara Nwosu',
    tags: ['food', 'city-guides'],
    category: 'culture',
    status: 'approved',
    daysAgo: 14,
    markdown: `
Osakans have a word for their attitude to food: *kuidaore*, roughly "to eat yourself into ruin". After three evenings on the city's food streets, we understood.

## Morning: the covered market

Start at **Kuromon Market**, a long covered arcade of fishmongers, greengrocers and stalls that will grill a scallop or a skewer of wagyu while you wait. Go before ten, when the crowds are thinner and the stallholders have time to chat.

## Evening: Dotonbori

The canal-side district of Dotonbori is loud, bright and absolutely worth it. Three things to try:

- **Takoyaki**, batter balls with a piece of octopus inside, turned in cast-iron pans and served far too hot.
- **Okonomiyaki**, a savoury pancake of cabbage and batter, often cooked on a griddle at your table.
- **Kushikatsu**, skewers of meat and vegetables, breaded and deep-fried.

### The one rule

At kushikatsu counters you will see a shared pot of dipping sauce. **Dip once.** Double-dipping is the one thing guaranteed to get you a stern look.

## Etiquette in brief

1. Eat standing near the stall rather than walking with food.
2. Carry a small bag for your rubbish; public bins are rare.
3. Cash still helps at the smallest stalls.

> In Osaka, the queue is the review. If locals are waiting, so should you.

For more ideas, see our [guide to food markets across Japan](https://news.example.org/destinations/japan-food-markets).
`,
  },
  {
    title: 'Harbourton approves a car-free old town pilot',
    shortDescription:
      'From next spring, private cars will be barred from the historic centre of Harbourton for a twelve-month trial. What changes for residents and visitors.',
    featureImageUrl: `${IMAGES}/news/harbourton-car-free.jpg`,
    writtenBy: 'James Whitaker',
    tags: ['sustainability'],
    category: 'news',
    status: 'draft',
    daysAgo: 4,
    markdown: `
Harbourton's city council voted on Tuesday evening to close the historic old town to private cars for a **twelve-month pilot** starting next spring. The motion passed by 23 votes to 14 after a debate that lasted more than four hours.

## What changes

- Private cars will no longer be allowed inside the old town between 7 a.m. and 8 p.m.
- Residents, taxis, delivery vans before 11 a.m. and blue-badge holders are exempt.
- Two new park-and-ride sites will open at the ring road, with a bus every ten minutes.

## Reactions

Supporters pointed to the success of a summer trial two years ago, when footfall in the old town rose and complaints about noise fell.

> We are not taking streets away from people. We are giving them back.

Some shop owners are less convinced. The local traders' association said it would monitor sales closely and asked the council to publish monthly figures.

## What happens next

1. A public consultation on signage and delivery times opens next month.
2. The council will publish air-quality and footfall data every quarter.
3. A decision on making the scheme permanent is due at the end of the pilot.

*This story will be updated as the council publishes further details.*
`,
  },
  {
    title: 'Packing light: a carry-on checklist for two weeks',
    shortDescription:
      'Two weeks, one carry-on bag, no compromises that matter. The checklist our editors actually use, and the things we have stopped packing.',
    featureImageUrl: `${IMAGES}/news/carry-on-checklist.jpg`,
    writtenBy: 'Sofia Lindqvist',
    tags: ['travel-tips', 'budget-travel'],
    category: 'guides',
    status: 'draft',
    daysAgo: 7,
    markdown: `
Travelling with only a carry-on bag saves money on fees, time at the carousel and a surprising amount of worry. It takes a little planning, and it gets easier every trip.

## The principles

- **Plan for one week, not two.** You will do laundry once, and that is fine.
- *Pick a colour palette* so everything goes with everything.
- Wear the bulkiest items on the plane.

## The checklist

1. Five tops and two pairs of trousers or skirts
2. One warm layer and one waterproof layer
3. Underwear and socks for seven days
4. Comfortable walking shoes, worn on the plane, plus sandals or light shoes
5. A washbag with liquids in travel-sized bottles
6. Chargers, a universal adapter and a power bank
7. Documents, cards and a printed copy of your bookings

---

## What we stopped packing

- The "just in case" outfit that never gets worn.
- Full-sized toiletries. Most can be bought at your destination.
- A laptop, on trips that are genuinely a holiday.

> Everything you pack is something you have to carry up a flight of stairs at the other end.

Check your airline's size and weight limits before you go, as they vary more than you might expect.
`,
  },
  {
    title: 'Festival season: tickets, transport and somewhere to sleep',
    shortDescription:
      'Summer festivals sell out fast and accommodation even faster. A planning timeline for getting the tickets, the trains and a bed.',
    featureImageUrl: `${IMAGES}/news/festival-season.jpg`,
    writtenBy: 'Amara Nwosu',
    tags: ['festivals', 'travel-tips'],
    category: 'culture',
    status: 'approved',
    daysAgo: 11,
    markdown: `
Festival tickets are only half the battle. The real competition is for the last affordable beds and the trains home on the final night. Planning a few months ahead makes all the difference.

## Six months ahead

- Sign up for the festival's mailing list; pre-sales often go to subscribers first.
- Agree a budget with your group, including travel and food, not just the ticket.

## Three months ahead

1. Book accommodation with free cancellation, even if plans are not final.
2. Check when train tickets for your dates go on sale and set a reminder.
3. Look at the site map for water points, first aid and the quietest camping areas.

## The week before

- Download the festival app and an offline map of the town.
- Pack ear protection. Your future self will thank you.
- Agree on a meeting point in case phones die.

### Getting home

The last night is when transport is busiest. Book a seat for the morning after rather than squeezing onto the final train, and keep **some cash** for a taxi just in case.

> The best festival memories rarely involve a three-hour queue for the shuttle bus.

Browse our [summer festival calendar](https://news.example.org/culture/festival-calendar) for dates and ticket links.
`,
  },
  {
    title: 'Three days on the coastal path',
    shortDescription:
      'Cliffs, coves and fishing villages: a three-day itinerary for walking a stretch of coastal path, with advice on tides, kit and where to stay.',
    featureImageUrl: `${IMAGES}/news/coastal-path.jpg`,
    writtenBy: 'Luca Bianchi',
    tags: ['outdoors', 'sustainability'],
    category: 'destinations',
    status: 'draft',
    daysAgo: 8,
    markdown: `
A coastal path is the easiest long-distance walk to plan: keep the sea on one side and you cannot get lost. This itinerary covers about 50 kilometres over three days, with a village and a bed at the end of each stage.

## Day one: the harbour to the headland

Roughly 15 kilometres. Leave the harbour on the old cliff road and climb steadily to the headland. The path is well marked, but there are **no shops** until the evening, so carry lunch and plenty of water.

## Day two: coves and beaches

About 18 kilometres, the longest day. Several coves can only be crossed at low tide, so check the tide tables the night before and plan your start time around them.

## Day three: the fishing villages

A gentler 16 kilometres to finish, through three fishing villages and past a lighthouse. A bus runs back to the start every two hours.

## Kit list

- Broken-in walking boots
- A waterproof jacket, whatever the forecast says
- Sun cream and a hat
- A paper map as well as your phone

> Leave only footprints, and keep to the path: the cliff edges erode faster than they look.

*Draft: add a map and accommodation suggestions for each stage.*
`,
  },
  {
    title: 'How rail passes work: zones, reservations and the fine print',
    shortDescription:
      'A rail pass can be the cheapest way to see a region by train, or an expensive mistake. How to tell which, before you buy.',
    featureImageUrl: `${IMAGES}/news/rail-passes.jpg`,
    writtenBy: 'Luca Bianchi',
    tags: ['rail', 'travel-tips'],
    category: 'guides',
    status: 'published',
    daysAgo: 52,
    markdown: `
A rail pass lets you take as many trains as you like within a set area and period. It sounds simple, and mostly it is, but the fine print decides whether it saves you money.

## The main kinds of pass

| Pass type | Covers | Best for |
| --- | --- | --- |
| Global | Most national rail networks in a region | Long trips with many countries |
| One-country | A single national network | Exploring one country in depth |
| Regional | A city and its surroundings | Day trips from a single base |

## Travel days versus continuous passes

- A **continuous** pass is valid every day for its whole period. Good if you move often.
- A **flexi** pass gives you a number of travel days within a longer window. Good if you stay a few days in each place.

## Reservations: the hidden cost

Many high-speed and night trains require a **seat reservation** on top of the pass. The fee is usually modest, but on some routes it is a significant share of a normal ticket, and reserved seats for pass holders can sell out.

1. List the trains you plan to take.
2. Check which of them need a reservation.
3. Add up the reservation fees before comparing the pass with point-to-point tickets.

## When a pass is not worth it

If you are only making two or three long journeys, early-booked point-to-point tickets are often cheaper. A pass shines on trips with many journeys, or when you want the freedom to change plans.

> Buy the pass for the trip you will actually take, not the one you imagine.

See our [night train guide](https://news.example.org/features/night-trains) for tips on sleeper reservations.
`,
  },
  {
    title: "Where to eat in Mexico City's Roma Norte",
    shortDescription:
      'Tree-lined streets, art deco façades and some of the best food in the city. A neighbourhood guide from breakfast to late-night tacos.',
    featureImageUrl: `${IMAGES}/news/roma-norte.jpg`,
    writtenBy: 'Amara Nwosu',
    tags: ['food', 'city-guides'],
    category: 'destinations',
    status: 'draft',
    daysAgo: 10,
    markdown: `
Roma Norte is the kind of neighbourhood where you plan to walk to a museum and end up having three breakfasts. It is leafy, walkable and full of places to eat at every price.

## Breakfast

Look for **chilaquiles**, fried tortilla pieces simmered in red or green salsa, topped with cream, cheese and often an egg. Pair them with a *café de olla*, coffee spiced with cinnamon.

## Lunch at the market

Covered markets in and around the neighbourhood are the best value in town. Take a seat at a busy counter and order the *comida corrida*, a set lunch of soup, rice, a main course and a drink.

## Late-night tacos

1. **Al pastor:** pork marinated with chillies, cooked on a vertical spit and finished with a sliver of pineapple.
2. **Suadero:** tender beef cooked slowly in its own fat.
3. **Campechanos:** a mix of meats for when you cannot decide.

### Food safety, sensibly

- Choose stalls with a queue and a quick turnover.
- Drink bottled or filtered water.
- Go easy on the first day while your stomach adjusts.

> The best taco stand is the one with the longest line at midnight.

*Draft: confirm opening hours and add a map.*
`,
  },
  {
    title: 'Travel insurance in plain English',
    shortDescription:
      'Excess, exclusions and pre-existing conditions: what a travel insurance policy actually covers, and the questions to ask before you buy one.',
    featureImageUrl: '',
    writtenBy: 'James Whitaker',
    tags: ['travel-tips'],
    category: 'guides',
    status: 'draft',
    daysAgo: 13,
    markdown: `
Travel insurance is one of those purchases most people make in a hurry, at the end of a booking form. It deserves ten minutes of attention, because the difference between policies only shows when something goes wrong.

## What a policy usually covers

- **Medical costs** abroad, including getting you home if needed. This is the part that really matters.
- *Cancellation* if you cannot travel for a covered reason, such as illness.
- Lost or delayed luggage, usually up to a limit per item.
- Personal liability if you accidentally injure someone or damage property.

## The terms to understand

### Excess

The amount you pay towards each claim before the insurer pays the rest. A cheaper policy often means a higher excess.

### Exclusions

What the policy will not cover. Common examples are winter sports, scuba diving and incidents involving alcohol. Read this list carefully.

### Pre-existing conditions

Medical conditions you already have must usually be declared. Failing to declare one can invalidate the whole policy.

## Questions to ask before buying

1. What is the medical cover limit, and does it include repatriation?
2. Are my planned activities covered?
3. How do I make a claim, and what documents will I need?

> The cheapest policy is the one you never need to claim on. The best one is the one that pays when you do.

*Draft: add a comparison of annual and single-trip policies.*
`,
  },
];

// ---------------------------------------------------------------------------------------------
// Assembly
// ---------------------------------------------------------------------------------------------

/** Turns a post's slugs into display names, failing loudly on a typo rather than seeding it. */
function resolve(domain, post) {
  const byslug = (names) => new Map(names.map((name) => [tagSlug(name), name]));
  const tags = byslug(domain.tags);
  const categories = byslug(domain.categories);
  const lookup = (map, slug, kind) => {
    const name = map.get(slug);
    if (!name) throw new Error(`"${post.title}": unknown ${kind} "${slug}" on ${domain.domain}`);
    return name;
  };
  if (domain.domain === ENG && !CLIENTS.includes(post.client)) {
    throw new Error(`"${post.title}": client must be one of ${CLIENTS.join(', ')}`);
  }
  return {
    tagNames: post.tags.map((slug) => lookup(tags, slug, 'tag')),
    categoryName: lookup(categories, post.category, 'category'),
    fields: domain.domain === ENG ? { client: post.client } : {},
  };
}

function buildPost(domainName, post) {
  const domain = DOMAINS.find((d) => d.domain === domainName);
  const { tagNames, categoryName, fields } = resolve(domain, post);
  return {
    domain: domainName,
    title: post.title,
    shortDescription: post.shortDescription,
    featureImageUrl: post.featureImageUrl,
    writtenBy: post.writtenBy,
    tagNames,
    categoryName,
    fields,
    status: post.status,
    daysAgo: post.daysAgo,
    ...convert(post.markdown),
  };
}

const posts = [
  ...ENGINEERING_POSTS.map((post) => buildPost(ENG, post)),
  ...NEWS_POSTS.map((post) => buildPost(NEWS, post)),
];
const output = {
  $comment: 'Generated by apps/server/scripts/generate-demo-content.mjs. Edit the script, not this file.',
  domains: DOMAINS,
  posts,
};
// Formatted with the repository's Prettier config so that `prettier --check .` stays green.
const options = { ...(await prettier.resolveConfig(OUTPUT)), filepath: OUTPUT };
await writeFile(OUTPUT, await prettier.format(JSON.stringify(output), options));
console.log(`Wrote ${posts.length} posts to ${OUTPUT}`);
