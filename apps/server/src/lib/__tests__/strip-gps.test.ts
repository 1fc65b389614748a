import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripGps } from '../strip-gps.js';

const GPS = {
  GPSLatitudeRef: 'N',
  GPSLatitude: '48/1 51/1 2964/100',
  GPSLongitudeRef: 'E',
  GPSLongitude: '2/1 17/1 4008/100',
};

/** A photo as a phone writes it: turned a quarter, with its camera, its time and where it was taken. */
async function photo(format: 'jpeg' | 'png') {
  const image = sharp({ create: { width: 40, height: 20, channels: 3, background: '#3a7' } })
    .withExif({ IFD0: { Make: 'Phone', Model: 'One' }, IFD2: { ExposureTime: '1/250' }, IFD3: GPS })
    .withMetadata({ orientation: 6 });
  return (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
}

const exifOf = async (bytes: Buffer) => {
  const { exif } = await sharp(bytes).metadata();
  return exif ? exifReader(exif) : undefined;
};

describe.each(['jpeg', 'png'] as const)('stripGps on a %s', (format) => {
  it('should remove the position and keep the orientation, the camera and the pixels', async () => {
    const original = await photo(format);
    expect((await exifOf(original))?.GPSInfo?.GPSLatitude).toBeDefined();
    const stripped = stripGps(original, `image/${format}`)!;
    expect(stripped).toBeDefined();
    const exif = await exifOf(stripped);
    expect(exif?.GPSInfo).toBeUndefined();
    expect(exif?.Image).toMatchObject({ Make: 'Phone', Model: 'One', Orientation: 6 });
    expect(exif?.Image?.GPSTag).toBeUndefined();
    expect(exif?.Photo?.ExposureTime).toBe(1 / 250);
    // No trace of the coordinates' numbers (2964/100, little-endian) is left in the EXIF block.
    const trace = Buffer.from([0x94, 0x0b, 0, 0, 100, 0, 0, 0]);
    expect((await sharp(original).metadata()).exif!.includes(trace)).toBe(true);
    expect((await sharp(stripped).metadata()).exif!.includes(trace)).toBe(false);
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(stripped)).equals(await pixels(original))).toBe(true);
    expect((await sharp(stripped).metadata()).orientation).toBe(6);
  });

  it('should leave a file without a position alone', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .withExif({ IFD0: { Make: 'Phone' } })
      .withMetadata({ orientation: 3 });
    const plain = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
    expect(stripGps(plain, `image/${format}`)).toBeUndefined();
  });
});

describe('stripGps on a JPEG', () => {
  it('should copy the compressed image data byte for byte (nothing re-encoded)', async () => {
    const original = await photo('jpeg');
    const stripped = stripGps(original, 'image/jpeg')!;
    const scan = (bytes: Buffer) => bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(stripped).equals(scan(original))).toBe(true);
    expect(stripped.length).toBeLessThanOrEqual(original.length);
  });
});
