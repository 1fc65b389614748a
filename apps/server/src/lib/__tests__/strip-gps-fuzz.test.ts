import { crc32 } from 'node:zlib';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stripGps } from '../strip-gps.js';

/**
 * stripGps reads uploaded files, i.e. anything at all. These tests mutate real JPEGs and PNGs with
 * a seeded generator, so that a failure names a case that can be replayed, and check that every
 * call returns quickly with bytes or undefined (the module documents no error: it must not
 * throw), never damages the compressed image data, and leaves no GPS position that exif-reader
 * can find.
 */

type Format = 'jpeg' | 'png';

const GPS_POINTER = 0x8825;
const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 2964/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 17/1 4008/100',
};

/** mulberry32: small, seeded, the same sequence on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Entry =
  | { tag: number; type: 2; value: string }
  | { tag: number; type: 3 | 4 | 5; values: number[] }
  | { tag: number; directory: number };

/** A TIFF block in either byte order: the directories one after the other, then their long values. */
function buildTiff(little: boolean, directories: Entry[][], next: (number | undefined)[] = []) {
  const offsets: number[] = [];
  let size = 8;
  for (const entries of directories) {
    offsets.push(size);
    size += 2 + entries.length * 12 + 4;
  }
  const head = Buffer.alloc(size);
  const u16 = (buffer: Buffer, value: number, at: number) =>
    little ? buffer.writeUInt16LE(value, at) : buffer.writeUInt16BE(value, at);
  const u32 = (buffer: Buffer, value: number, at: number) =>
    little ? buffer.writeUInt32LE(value, at) : buffer.writeUInt32BE(value, at);
  head.write(little ? 'II' : 'MM', 0, 'latin1');
  u16(head, 42, 2);
  u32(head, 8, 4);
  const values: Buffer[] = [];
  directories.forEach((entries, index) => {
    u16(head, entries.length, offsets[index]!);
    let at = offsets[index]! + 2;
    for (const entry of entries) {
      let type: number;
      let count: number;
      let raw: Buffer;
      if ('directory' in entry) {
        [type, count, raw] = [4, 1, Buffer.alloc(4)];
        u32(raw, offsets[entry.directory]!, 0);
      } else if (entry.type === 2) {
        raw = Buffer.from(`${entry.value}\0`, 'latin1');
        [type, count] = [2, raw.length];
      } else {
        const width = entry.type === 3 ? 2 : 4;
        raw = Buffer.alloc(entry.values.length * width);
        entry.values.forEach((value, i) => (width === 2 ? u16 : u32)(raw, value, i * width));
        [type, count] = [entry.type, entry.type === 5 ? entry.values.length / 2 : entry.values.length];
      }
      u16(head, entry.tag, at);
      u16(head, type, at + 2);
      u32(head, count, at + 4);
      if (raw.length <= 4) raw.copy(head, at + 8);
      else {
        u32(head, size, at + 8);
        values.push(raw);
        size += raw.length;
      }
      at += 12;
    }
    const link = next[index];
    u32(head, link === undefined ? 0 : offsets[link]!, at);
  });
  return Buffer.concat([head, ...values]);
}

function pngChunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** Puts a TIFF block into an image that has none: an APP1 after a JPEG's SOI, an eXIf after a PNG's IHDR. */
function withTiff(format: Format, image: Buffer, tiff: Buffer) {
  if (format === 'png')
    return Buffer.concat([image.subarray(0, 33), pngChunk('eXIf', tiff), image.subarray(33)]);
  const head = Buffer.from([0xff, 0xe1, 0, 0, ...Buffer.from('Exif\0\0', 'latin1')]);
  head.writeUInt16BE(2 + 6 + tiff.length, 2);
  return Buffer.concat([image.subarray(0, 2), head, tiff, image.subarray(2)]);
}

interface Block {
  /** The TIFF block's first byte and the byte after it. */
  start: number;
  end: number;
}

