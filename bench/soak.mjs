// `npm run soak`: bundles bench/src/soak (which fills the database with the bench's generator and
// starts the built server as the bench does) with the server's esbuild settings, then runs it.
import { build } from 'esbuild';
import { nodeBundleOptions } from '../apps/server/scripts/node-bundle.mjs';

const outfile = new URL('./dist/soak.mjs', import.meta.url).pathname;

await build({
  ...nodeBundleOptions(),
  entryPoints: [new URL('./src/soak/soak-main.ts', import.meta.url).pathname],
  outfile,
});
await import(outfile);
