// `npm run bench`: bundles bench/src (which imports the server's repositories, so the raw-SQL
// ceiling runs exactly the server's queries) with the server's esbuild settings, then runs it.
import { build } from 'esbuild';
import { nodeBundleOptions } from '../apps/server/scripts/node-bundle.mjs';

const outfile = new URL('./dist/bench.mjs', import.meta.url).pathname;

await build({
  ...nodeBundleOptions(['autocannon']),
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile,
});
await import(outfile);