/** The TIFF blocks of a file: in each APP1 Exif segment before a JPEG's scan, in each PNG eXIf chunk. */
function tiffBlocks(format: Format, bytes: Buffer): Block[] {
  const blocks: Block[] = [];
  if (format === 'jpeg') {
    let at = 2;
    while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
      const end = at + 2 + bytes.readUInt16BE(at + 2);
      if (end > bytes.length) break;
      if (bytes[at + 1] === 0xe1 && bytes.toString('latin1', at + 4, at + 10) === 'Exif\0\0') {
        blocks.push({ start: at + 10, end });
      }
      at = end;
    }
  } else {
    let at = 8;
    while (at + 12 <= bytes.length) {
      const end = at + 8 + bytes.readUInt32BE(at);
      if (end + 4 > bytes.length) break;
      if (bytes.toString('latin1', at + 4, at + 8) === 'eXIf') blocks.push({ start: at + 8, end });
      at = end + 4;
    }
  }
  return blocks;
}

/** Whether every chunk of a PNG, up to IEND, has the CRC of its type and data. */
function pngCrcsHold(bytes: Buffer) {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    if (at + 12 + length > bytes.length) return true; // cut off: nothing more to check
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) return false;
    if (bytes.toString('latin1', at + 4, at + 8) === 'IEND') return true;
    at += 12 + length;
  }
  return true;
}

/**
 * What exif-reader makes of each TIFF block of a file: `gps` when one still leads to a GPS
 * directory, `clean` when all are read without one, `unreadable` when exif-reader gives up.
 */
function gpsFound(format: Format, bytes: Buffer): 'gps' | 'clean' | 'unreadable' {
  let unreadable = false;
  for (const { start, end } of tiffBlocks(format, bytes)) {
    try {
      const exif = exifReader(bytes.subarray(start, end));
      if (exif.GPSInfo || exif.Image?.GPSTag !== undefined) return 'gps';
    } catch {
      unreadable = true;
    }
  }
  return unreadable ? 'unreadable' : 'clean';
}

