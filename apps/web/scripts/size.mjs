/**
 * Web budgets (shared/DESIGN.md §6, docs/decisions/009-web-bundle-budget.md): the sign-in and list
 * routes load at most 150 KB of JavaScript, gzipped, and the editor is a lazy chunk.
 *
 * Reads Vite's manifest from the last build (`npm run build`), so it measures what ships. A route
 * loads the entry chunk and its static imports, plus the lazily imported modules it cannot render
 * without, each with its own static imports. Prints one table and exits 1 when a budget is exceeded
 * or when the manifest no longer matches the mapping below.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(WEB_ROOT, 'dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');

/** Kilobytes of 1,000 bytes, the unit Vite prints after a build, so both reports agree. */
const KB = 1000;
const BUDGET_KB = 150;
const ENTRY = 'index.html';

/**
 * What each route lazily loads (React.lazy / import()) before it can render, in load order: the
 * signed-in area (shell, RTK Query, domains), then the page's own chunk (src/app/lazy-pages.ts).
 * Keep in step with src/app/signed-in-area.tsx: each module must be a dynamic import of a chunk
 * loaded before it, or the script fails instead of under-counting. DESIGN §6 budgets the sign-in and
 * list routes; every other signed-in page is held to the same 150 KB (decision 026).
 */
/** Each Settings tab's chunk (src/app/routes/settings.tsx). */
const SETTINGS_TAB_DIRS = {
  members: 'members/members-tab',
  fields: 'custom-fields/fields-tab',
  integrations: 'integrations/integrations-tab',
  activity: 'activity/activity-tab',
};

/**
 * The signed-in area is one chunk with what every signed-in page shares (vite.config.ts), named in
 * the manifest by the chunk rather than by src/app/signed-in-area.tsx.
 */
const AREA = 'signed-in-area';

const ROUTES = [
  { name: 'sign-in (/ signed out)', lazy: [] },
  { name: 'list (/ signed in)', lazy: [AREA, 'src/app/routes/blog-list.tsx'] },
  { name: 'metadata (/metadata)', lazy: [AREA, 'src/app/routes/metadata.tsx'] },
  ...['members', 'fields', 'integrations', 'activity'].map((tab) => ({
    name: `settings (/settings/${tab})`,
    lazy: [AREA, 'src/app/routes/settings.tsx', `src/features/${SETTINGS_TAB_DIRS[tab]}.tsx`],
  })),
];

/** The route the lazy chunks below are measured on top of. */
const LIST_ROUTE = ROUTES[1];

/**
 * Lazy chunks reported on top of the list route, which is already loaded when they are: the post
 * editor's form, and the Lexical editor below it, which must be a lazy chunk of its own (DESIGN §6).
 */
const LAZY_REPORTS = [
  // The form with the route's wiring (tags, categories, the asset picker).
  { name: 'post editor form (lazy)', module: 'src/app/routes/post-editor-route.tsx' },
  { name: 'rich-text editor (lazy)', module: 'src/editor/editor.tsx' },
  {
    name: "editor's History panel (lazy)",
    module: 'src/features/blogs/revisions/components/history-panel.tsx',
  },
  {
    name: "editor's Share preview dialog (lazy)",
    module: 'src/features/previews/components/share-preview-dialog.tsx',
  },
  {
    name: "editor's Live preview pane (lazy)",
    module: 'src/features/previews/components/live-preview-pane.tsx',
  },
  { name: 'metadata page (lazy, from the list)', module: 'src/app/routes/metadata.tsx' },
  {
    name: 'tag/category form (lazy, on /metadata)',
    module: 'src/features/taxonomy/components/taxonomy-dialog.tsx',
  },
  { name: 'asset dialog (lazy, on /metadata)', module: 'src/features/assets/components/asset-dialog.tsx' },
  { name: "editor's asset picker (lazy)", module: 'src/features/assets/picker-entry.ts' },
  // Imported when a file is picked in the asset dialog, never with the page.
  {
    name: 'image compression (lazy)',
    module: '../../node_modules/browser-image-compression/dist/browser-image-compression.mjs',
  },
];

