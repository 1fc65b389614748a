import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../../lib/app-error.js';
import { contentDisposition } from '../../../lib/file-names.js';
import type { LocalStorage, Query } from '../../../storage/local-storage.js';
import { isValidKey } from '../../../storage/storage.js';

const PUBLIC_CACHE = 'public, max-age=31536000, immutable';

/** The key from /storage/<key>; the router has already percent-decoded it. */
function keyOf(request: FastifyRequest): string {
  const key = (request.params as { '*'?: string })['*'] ?? '';
  if (!isValidKey(key)) throw notFound('The file');
  return key;
}

/** A single `bytes=` range within the size, or undefined for the whole file. */
function parseRange(header: string | undefined, size: number) {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: RFC 9110 lets the server answer with the whole file.
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
    if (suffix === 0) return 'unsatisfiable' as const;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return undefined;
  }
  if (start >= size) return 'unsatisfiable' as const;
  return { start, end };
}

export interface LocalStorageRoutesOptions {
  storage: LocalStorage;
  /**
   * Whether a registered public asset holds the key (the database says so): only those are served
   * without a signature, never an upload that was not registered (decision 035).
   */
  isPublicAsset: (key: string) => Promise<boolean>;
}

/**
 * The local driver's HTTP side (DESIGN §3 Assets): the browser PUTs a file to the signed upload
 * address and GETs registered public assets at their stable address, or any file at a signed
 * address. Every refusal carries the standard error body.
 */
export default async function localStorageRoutes(app: FastifyInstance, options: LocalStorageRoutesOptions) {
  const { storage, isPublicAsset } = options;
  // The body is streamed by the handler, whatever its type, so no parser may read it first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put('/storage/*', { schema: { hide: true } }, async (request, reply) => {
    const key = keyOf(request);
    const grant = storage.verifyUpload(key, request.query as Query, {
      contentType: request.headers['content-type'],
      acl: typeof request.headers['x-amz-acl'] === 'string' ? request.headers['x-amz-acl'] : undefined,
    });
    const length = request.headers['content-length'];
    const body = request.body as Readable | undefined;
    if (!body) throw new AppError(400, ['The file is empty'], 'The upload has no file in it.');
    try {
      const meta = await storage.receive(grant, body, length === undefined ? undefined : Number(length));
      return reply.code(200).header('etag', `"${meta.md5}"`).send();
    } catch (error) {
      // The client may still be sending: the refused rest is not read on this connection.
      reply.header('connection', 'close');
      throw error;
    }
  });

  app.get('/storage/*', { schema: { hide: true } }, async (request, reply) => {
    const key = keyOf(request);
    const query = request.query as Query;
    const signed = query.sig !== undefined || query.expires !== undefined;
    const signedName = signed ? storage.verifyDownload(key, query) : undefined;
    const object = await storage.openObject(key);
    if (!object) throw notFound('The file');
    if (!signed && !object.meta.public) {
      throw new AppError(403, ['This file is private; use a signed address'], 'This file is private.');
    }
    // Public only once registered: a file marked public that no asset holds (an upload from before
    // decision 035, or the leftover of a failed registration) is answered as absent.
    if (!signed && !(await isPublicAsset(key))) throw notFound('The file');
    return send(reply, request, object, signedName || object.meta.fileName || key.split('/').pop()!, signed);
  });

  function send(
    reply: FastifyReply,
    request: FastifyRequest,
    object: NonNullable<Awaited<ReturnType<LocalStorage['openObject']>>>,
    fileName: string,
    signed: boolean,
  ) {
    const etag = `"${object.meta.md5}"`;
    const range = parseRange(request.headers.range, object.size);
    if (range === 'unsatisfiable') {
      throw new AppError(
        416,
        [`The range is outside the file's ${object.size} bytes`],
        'The requested range is not in the file.',
        { 'content-range': `bytes */${object.size}` },
      );
    }
    reply.headers({
      'content-type': object.meta.contentType,
      'x-content-type-options': 'nosniff',
      // The files are images for other sites' pages; nothing in them may run as a document.
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
      'content-disposition': contentDisposition(fileName),
      'cache-control': signed ? 'private, max-age=900' : PUBLIC_CACHE,
      'accept-ranges': 'bytes',
      etag,
    });
    const noneMatch = request.headers['if-none-match'];
    if (noneMatch && noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.code(304).send();
    }
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(storage.readStream(object.file, range));
    }
    reply.header('content-length', object.size);
    return reply.send(storage.readStream(object.file));
  }
}
