import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import type { Db } from '../../apps/server/src/db/database.js';
import {
  formatsAt,
  variantFormats,
  variantName,
  variantWidths,
  type VariantFormat,
} from '../../apps/server/src/lib/image-variants.js';
import { configureSharp, renderVariant } from '../../apps/server/src/services/image-render.js';
import { sampleRss } from './rss.js';
import { startServer } from './server-process.js';

/**
 * Issue 31's figures (docs/performance.md "Image variants"): how fast a 12-megapixel photo is
 * rendered into its whole set, the server's peak memory while 50 first requests for variants
 * arrive at once, and a made variant's requests per second beside a static file of the web app
 * served by the same server.
 */
const WIDTHS = [320, 640, 960, 1280, 1920, 2560];
/** IMAGE_AVIF_MAX_WIDTH's default (decision 066): the server makes no wider AVIF. */
const AVIF_MAX_WIDTH = 1280;
const LIMITS = { maxPixels: 40_000_000, timeoutSeconds: 120 };
const webAssets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/assets');

/**
 * glibc's allocator settings that `npm start` gives the server (decision 064): libvips' buffers
 * from mmap, returned when freed, and two arenas, so that renders do not leave the heap fragmented.
 */
const RENDER_MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

export interface ImageFigures {
  source: { width: number; height: number; bytes: number };
  /** One process rendering one variant at a time, as a render slot does. */
  render: { variants: number; seconds: number; secondsByFormat: Record<string, number> };
  firstRequests: {
    requests: number;
    ok: number;
    busy: number;
    other: number;
    seconds: number;
    rssBeforeMb: number;
    rssPeakMb: number;
  };
  made: { path: string; bytes: number; rps: number; p99: number; failures: number };
  staticFile: { path: string; bytes: number; rps: number; p99: number; failures: number };
}

/** A photo-like picture: a noisy field softened, so that it compresses like a photograph. */
async function makePhoto(width: number, height: number) {
  const noisy = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#5a8',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noisy).blur(1.2).jpeg({ quality: 88 }).toBuffer();
}

async function timeRenders(photo: Buffer, width: number) {
  configureSharp();
  const secondsByFormat: Record<string, number> = {};
  let variants = 0;
  const started = performance.now();
  for (const format of variantFormats('image/jpeg')) {
    const t0 = performance.now();
    for (const w of variantWidths(width, WIDTHS)) {
      if (!formatsAt(w, 'image/jpeg', AVIF_MAX_WIDTH).includes(format)) continue;
      await renderVariant(photo, { width: w, format }, LIMITS);
      variants++;
    }
    secondsByFormat[format] = (performance.now() - t0) / 1000;
  }
  return { variants, seconds: (performance.now() - started) / 1000, secondsByFormat };
}

