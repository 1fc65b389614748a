/** A PUT that failed: its HTTP status, or 0 when the network failed. */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(`Upload failed (${status || 'network error'})`);
    this.name = 'UploadError';
  }
}

/**
 * PUTs the file to the signed URL with exactly the headers the upload-url call asked for
 * (content-type, and the public-read ACL header for a public file where the store takes it). The URL
 * is a staging address: the file becomes the asset, and public if asked, only once registration has
 * checked it. XMLHttpRequest, not fetch: only it reports upload
 * progress.
 */
export function putFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve();
      } else reject(new UploadError(request.status));
    };
    request.onerror = () => reject(new UploadError(0));
    request.send(file);
  });
}