/** The decoded size of an image, or undefined when sharp cannot decode it. */
async function decodedSize(bytes: Buffer) {
  try {
    const { info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    return `${info.width}x${info.height}`;
  } catch {
    return undefined;
  }
}

interface Outcome {
  output: Buffer | undefined;
  error?: unknown;
  ms: number;
}

function run(bytes: Buffer, format: Format): Outcome {
  const started = performance.now();
  try {
    const output = stripGps(bytes, `image/${format}`);
    return { output, ms: performance.now() - started };
  } catch (error) {
    return { output: undefined, error, ms: performance.now() - started };
  }
}

/** A phone's photo as sharp writes it: its camera, its exposure, its orientation and its position. */
async function photo(format: Format) {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a7' } })
    .withExif({ IFD0: { Make: 'Phone', Model: 'One' }, IFD2: { ExposureTime: '1/250' }, IFD3: GPS })
    .withMetadata({ orientation: 6 });
  return (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
}

const gpsEntries: Entry[] = [
  { tag: 1, type: 2, value: 'N' },
  { tag: 2, type: 5, values: [48, 1, 51, 1, 2964, 100] },
  { tag: 3, type: 2, value: 'E' },
  { tag: 4, type: 5, values: [2, 1, 17, 1, 4008, 100] },
  { tag: 6, type: 5, values: [35, 1] },
];

/**
 * The same in big-endian (Motorola) order, which sharp does not write: IFD0 (camera, orientation,
 * Exif and GPS pointers), the Exif directory, the GPS directory, and IFD1 linked after IFD0.
 */
async function bigEndianPhoto(format: Format) {
  const image = sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a7' } });
  const plain = await (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
  const tiff = buildTiff(
    false,
    [
      [
        { tag: 0x010f, type: 2, value: 'Phone' },
        { tag: 0x0110, type: 2, value: 'One' },
        { tag: 0x0112, type: 3, values: [6] },
        { tag: 0x8769, directory: 1 },
        { tag: GPS_POINTER, directory: 2 },
      ],
      [{ tag: 0x829a, type: 5, values: [1, 250] }],
      gpsEntries,
      [{ tag: 0x0112, type: 3, values: [1] }],
    ],
    [3],
  );
  return withTiff(format, plain, tiff);
}

interface Sample {
  name: string;
  format: Format;
  bytes: Buffer;
  block: Block;
  size: string;
}

const samples: Sample[] = [];

beforeAll(async () => {
  for (const format of ['jpeg', 'png'] as const) {
    for (const [name, bytes] of [
      [`sharp's little-endian ${format}`, await photo(format)],
      [`a big-endian ${format}`, await bigEndianPhoto(format)],
    ] as const) {
      samples.push({
        name,
        format,
        bytes,
        block: tiffBlocks(format, bytes)[0]!,
        size: (await decodedSize(bytes))!,
      });
    }
  }
});

/** Writes `mutate`'s change into a copy of the sample's TIFF block; a PNG chunk keeps a valid CRC. */
function mutated(sample: Sample, mutate: (tiff: Buffer) => void) {
  const bytes = Buffer.from(sample.bytes);
  mutate(bytes.subarray(sample.block.start, sample.block.end));
  if (sample.format === 'png') {
    const { start, end } = sample.block;
    bytes.writeUInt32BE(crc32(bytes.subarray(start - 4, end)), end);
  }
  return bytes;
}

describe('stripGps on unmutated photos', () => {
  it('should take the position out in both byte orders and keep the other tags', async () => {
    expect(samples).toHaveLength(4);
    for (const sample of samples) {
      expect(sample.size, sample.name).toBe('24x16');
      expect(gpsFound(sample.format, sample.bytes), sample.name).toBe('gps');
      const output = stripGps(sample.bytes, `image/${sample.format}`);
      expect(output, sample.name).toBeInstanceOf(Uint8Array);
      const { start, end } = tiffBlocks(sample.format, output!)[0]!;
      const exif = exifReader(output!.subarray(start, end));
      expect(exif.GPSInfo, sample.name).toBeUndefined();
      expect(exif.Image, sample.name).toMatchObject({ Make: 'Phone', Model: 'One', Orientation: 6 });
      expect(exif.Image?.GPSTag, sample.name).toBeUndefined();
      expect(exif.Photo?.ExposureTime, sample.name).toBe(1 / 250);
      // No coordinate's numbers (2964/100 in the block's byte order) are left anywhere in the file.
      const trace = Buffer.alloc(8);
      trace.writeUInt32LE(2964, 0);
      trace.writeUInt32LE(100, 4);
      if (exif.bigEndian) trace.swap32();
      expect(sample.bytes.includes(trace), sample.name).toBe(true);
      expect(output!.includes(trace), sample.name).toBe(false);
      // Same length, and every byte outside the TIFF block (and a PNG chunk's CRC) unchanged.
      expect(output!.length, sample.name).toBe(sample.bytes.length);
      const { start: from, end: to } = sample.block;
      expect(output!.subarray(0, from).equals(sample.bytes.subarray(0, from)), sample.name).toBe(true);
      const after = sample.format === 'png' ? to + 4 : to;
      expect(output!.subarray(after).equals(sample.bytes.subarray(after)), sample.name).toBe(true);
      if (sample.format === 'png') expect(pngCrcsHold(output!), sample.name).toBe(true);
      expect(await decodedSize(output!), sample.name).toBe(sample.size);
      expect((await sharp(output!).metadata()).orientation, sample.name).toBe(6);
    }
  });

  it('should follow every GPS pointer of the first directory, not only the last', () => {
    for (const format of ['jpeg', 'png'] as const) {
      for (const little of [true, false]) {
        const tiff = buildTiff(little, [
          [
            { tag: 0x010f, type: 2, value: 'Phone' },
            { tag: GPS_POINTER, directory: 1 },
            { tag: GPS_POINTER, directory: 2 },
          ],
          gpsEntries,
          gpsEntries,
        ]);
        const bytes = withTiff(format, samples.find((s) => s.format === format)!.bytes, tiff);
        const output = stripGps(bytes, `image/${format}`)!;
        expect(output).toBeInstanceOf(Uint8Array);
        const { start, end } = tiffBlocks(format, output)[0]!;
        const exif = exifReader(output.subarray(start, end));
        expect(exif.GPSInfo).toBeUndefined();
        expect(exif.Image).toEqual({ Make: 'Phone' });
      }
    }
  });
});

describe('stripGps on hostile input', () => {
  type Case = { label: string; bytes: Buffer; sameLayout: boolean };

  /**
   * Runs every case, then checks them all, so that a failure lists its cases. Decoding costs a
   * millisecond or two a file, so one changed file in `decodeEvery` is decoded (in parallel),
   * before and after; the layout check covers the others' image data byte for byte.
   */
  async function check(sample: Sample, cases: Case[], decodeEvery = 1) {
    const thrown: string[] = [];
    const slow: string[] = [];
    const leaks: string[] = [];
    const damaged: string[] = [];
    const toDecode: { label: string; bytes: Buffer; output: Buffer }[] = [];
    let changed = 0;
    for (const { label, bytes, sameLayout } of cases) {
      const { output, error, ms } = run(bytes, sample.format);
      if (error !== undefined) thrown.push(`${label}: ${String(error)}`);
      if (ms > 50) slow.push(`${label}: ${ms.toFixed(1)} ms`);
      if (output === undefined) continue;
      if (!(output instanceof Uint8Array)) damaged.push(`${label}: not bytes`);
      if (gpsFound(sample.format, output) === 'gps') leaks.push(label);
      if (sample.format === 'png' && pngCrcsHold(bytes) && !pngCrcsHold(output))
        damaged.push(`${label}: CRC`);
      if (sameLayout) {
        // Only the TIFF block may change (and, in a PNG, its chunk's CRC): the rest is copied.
        const { start, end } = sample.block;
        const after = sample.format === 'png' ? end + 4 : end;
        const kept =
          output.length === bytes.length &&
          output.subarray(0, start).equals(bytes.subarray(0, start)) &&
          output.subarray(after).equals(bytes.subarray(after));
        if (!kept) damaged.push(`${label}: bytes outside the EXIF block changed`);
      }
      if (changed++ % decodeEvery === 0) toDecode.push({ label, bytes, output });
    }
    let decodedBoth = 0;
    for (let i = 0; i < toDecode.length; i += 32) {
      const batch = toDecode.slice(i, i + 32);
      const sizes = await Promise.all(
        batch.map(({ bytes, output }) => Promise.all([decodedSize(bytes), decodedSize(output)])),
      );
      sizes.forEach(([before, now], k) => {
        if (before === undefined) return;
        decodedBoth++;
        if (now !== before) damaged.push(`${batch[k]!.label}: decodes as ${now ?? 'nothing'}, not ${before}`);
      });
    }
    expect(thrown, sample.name).toEqual([]);
    expect(slow, sample.name).toEqual([]);
    expect(leaks, sample.name).toEqual([]);
    expect(damaged, sample.name).toEqual([]);
    return { changed, decodedBoth };
  }

  it('should survive bytes flipped inside the EXIF block', async () => {
    let total = 0;
    for (const [n, sample] of samples.entries()) {
      const next = random(1000 + n);
      const cases = Array.from({ length: 400 }, (_, i) => {
        const flips: string[] = [];
        const bytes = mutated(sample, (tiff) => {
          for (let k = 1 + Math.floor(next() * 4); k > 0; k--) {
            const at = Math.floor(next() * tiff.length);
            const value = Math.floor(next() * 256);
            flips.push(`${at}=${value}`);
            tiff[at] = value;
          }
        });
        return { label: `flip #${i} ${flips.join(',')}`, bytes, sameLayout: true };
      });
      const { changed, decodedBoth } = await check(sample, cases, 3);
      // Most flips leave the GPS pointer in place: the checks above ran on many outputs.
      expect(changed, sample.name).toBeGreaterThan(300);
      expect(decodedBoth, sample.name).toBeGreaterThan(100);
      total += cases.length;
    }
    expect(total).toBe(1600);
  });

  it('should survive counts and offsets set to 0xFFFFFFFF, 0, odd values and past the end', async () => {
    for (const [n, sample] of samples.entries()) {
      const next = random(2000 + n);
      const words = [0xffffffff, 0xffff, 0x8000_0000, 0, 1, 7, 8, sample.block.end - sample.block.start];
      const cases = Array.from({ length: 300 }, (_, i) => {
        let label = `word #${i}`;
        const bytes = mutated(sample, (tiff) => {
          const little = tiff.toString('latin1', 0, 2) === 'II';
          // On a 2-byte boundary, where the directories' counts, types and offsets are.
          const at = 2 * Math.floor(next() * ((tiff.length - 4) / 2));
          const word = words[Math.floor(next() * words.length)]!;
          const wide = next() < 0.6;
          label += ` ${wide ? 'u32' : 'u16'}@${at}=${word}`;
          const value = Buffer.alloc(wide ? 4 : 2);
          if (wide) value.writeUInt32BE(word >>> 0);
          else value.writeUInt16BE(word & 0xffff);
          if (little) value.reverse();
          value.copy(tiff, at);
        });
        return { label, bytes, sameLayout: true };
      });
      const { changed, decodedBoth } = await check(sample, cases, 3);
      expect(changed, sample.name).toBeGreaterThan(200);
      expect(decodedBoth, sample.name).toBeGreaterThan(60);
    }
  });

  it('should survive directories that link to themselves, to each other and into one another', async () => {
    for (const sample of samples) {
      const cases: Case[] = [];
      const read = (tiff: Buffer) => {
        const little = tiff.toString('latin1', 0, 2) === 'II';
        const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
        const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
        const put = (at: number, value: number) =>
          little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at);
        const ifd0 = u32(4);
        const count = u16(ifd0);
        const entryOf = (tag: number) => {
          for (let i = 0; i < count; i++) if (u16(ifd0 + 2 + i * 12) === tag) return ifd0 + 2 + i * 12;
          throw new Error(`no tag ${tag}`);
        };
        const gps = u32(entryOf(GPS_POINTER) + 8);
        return { u16, u32, put, ifd0, count, gps, entryOf, linkOf: (ifd: number) => ifd + 2 + u16(ifd) * 12 };
      };
      const twists: [string, (tiff: Buffer) => void][] = [
        [
          'IFD0 links to itself',
          (t) => {
            const { put, ifd0, linkOf } = read(t);
            put(linkOf(ifd0), ifd0);
          },
        ],
        [
          'the GPS directory links to itself',
          (t) => {
            const { put, gps, linkOf } = read(t);
            put(linkOf(gps), gps);
          },
        ],
        [
          'IFD0 and the GPS directory link to each other',
          (t) => {
            const { put, ifd0, gps, linkOf } = read(t);
            put(linkOf(ifd0), gps);
            put(linkOf(gps), ifd0);
          },
        ],
        [
          'the GPS pointer names IFD0',
          (t) => {
            const { put, ifd0, entryOf } = read(t);
            put(entryOf(GPS_POINTER) + 8, ifd0);
          },
        ],
        [
          'the Exif pointer names the GPS directory',
          (t) => {
            const { put, gps, entryOf } = read(t);
            put(entryOf(0x8769) + 8, gps);
          },
        ],
        [
          'the GPS directory starts 2 bytes into IFD0',
          (t) => {
            const { put, ifd0, entryOf } = read(t);
            put(entryOf(GPS_POINTER) + 8, ifd0 + 2);
          },
        ],
        [
          'the GPS directory is the last 2 bytes',
          (t) => {
            const { put, entryOf } = read(t);
            put(entryOf(GPS_POINTER) + 8, t.length - 2);
          },
        ],
        [
          'a GPS value lies over the GPS directory',
          (t) => {
            const { put, gps } = read(t);
            put(gps + 2 + 12 + 8, gps);
          },
        ],
        [
          'a GPS value lies over IFD0',
          (t) => {
            const { put, ifd0, gps } = read(t);
            put(gps + 2 + 12 + 8, ifd0);
          },
        ],
        [
          'a GPS value has a count of 0xFFFFFFFF',
          (t) => {
            const { put, gps } = read(t);
            put(gps + 2 + 12 + 4, 0xffffffff);
          },
        ],
      ];
      for (const [label, twist] of twists)
        cases.push({ label, bytes: mutated(sample, twist), sameLayout: true });
      const { changed } = await check(sample, cases);
      expect(changed, sample.name).toBe(twists.length);
    }
  });

  it('should survive the file cut off at every length', async () => {
    for (const sample of samples) {
      const cases = Array.from({ length: sample.bytes.length }, (_, length) => ({
        label: `cut at ${length}`,
        bytes: Buffer.from(sample.bytes.subarray(0, length)),
        sameLayout: false,
      }));
      await check(sample, cases);
      // Cut after the EXIF block, the position still goes: the rest is copied as it came.
      const cut = sample.bytes.subarray(0, sample.bytes.length - 20);
      const output = stripGps(cut, `image/${sample.format}`);
      expect(output, sample.name).toBeInstanceOf(Uint8Array);
      expect(output!.length, sample.name).toBe(cut.length);
      expect(gpsFound(sample.format, output!), sample.name).toBe('clean');
    }
  });

  it('should stay linear when every GPS entry names the same megabyte', () => {
    // A PNG whose eXIf holds a 1.5 MB value area and a GPS directory of 65,535 entries that each
    // name all of it: zeroing entry by entry was 10^11 bytes, seconds of a blocked event loop.
    const area = 1_500_000;
    const entries = 0xffff;
    const gps = 8 + 18 + area;
    const tiff = Buffer.alloc(gps + 2 + entries * 12 + 4);
    tiff.write('II', 0, 'latin1');
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8);
    tiff.writeUInt16LE(GPS_POINTER, 10);
    tiff.writeUInt16LE(4, 12);
    tiff.writeUInt32LE(1, 14);
    tiff.writeUInt32LE(gps, 18);
    tiff.fill(0x55, 26, gps);
    tiff.writeUInt16LE(entries, gps);
    for (let i = 0; i < entries; i++) {
      const entry = gps + 2 + i * 12;
      tiff.writeUInt16LE(2 + (i % 20), entry);
      tiff.writeUInt16LE(1, entry + 2);
      tiff.writeUInt32LE(area, entry + 4);
      tiff.writeUInt32LE(26, entry + 8);
    }
    const png = samples.find((s) => s.format === 'png')!;
    const { output, error, ms } = run(withTiff('png', png.bytes, tiff), 'png');
    expect(error).toBeUndefined();
    expect(ms).toBeLessThan(500);
    expect(output!.subarray(33 + 8 + 26, 33 + 8 + gps).some((byte) => byte !== 0)).toBe(false);
  });

  it('should stay linear when 65,535 GPS pointers name overlapping directories', () => {
    // IFD0 of 65,535 GPS pointers, each to another even offset of a 1 MB area of 0xFF bytes, where
    // every offset reads as a directory of 65,535 entries: read in full, 4·10^9 entries.
    const count = 0xffff;
    const area = 8 + 2 + count * 12 + 4;
    const tiff = Buffer.alloc(area + 1_000_000, 0xff);
    tiff.write('MM', 0, 'latin1');
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(count, 8);
    for (let i = 0; i < count; i++) {
      const entry = 10 + i * 12;
      tiff.writeUInt16BE(GPS_POINTER, entry);
      tiff.writeUInt16BE(4, entry + 2);
      tiff.writeUInt32BE(1, entry + 4);
      tiff.writeUInt32BE(area + 2 * i, entry + 8);
    }
    tiff.writeUInt32BE(0, 10 + count * 12);
    const png = samples.find((s) => s.format === 'png')!;
    const { output, error, ms } = run(withTiff('png', png.bytes, tiff), 'png');
    expect(error).toBeUndefined();
    expect(ms).toBeLessThan(500);
    expect(output).toBeInstanceOf(Uint8Array);
  });
});
