import { MAX_UPLOAD_BYTES } from '@masthead/contract/constants';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** A file for Playwright's setInputFiles. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let crc = index;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real RGB PNG: a colour gradient with a deterministic grain, so it does not shrink to nothing
 * and the compression has work to do (about 200 KB at the default size).
 */
export function makePng(name: string, width = 260, height = 260): TestFile {
  const rows: Buffer[] = [];
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none), then RGB
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = seed % 64;
      row[1 + x * 3] = (x * 255) / width + grain;
      row[2 + x * 3] = (y * 255) / height + grain;
      row[3 + x * 3] = 128 + grain;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A real JPEG, encoded by the browser's canvas (Node has no JPEG encoder). */
export async function makeJpeg(page: Page, name: string, width = 400, height = 300): Promise<TestFile> {
  const base64 = await page.evaluate(
    async ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#0ea5e9');
      gradient.addColorStop(1, '#f97316');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      for (let index = 0; index < 4000; index++) {
        context.fillStyle = `hsl(${index % 360} 80% 50%)`;
        context.fillRect((index * 37) % w, (index * 91) % h, 3, 3);
      }
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    [width, height] as const,
  );
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/**
 * A large photo-like JPEG made with sharp (3000 × 2000 by default, a few hundred KB): a colour
 * gradient with soft bands and a little grain, so that its variants are real pictures to compare.
 */
export async function makePhoto(name: string, width = 3000, height = 2000): Promise<TestFile> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 4242;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed % 17) - 8;
      const band = 40 * Math.sin((x + y) / 90);
      const at = (y * width + x) * 3;
      pixels[at] = Math.max(0, Math.min(255, (x * 255) / width + band + grain));
      pixels[at + 1] = Math.max(0, Math.min(255, (y * 255) / height - band + grain));
      pixels[at + 2] = Math.max(0, Math.min(255, 160 + band / 2 + grain));
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  if (buffer.length > MAX_UPLOAD_BYTES) throw new Error('the photo must stay under the upload limit');
  return { name, mimeType: 'image/jpeg', buffer };
}

/** A PNG signature followed by zeros: 11 MB, over the 10 MiB limit. */
export function makeOversizePng(name: string): TestFile {
  const buffer = Buffer.alloc(11 * 1000 * 1000);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
  if (buffer.length <= MAX_UPLOAD_BYTES) throw new Error('the oversize file must be over the limit');
  return { name, mimeType: 'image/png', buffer };
}

/** Plain text under a .png name: the browser calls it image/png from the extension. */
export function makeTextAsPng(name: string): TestFile {
  return { name, mimeType: 'image/png', buffer: Buffer.from('This is a text file, not a picture.\n') };
}
