import { crc32 } from 'node:zlib';

/**
 * Removes the GPS position from a JPEG or PNG without touching its pixels (decision 064): the
 * compressed image data is copied byte for byte, so nothing is re-encoded (Payload's bug, PR
 * #11612). In the EXIF block, the GPS directory is blanked and its entry taken out of the first
 * directory; everything else, the orientation first of all, stays where it was. XMP packets that
 * carry a position are dropped whole. No maintained npm library edits EXIF in place (piexifjs was
 * last released in 2019), and a few offsets are all it takes.
 */

const GPS_POINTER = 0x8825;
/** Bytes per value of each TIFF type (1 BYTE … 12 DOUBLE, 13 IFD). */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];
const XMP_GPS = /GPS(Latitude|Longitude|Altitude|Position|Coordinates)/i;

/** Blanks the GPS directory of a TIFF structure (an EXIF block) in place; true when there was one. */
export function stripGpsFromTiff(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const setU16 = (at: number, value: number) =>
    little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
  const fits = (at: number, length: number) => at >= 8 && length >= 0 && at + length <= tiff.length;

  const ifd0 = u32(4);
  if (!fits(ifd0, 2)) return false;
  const count = u16(ifd0);
  const end = ifd0 + 2 + count * 12;
  if (!fits(ifd0, 2 + count * 12 + 4)) return false;
  // Every GPS pointer, not just the last: with two, exif-reader follows the other one.
  const directories = new Set<number>();
  for (let i = 0; i < count; i++) {
    if (u16(ifd0 + 2 + i * 12) === GPS_POINTER) directories.add(u32(ifd0 + 2 + i * 12 + 8));
  }
  if (directories.size === 0) return false;

  // The spans to zero are gathered, then filled once each: a hostile directory whose 65,535 entries
  // all name the same megabytes would otherwise cost entries × megabytes (seconds on a 10 MB PNG).
  // Directories that do not overlap hold at most a twelfth of the block's length in entries; a
  // file claiming more gets no more reading than that.
  const spans: [number, number][] = [];
  let budget = tiff.length / 12;
  for (const gps of directories) {
    if (!fits(gps, 2)) continue;
    const entries = u16(gps);
    const size = 2 + entries * 12 + 4;
    if (!fits(gps, size) || (budget -= entries) < 0) continue;
    for (let i = 0; i < entries; i++) {
      const entry = gps + 2 + i * 12;
      const bytes = (TYPE_SIZE[u16(entry + 2)] ?? 0) * u32(entry + 4);
      // Values of more than four bytes (the coordinates' rationals) live elsewhere in the block.
      if (bytes > 4 && fits(u32(entry + 8), bytes)) spans.push([u32(entry + 8), u32(entry + 8) + bytes]);
    }
    spans.push([gps, gps + size]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  let zeroed = 0;
  for (const [from, to] of spans) {
    if (to > zeroed) tiff.fill(0, Math.max(from, zeroed), to);
    zeroed = Math.max(zeroed, to);
  }
  // The other entries move up (they stay sorted by tag), then the link to the next directory;
  // every offset is from the block's start, so none of them changes.
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) !== GPS_POINTER) tiff.copy(tiff, ifd0 + 2 + kept++ * 12, entry, entry + 12);
  }
  tiff.copy(tiff, ifd0 + 2 + kept * 12, end, end + 4);
  tiff.fill(0, ifd0 + 2 + kept * 12 + 4, end + 4);
  setU16(ifd0, kept);
  return true;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const XMP_HEADERS = ['http://ns.adobe.com/xap/1.0/\0', 'http://ns.adobe.com/xmp/extension/\0'].map((h) =>
  Buffer.from(h, 'latin1'),
);

/** JPEG: the segments before the image data are checked; from the start of scan on, bytes are copied. */
function stripJpeg(input: Buffer): Buffer | undefined {
  const parts: Buffer[] = [input.subarray(0, 2)];
  let changed = false;
  let at = 2;
  while (at + 4 <= input.length && input[at] === 0xff) {
    const marker = input[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = input.readUInt16BE(at + 2);
    const segment = input.subarray(at, at + 2 + length);
    if (segment.length < 2 + length) return undefined;
    at += 2 + length;
    const data = segment.subarray(4);
    if (marker === 0xe1 && data.subarray(0, 6).equals(EXIF_HEADER)) {
      const copy = Buffer.from(segment);
      if (stripGpsFromTiff(copy.subarray(10))) changed = true;
      parts.push(copy);
    } else if (
      marker === 0xe1 &&
      XMP_HEADERS.some((header) => data.subarray(0, header.length).equals(header)) &&
      XMP_GPS.test(data.toString('latin1'))
    ) {
      changed = true;
    } else parts.push(segment);
  }
  if (!changed) return undefined;
  parts.push(input.subarray(at));
  return Buffer.concat(parts);
}

function pngChunk(type: string, data: Buffer) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** PNG: the eXIf chunk is edited as a JPEG's EXIF is; XMP (iTXt) and ImageMagick's raw EXIF profiles that hold a position go. */
function stripPng(input: Buffer): Buffer | undefined {
  const parts: Buffer[] = [input.subarray(0, 8)];
  let changed = false;
  let at = 8;
  while (at + 12 <= input.length) {
    const length = input.readUInt32BE(at);
    const type = input.toString('latin1', at + 4, at + 8);
    const whole = input.subarray(at, at + 12 + length);
    if (whole.length < 12 + length) {
      // A cut-off file (browsers show what they can of it) no longer keeps its position: the chunks
      // before the cut are edited as usual, the rest is copied as it is.
      parts.push(input.subarray(at));
      break;
    }
    const data = whole.subarray(8, 8 + length);
    at += 12 + length;
    if (type === 'eXIf') {
      const copy = Buffer.from(data);
      if (stripGpsFromTiff(copy)) {
        changed = true;
        parts.push(pngChunk(type, copy));
        continue;
      }
    } else if (['iTXt', 'tEXt', 'zTXt'].includes(type)) {
      const keyword = data.toString('latin1', 0, Math.max(0, data.indexOf(0)));
      const rawExif = /^Raw profile type (exif|app1|xmp)$/i.test(keyword);
      if (rawExif || (keyword === 'XML:com.adobe.xmp' && XMP_GPS.test(data.toString('latin1')))) {
        changed = true;
        continue;
      }
    }
    parts.push(whole);
    if (type === 'IEND') break;
  }
  return changed ? Buffer.concat(parts) : undefined;
}

/** The file without its GPS position, or undefined when it had none (or is not a file this reads). */
export function stripGps(bytes: Uint8Array, mimeType: string): Buffer | undefined {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (mimeType === 'image/jpeg') return stripJpeg(input);
  if (mimeType === 'image/png') return stripPng(input);
  return undefined;
}
