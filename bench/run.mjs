// `npm run bench`: bundles bench/src (which imports the server's repositories, so the raw-SQL
// ceiling runs exactly the server's queries) with esbuild, as the server is bundled, then runs it.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const serverPackage = JSON.parse(
  readFileSync(new URL('../apps/server/package.json', import.meta.url), 'utf8'),
);
const external = [
  'autocannon',
  ...Object.keys({ ...serverPackage.dependencies, ...serverPackage.devDependencies }).filter(
    (name) => name !== '@masthead/contract',
  ),
];
const outfile = new URL('./dist/bench.mjs', import.meta.url).pathname;

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
await import(outfile);
