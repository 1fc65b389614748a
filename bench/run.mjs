// `npm run bench`: bundles bench/src (which imports the server's repositories, so the raw-SQL
// ceiling runs exactly the server's queries) with the server's esbuild settings, then runs it.
import { build } from 'esbuild';
import { nodeBundleOptions } from '../apps/server/scripts/node-bundle.mjs';

const source = (file) => new URL(`./src/${file}`, import.meta.url).pathname;
const outdir = new URL('./dist/', import.meta.url).pathname;

// The floor server (decision 031) is a second entry: the bench starts it as its own process.
await build({
  ...nodeBundleOptions(['autocannon']),
  entryPoints: { bench: source('main.ts'), 'floor-server': source('floor-server.ts') },
  outdir,
  outExtension: { '.js': '.mjs' },
});
await import(new URL('bench.mjs', `file://${outdir}`).href);