/**
 * Scripts emitted as files (Vite's `?url`) and loaded outside the module graph: the compression
 * library's copy that its web worker imports from our origin (features/assets/upload).
 */
const WORKER_SCRIPTS = [
  {
    name: 'image compression worker (lazy)',
    source: '../../node_modules/browser-image-compression/dist/browser-image-compression.js',
  },
];

function fail(message) {
  console.error(`size: ${message}`);
  process.exit(1);
}

/** The manifest keys of `keys` and everything they import statically. */
function withStaticImports(manifest, keys, into = new Set()) {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) fail(`${key} is not in the build manifest`);
    into.add(key);
    withStaticImports(manifest, chunk.imports ?? [], into);
  }
  return into;
}

/** A module's manifest key, or the key of the named chunk a manual group made (such as AREA). */
function manifestKey(manifest, module) {
  if (manifest[module]) return module;
  const named = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key].name === module);
  if (named.length !== 1) fail(`${module} is not in the build manifest`);
  return named[0];
}

function chunksOfRoute(manifest, route) {
  const chunks = withStaticImports(manifest, [ENTRY]);
  for (const name of route.lazy) {
    const module = manifestKey(manifest, name);
    const loadedBy = [...chunks].some((key) => manifest[key].dynamicImports?.includes(module));
    if (!loadedBy) {
      fail(`${route.name}: ${module} is not lazily imported by the chunks it follows; update ROUTES`);
    }
    withStaticImports(manifest, [module], chunks);
  }
  return chunks;
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

/** Only JavaScript counts; each chunk's CSS is listed under `css` and is not part of the budget. */
function gzipTotal(manifest, chunks) {
  const files = new Set([...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')));
  return [...files].reduce((total, file) => total + gzipBytes(file), 0);
}

function newestSourceChange(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

if (!existsSync(MANIFEST))
  fail(`${path.relative(process.cwd(), MANIFEST)} is missing: run "npm run build" first`);
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
if (newestSourceChange(path.join(WEB_ROOT, 'src')) > statSync(MANIFEST).mtimeMs) {
  console.warn('size: apps/web/src changed after the last build; run "npm run build" for current figures');
}

const format = (bytes) => (bytes / KB).toFixed(2);
const rows = [];
let over = false;

for (const route of ROUTES) {
  const bytes = gzipTotal(manifest, chunksOfRoute(manifest, route));
  const ok = bytes <= BUDGET_KB * KB;
  over ||= !ok;
  rows.push([route.name, format(bytes), `${BUDGET_KB}`, ok ? 'OK' : 'OVER']);
}

// Each lazy chunk is measured as what it adds on top of the list route (and of the reports before it).
const loaded = chunksOfRoute(manifest, LIST_ROUTE);
for (const report of LAZY_REPORTS) {
  const sourceExists = existsSync(path.join(WEB_ROOT, report.module));
  if (manifest[report.module]?.isDynamicEntry) {
    const added = [...withStaticImports(manifest, [report.module])].filter((key) => !loaded.has(key));
    added.forEach((key) => loaded.add(key));
    rows.push([report.name, format(gzipTotal(manifest, added)), '-', 'lazy']);
  } else if (sourceExists) {
    over = true;
    rows.push([report.name, '-', '-', 'NOT LAZY']);
  } else {
    rows.push([report.name, '-', '-', 'none yet']);
  }
}

for (const script of WORKER_SCRIPTS) {
  const file = manifest[script.source]?.file;
  rows.push([script.name, file ? format(gzipBytes(file)) : '-', '-', file ? 'worker' : 'none yet']);
}

const header = ['route', 'KB gzip', 'budget KB', 'status'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column].length)),
);
const line = (cells) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
    .join('  ');
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
rows.forEach((row) => console.log(line(row)));
console.log(`(JavaScript only, gzip level 9, 1 KB = ${KB} bytes)`);

if (over) {
  console.error('size: a web budget is exceeded (shared/DESIGN.md §6)');
  process.exit(1);
}
