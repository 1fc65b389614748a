import { crc32, deflateSync } from 'node:zlib';

/**
 * Real image bytes made in the test, so no binary fixture is committed: a PNG any decoder reads,
 * and a baseline JPEG of one grey shade (every 8×8 block has only a zero DC difference and an
 * end-of-block, each coded with a one-bit Huffman code).
 */
function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function png(width: number, height: number): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method variants, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A decompression bomb: a PNG of a few dozen bytes whose header declares `width` × `height`
 * pixels (its one row of data is far too short, which only a decoder would notice).
 */
export function pngDeclaring(width: number, height: number): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3 > 65_536 ? 65_536 : 1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid PNG of exactly `total` bytes: a private ancillary chunk ("prVt") fills the rest. */
export function pngOfSize(total: number, width = 1, height = 1): Buffer<ArrayBuffer> {
  const base = png(width, height);
  const fill = total - base.length - 12;
  if (fill < 0) throw new Error(`A PNG cannot be as small as ${total} bytes`);
  const iend = base.length - 12;
  return Buffer.concat([base.subarray(0, iend), chunk('prVt', Buffer.alloc(fill)), base.subarray(iend)]);
}

function segment(marker: number, data: Buffer) {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(marker, 0);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** EXIF APP1 with only an orientation (1 = as stored, 6 = turned a quarter clockwise). */
function exifOrientation(orientation: number) {
  const tiff = Buffer.alloc(26);
  tiff.write('II', 0, 'ascii');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4); // first IFD
  tiff.writeUInt16LE(1, 8); // one entry
  tiff.writeUInt16LE(0x0112, 10); // Orientation
  tiff.writeUInt16LE(3, 12); // SHORT
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  tiff.writeUInt32LE(0, 22); // no next IFD
  return segment(0xffe1, Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]));
}

export function jpeg(
  width: number,
  height: number,
  options: { orientation?: number } = {},
): Buffer<ArrayBuffer> {
  const jfif = segment(0xffe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]));
  const quant = segment(0xffdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)]));
  const frame = Buffer.alloc(9);
  frame.writeUInt8(8, 0); // precision
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame.set([1, 1, 0x11, 0], 5); // one component, id 1, 1×1 sampling, table 0
  // One symbol each, coded "0": DC category 0, AC end-of-block.
  const counts = Buffer.alloc(16);
  counts[0] = 1;
  const dc = segment(0xffc4, Buffer.concat([Buffer.from([0x00]), counts, Buffer.from([0x00])]));
  const ac = segment(0xffc4, Buffer.concat([Buffer.from([0x10]), counts, Buffer.from([0x00])]));
  const scan = segment(0xffda, Buffer.from([1, 1, 0x00, 0, 63, 0]));
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const data = Buffer.alloc(Math.ceil(bits / 8), 0);
  // Pad the last byte with ones, as the standard asks.
  if (bits % 8 !== 0) data[data.length - 1] = (1 << (8 - (bits % 8))) - 1;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jfif,
    ...(options.orientation ? [exifOrientation(options.orientation)] : []),
    quant,
    segment(0xffc0, frame),
    dc,
    ac,
    scan,
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
}
