import { MAX_UPLOAD_BYTES, type AcceptedImageType } from '@masthead/contract';
import { fileTypeFromBuffer } from 'file-type/core';
import { imageSize } from 'image-size';
import { AppError, badRequest, tooLarge } from '../lib/app-error.js';
import type { Storage } from '../storage/storage.js';

/**
 * How much of the file is read to check it: file-type needs its first 4,100 bytes at most, and a
 * JPEG's size marker usually follows its EXIF and colour profile within the first 64 KiB. Only
 * when it does not is the rest of the file (10 MiB at most) read.
 */
const HEAD_BYTES = 64 * 1024;
const MAGIC_BYTES = 4100;

export interface CheckedFile {
  mimeType: AcceptedImageType;
  size: number;
  width: number;
  height: number;
}

const LABEL: Record<AcceptedImageType, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG' };

function dimensions(bytes: Uint8Array) {
  try {
    const { width, height, orientation } = imageSize(bytes);
    if (!width || !height) return undefined;
    // EXIF orientations 5 to 8 turn the picture a quarter: it is shown with the sides swapped.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return undefined;
  }
}

/**
 * DESIGN §3: registration checks that the object exists, that its bytes really are the declared
 * PNG or JPEG, and that it is 10 MiB or less. A file that fails a check is deleted before the
 * refusal, with the `alsoDelete` keys (the upload it was copied from); a missing one is simply
 * reported.
 */
export async function checkUploadedFile(
  storage: Storage,
  key: string,
  declaredType: string,
  alsoDelete: string[] = [],
  maxPixels = Infinity,
): Promise<CheckedFile> {
  const head = await storage.head(key);
  if (!head) {
    throw badRequest(
      ['fileKey: no file has been uploaded to this key; PUT it to the signed URL first'],
      'The file was not uploaded; upload it, then register it.',
    );
  }
  const refuse = async (error: AppError): Promise<never> => {
    for (const refused of [key, ...alsoDelete]) await storage.delete(refused);
    throw error;
  };
  if (head.size > MAX_UPLOAD_BYTES) {
    return refuse(
      tooLarge(`The file has ${head.size} bytes; at most ${MAX_UPLOAD_BYTES} (10 MiB) are allowed`),
    );
  }
  const start = (await storage.readStart(key, HEAD_BYTES)) ?? new Uint8Array();
  const detected = await fileTypeFromBuffer(start.subarray(0, MAGIC_BYTES));
  const mimeType = detected?.mime;
  if (mimeType !== 'image/png' && mimeType !== 'image/jpeg') {
    return refuse(
      new AppError(
        415,
        [
          `The file is ${detected ? `a ${detected.ext.toUpperCase()} file` : 'not an image'}; only PNG and JPEG are accepted`,
        ],
        'The file is not a PNG or JPEG image, so it was removed.',
      ),
    );
  }
  if (mimeType !== declaredType) {
    return refuse(
      new AppError(
        415,
        [`The file is a ${LABEL[mimeType]} image, but was declared as ${declaredType}`],
        'The file is not of the type it was uploaded as, so it was removed.',
      ),
    );
  }
  let size = dimensions(start);
  if (!size && start.length < head.size) {
    size = dimensions((await storage.readStart(key, head.size)) ?? start);
  }
  if (!size) {
    return refuse(
      new AppError(
        415,
        [`The ${LABEL[mimeType]} image is damaged: its width and height cannot be read`],
        'The image is damaged, so it was removed.',
      ),
    );
  }
  // From the header alone: a small file that declares a huge picture is never decoded (issue 31).
  if (size.width * size.height > maxPixels) {
    const megapixels = (n: number) => `${Math.round(n / 100_000) / 10} megapixels`;
    return refuse(
      new AppError(
        413,
        [
          `The image has ${size.width} × ${size.height} pixels (${megapixels(size.width * size.height)}); at most ${megapixels(maxPixels)} are allowed`,
        ],
        'The image has too many pixels, so it was removed; make it smaller and upload it again.',
      ),
    );
  }
  return { mimeType, size: head.size, ...size };
}
