// The worker script of browser-image-compression, emitted as an asset of our own build: the
// library's default is a CDN, and nothing may leave our origin (issue 8).
import compressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';

/** Spec §9: about 0.1 MB, initial quality 0.5, the original resolution kept. */
export const COMPRESSION_OPTIONS = {
  maxSizeMB: 0.1,
  initialQuality: 0.5,
  alwaysKeepResolution: true,
  useWebWorker: true,
} as const;

/**
 * Compresses an image in a web worker, reporting progress from 0 to 100. The library (about 20 KB
 * gzipped) is imported on first use, so neither the list nor the metadata page carries it. The
 * worker runs from a blob: URL, against which a relative address would not resolve, so libURL is
 * absolute.
 */
export async function compressImage(
  file: File,
  onProgress: (progress: number) => void,
  signal?: AbortSignal,
): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, {
    ...COMPRESSION_OPTIONS,
    libURL: new URL(compressionLibUrl, window.location.href).href,
    onProgress,
    ...(signal ? { signal } : {}),
  });
  // The library names the result after the input but may hand back a Blob-like File of another type.
  return compressed.size < file.size
    ? new File([compressed], file.name, { type: file.type, lastModified: file.lastModified })
    : file;
}
