import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  findContentKeyByHash,
  touchContentKey,
  type ContentKeyAccess,
} from '../../../db/repositories/content-keys.repository.js';
import { AppError } from '../../../lib/app-error.js';
import { hashContentKey, looksLikeContentKey } from '../../../lib/content-key.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The content key of a /api/v1 request, with its domain; set by its auth hook. */
    contentKey: ContentKeyAccess | null;
  }
}

/** touchContentKey marks a key at most once a minute; no need to ask it more often. */
const TOUCH_EVERY_MS = 60_000;

const unauthorized = (line: string) =>
  new AppError(401, [line], 'A valid content key is required: Authorization: Bearer <key> or ?key=<key>.', {
    'www-authenticate': 'Bearer',
  });

/** The key the request carries: Authorization: Bearer first, else ?key=; undefined for none. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return /^Bearer +(\S+)\s*$/i.exec(header)?.[1] ?? '';
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.key;
  if (fromQuery === undefined) return undefined;
  return typeof fromQuery === 'string' ? fromQuery : '';
}

/**
 * Finds the request's content key, or refuses it with 401. Text without a key's shape is refused
 * without a database call. The key is looked up on every request, never cached, so that a revoked
 * key (a deleted row) is refused at once by every process. Its last use is marked in the background,
 * at most once a minute: a failure there never fails the read.
 */
export async function authenticateContentKey(app: FastifyInstance, request: FastifyRequest) {
  const key = presentedKey(request);
  if (key === undefined) throw unauthorized('No content key was given');
  if (!looksLikeContentKey(key)) throw unauthorized('The content key is not valid');
  const access = await findContentKeyByHash(app.deliveryDb, hashContentKey(key));
  if (!access) throw unauthorized('The content key is not valid, or was revoked');
  request.contentKey = access;
  // The row says when it was last marked: most reads skip the write, and its statement, entirely.
  if (access.lastUsedAt !== null && Date.now() - access.lastUsedAt.getTime() < TOUCH_EVERY_MS) return;
  touchContentKey(app.deliveryDb, access.keyId).catch((error: unknown) =>
    request.log.warn({ err: error }, 'content key last use not recorded'),
  );
}
