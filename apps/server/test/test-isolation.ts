import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What makes an integration test file need a module graph of its own (decision 060). The other files
 * share their worker's modules, one after another, so a file must not change what the next one
 * imports: replace a module (the mock stays in the shared graph, and the modules that imported the
 * real one keep it), or write `process.env` or `globalThis` by hand. Fake timers, `vi.stubEnv`,
 * `vi.stubGlobal` and `vi.spyOn` are undone after every file (test/setup-file.ts and vitest itself),
 * so they need nothing. A file may also ask for isolation with a comment `// vitest-isolate: <why>`.
 */
const OWN_GRAPH_REASONS: [RegExp, string][] = [
  [/\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock|resetModules)\s*\(/, 'replaces modules (vi.mock)'],
  [
    /\bprocess\.env(?:\.\w+|\[[^\]]+\])\s*(?:\?\?=|\|\|=|=(?!=))|\bdelete\s+process\.env\b|Object\.assign\(\s*process\.env\b/,
    'writes process.env (use vi.stubEnv)',
  ],
  [/\bglobalThis(?:\.\w+|\[[^\]]+\])\s*=(?!=)/, 'writes globalThis (use vi.stubGlobal)'],
  [/\/\/ vitest-isolate:/, 'asks for it (// vitest-isolate:)'],
];

/**
 * A helper module is evaluated once per worker, for the first file that imports it. Hooks it
 * registers at its top level would run for that file only, and a mock in it would leak to every file.
 */
const HELPER_MISTAKES: [RegExp, string][] = [
  [
    /^(?:beforeAll|afterAll|beforeEach|afterEach|describe|it|test)\s*\(/m,
    'registers hooks or tests at its top level: put them in a function that each test file calls at its top level (as appsWithEnvironment() in test/helpers/test-app.ts does)',
  ],
  [/\bvi\s*\.\s*(?:mock|doMock)\s*\(/, 'replaces a module: vi.mock belongs in the test file that needs it'],
];

/** Files of the suite's machinery, not helpers of test files. */
const MACHINERY = new Set(['global-setup.ts', 'setup-file.ts', 'test-isolation.ts']);

function readTree(root: string) {
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => ({
      file: path.posix.join(root, file.split(path.sep).join('/')),
      source: readFileSync(path.join(root, file), 'utf8'),
    }));
}

/**
 * The test files under `root` that need a module graph of their own, each with its reason, sorted.
 * Throws when a helper module would break files that share a worker's modules.
 */
export function filesNeedingIsolation(root: string): { file: string; reason: string }[] {
  const files = readTree(root);
  const mistakes = files
    .filter(({ file }) => !file.endsWith('.test.ts') && !MACHINERY.has(path.posix.basename(file)))
    .flatMap(({ file, source }) =>
      HELPER_MISTAKES.filter(([pattern]) => pattern.test(source)).map(([, why]) => `${file} ${why}`),
    );
  if (mistakes.length > 0) {
    throw new Error(
      `Test helpers that files sharing modules cannot use (decision 060):\n${mistakes.join('\n')}`,
    );
  }
  return files
    .filter(({ file }) => file.endsWith('.test.ts'))
    .flatMap(({ file, source }) => {
      const reason = OWN_GRAPH_REASONS.find(([pattern]) => pattern.test(source))?.[1];
      return reason ? [{ file, reason }] : [];
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}