async function register(url: string, token: string, host: string, bytes: Buffer, n: number) {
  const auth = { authorization: `Bearer ${token}` };
  const query = new URLSearchParams({
    domain: host,
    fileName: `bench-photo-${n}.jpg`,
    mimeType: 'image/jpeg',
    size: String(bytes.length),
    public: 'true',
  });
  const prepared = await fetch(`${url}/cms/assets/signed/upload-url?${query}`, { headers: auth });
  if (!prepared.ok) throw new Error(`upload-url: ${prepared.status} ${await prepared.text()}`);
  const upload = (await prepared.json()) as {
    fileName: string;
    fileKey: string;
    signedUrl: string;
    headers: Record<string, string>;
  };
  const put = await fetch(upload.signedUrl, {
    method: 'PUT',
    headers: upload.headers,
    body: new Uint8Array(bytes),
  });
  if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const registered = await fetch(`${url}/cms/assets/list?domain=${host}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      fileName: upload.fileName,
      fileKey: upload.fileKey,
      mimeType: 'image/jpeg',
      public: true,
      description: `A bench photo ${n}`,
    }),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  return ((await registered.json()) as { id: string }).id;
}

async function hammer(url: string, pathName: string, seconds: number, connections: number) {
  const result = await autocannon({ url: url + pathName, connections, duration: seconds, timeout: 30 });
  return {
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** The web app's built file whose size is nearest to `bytes`: the static file to compare with. */
function staticFileNear(bytes: number) {
  const files = readdirSync(webAssets).map((name) => ({
    name,
    size: statSync(path.join(webAssets, name)).size,
  }));
  const nearest = files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes))[0];
  if (!nearest) throw new Error(`No built web app in ${webAssets}: run npm run build`);
  return { path: `/assets/${nearest.name}`, bytes: nearest.size };
}

export async function benchImages(options: {
  serverEnv: Record<string, string>;
  token: string;
  host: string;
  db: Db;
  smoke: boolean;
  seconds: number;
  connections: number;
}): Promise<ImageFigures> {
  const [width, height] = options.smoke ? [1600, 1200] : [4000, 3000];
  const photo = await makePhoto(width, height);
  process.stdout.write(`IMG  render a ${width}×${height} JPEG into its set… `);
  const render = await timeRenders(photo, width);
  console.log(`${render.variants} variants in ${render.seconds.toFixed(1)} s`);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'masthead-bench-images-'));
  const server = await startServer({
    ...options.serverEnv,
    ...RENDER_MALLOC,
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 'local',
  });
  try {
    // Four photos: 64 variants, so that 50 first requests each ask for a different one.
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) ids.push(await register(server.url, options.token, options.host, photo, n));
    const rows = await options.db.selectFrom('assets').selectAll().where('id', 'in', ids).execute();
    const names = rows.flatMap((row) =>
      variantWidths(row.width, WIDTHS).flatMap((w) =>
        formatsAt(w, row.mime_type, AVIF_MAX_WIDTH).map((format: VariantFormat) =>
          variantName(
            {
              id: row.id,
              contentHash: row.content_hash!,
              width: row.width,
              height: row.height,
              mimeType: row.mime_type,
            },
            w,
            format,
          ),
        ),
      ),
    );
    const first = names.slice(0, 50);
    process.stdout.write(`IMG  ${first.length} first requests at once… `);
    const rss = sampleRss(server.pid, 50);
    const rssBeforeMb = rss.stop();
    const during = sampleRss(server.pid, 50);
    const t0 = performance.now();
    const statuses = await Promise.all(
      first.map((name) =>
        fetch(`${server.url}/img/${name}`).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    const firstRequests = {
      requests: first.length,
      ok: statuses.filter((s) => s === 200).length,
      busy: statuses.filter((s) => s === 503).length,
      other: statuses.filter((s) => s !== 200 && s !== 503).length,
      seconds: (performance.now() - t0) / 1000,
      rssBeforeMb,
      rssPeakMb: during.stop(),
    };
    console.log(
      `${firstRequests.ok} made, ${firstRequests.busy} told to retry (503) in ${firstRequests.seconds.toFixed(1)} s; ` +
        `RSS ${rssBeforeMb.toFixed(0)} → peak ${firstRequests.rssPeakMb.toFixed(0)} MB`,
    );

    // A made variant (a 640 px WebP, the size a phone asks for) against a static file of the web app.
    const made = names.find((name) => name.endsWith('-640.webp'))!;
    const answer = await fetch(`${server.url}/img/${made}`);
    if (!answer.ok) throw new Error(`/img/${made}: ${answer.status}`);
    const madeBytes = (await answer.arrayBuffer()).byteLength;
    const near = staticFileNear(madeBytes);
    const seconds = options.smoke ? 1 : options.seconds;
    process.stdout.write(`IMG  a made variant and a static file, ${seconds} s each… `);
    const madeStats = await hammer(server.url, `/img/${made}`, seconds, options.connections);
    const staticStats = await hammer(server.url, near.path, seconds, options.connections);
    console.log(`${madeStats.rps.toFixed(0)} and ${staticStats.rps.toFixed(0)} req/s`);
    return {
      source: { width, height, bytes: photo.length },
      render,
      firstRequests,
      made: { path: `/img/${made}`, bytes: madeBytes, ...madeStats },
      staticFile: { ...near, ...staticStats },
    };
  } finally {
    await server.stop();
    await options.db.deleteFrom('assets').where('file_name', 'like', 'bench-photo-%').execute();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The lines the bench prints and docs/performance.md quotes. */
export function imageLines(figures: ImageFigures): string[] {
  const { source, render, firstRequests: first, made, staticFile } = figures;
  const perFormat = Object.entries(render.secondsByFormat)
    .map(([format, s]) => `${format} ${s.toFixed(1)} s`)
    .join(', ');
  return [
    `Images: a ${source.width}×${source.height} JPEG (${(source.bytes / 1e6).toFixed(1)} MB) into its ${render.variants} variants ` +
      `took ${render.seconds.toFixed(1)} s on one core (${perFormat}): ${(render.variants / render.seconds).toFixed(2)} variants/s.`,
    `Images: ${first.requests} first requests at once: ${first.ok} made, ${first.busy} told to retry (503 Retry-After), ` +
      `${first.other} other, in ${first.seconds.toFixed(1)} s; server RSS ${first.rssBeforeMb.toFixed(0)} MB before, ` +
      `peak ${first.rssPeakMb.toFixed(0)} MB.`,
    `Images: a made variant (${made.bytes} bytes) ${made.rps.toFixed(0)} req/s (p99 ${made.p99} ms), a static file of ` +
      `the web app (${staticFile.bytes} bytes) ${staticFile.rps.toFixed(0)} req/s (p99 ${staticFile.p99} ms): ` +
      `variant/static ${(made.rps / staticFile.rps).toFixed(2)}.`,
  ];
}
