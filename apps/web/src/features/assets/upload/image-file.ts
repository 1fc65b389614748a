import { MAX_UPLOAD_BYTES, type AcceptedImageType } from '@masthead/contract/constants';

/** What the file picker accepts (spec §5: png or jpeg). */
export const ACCEPT_IMAGES = 'image/png,image/jpeg,.png,.jpg,.jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/**
 * The image type the file's first bytes show, or null. The browser names a type from the file's
 * extension only, so a text file called `.png` arrives as image/png; the server checks the same
 * magic bytes on registration (DESIGN §3) and this check says so before anything is uploaded.
 */
export async function sniffImageType(file: Blob): Promise<AcceptedImageType | null> {
  const bytes = new Uint8Array(await file.slice(0, PNG_SIGNATURE.length).arrayBuffer());
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/** Spec §5: over 10 MB (10 MiB, as the server counts) is refused, silently. */
export const isOversize = (file: Blob) => file.size > MAX_UPLOAD_BYTES;
