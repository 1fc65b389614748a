import { randomBytes, randomUUID } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import {
  deleteOldKeys,
  insertKey,
  listKeys,
  type IdpKeyKind,
} from '../db/repositories/idp-keys.repository.js';

/**
 * The built-in provider's keys, kept in the database (docs/decisions/008): every instance signs and
 * checks with the same keys, and a restart keeps them. The newest key of each kind is in use; the
 * older ones stay so that tokens and cookies they signed still verify.
 */
export interface IdpKeys {
  /** Private JWKs, the signing key first. */
  signing: JWK[];
  /** Cookie-signing secrets, the one that signs first. */
  cookie: string[];
}

export const SIGNING_ALGORITHM = 'ES256';
/** The key in use and the two before it: enough for tokens signed just before two rotations. */
export const KEYS_KEPT = 3;
/** Any constant; it only has to be the same for every instance that may create keys at once. */
const KEYS_LOCK = 740_113_022;
/** After a rotation, other instances learn the new key by reloading, at most this often. */
const RELOAD_INTERVAL_MS = 30_000;

async function newKey(kind: IdpKeyKind) {
  if (kind === 'cookie') return { id: randomUUID(), kind, secret: randomBytes(32).toString('base64url') };
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { id: kid, kind, secret: JSON.stringify({ ...jwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' }) };
}

export async function readKeys(db: Db): Promise<IdpKeys> {
  const signing = await listKeys(db, 'signing');
  const cookie = await listKeys(db, 'cookie');
  return {
    signing: signing.map((key) => JSON.parse(key.secret) as JWK),
    cookie: cookie.map((key) => key.secret),
  };
}

/** The advisory lock keeps two instances that start together from both creating keys. */
function underLock<T>(db: Db, work: (trx: Db) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${KEYS_LOCK})`.execute(trx);
    return work(trx);
  });
}

/** The keys, created on the first start. */
export function loadOrCreateKeys(db: Db): Promise<IdpKeys> {
  return underLock(db, async (trx) => {
    for (const kind of ['signing', 'cookie'] as const) {
      if ((await listKeys(trx, kind)).length === 0) await insertKey(trx, await newKey(kind));
    }
    return readKeys(trx);
  });
}

/** A new signing key and cookie key take over; the oldest beyond KEYS_KEPT are deleted. */
export function rotateKeys(db: Db): Promise<IdpKeys> {
  return underLock(db, async (trx) => {
    for (const kind of ['signing', 'cookie'] as const) {
      await insertKey(trx, await newKey(kind));
      await deleteOldKeys(trx, kind, KEYS_KEPT);
    }
    return readKeys(trx);
  });
}

/** The public half of each signing key, as the JWKS publishes it. */
export function publicKeySet(keys: IdpKeys): JSONWebKeySet {
  return {
    keys: keys.signing.map(({ kty, crv, x, y, kid, alg, use }) => ({ kty, crv, x, y, kid, alg, use })),
  };
}

/**
 * The API's key lookup for the built-in provider's tokens: its public keys, in memory, so that no
 * request goes out (PUBLIC_URL may not be reachable from inside). A token signed with a key it does
 * not know (another instance rotated) reloads the keys from the database, at most every 30 s.
 */
export function localKeyLookup(initial: IdpKeys, reload: () => Promise<IdpKeys>): JWTVerifyGetKey {
  let lookup = createLocalJWKSet(publicKeySet(initial));
  let loadedAt = Date.now();
  return async (header, token) => {
    try {
      return await lookup(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey) || Date.now() - loadedAt < RELOAD_INTERVAL_MS) {
        throw error;
      }
      loadedAt = Date.now();
      lookup = createLocalJWKSet(publicKeySet(await reload()));
      return lookup(header, token);
    }
  };
}
