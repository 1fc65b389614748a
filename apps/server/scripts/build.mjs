// Bundles the server and the command line into dist/.
import { build } from 'esbuild';
import { nodeBundleOptions } from './node-bundle.mjs';

await build({
  ...nodeBundleOptions(),
  entryPoints: { server: 'src/server.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
});
