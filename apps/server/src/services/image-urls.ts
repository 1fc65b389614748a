import { SIGNED_URL_SECONDS } from '@masthead/contract';
import type { Db } from '../db/database.js';
import { serverKey } from '../db/repositories/server-keys.repository.js';
import { variantUrl, type VariantFormat, type VariantSource } from '../lib/image-variants.js';
import { sign, verify } from '../lib/url-signature.js';

/**
 * Signed addresses of a private asset's variants (decision 064): `/img/<name>?expires&sig`, an
 * HMAC of the name and the expiry with a key every server on the database shares, as the local
 * driver signs its download URLs. Anyone holding one may fetch that variant until it expires.
 */
const imageUrlKey = async (db: Db) => Buffer.from(await serverKey(db, 'image-urls', 32));
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A private asset's variant address, valid for `expiresInSeconds` (15 minutes, as its signedUrl). */
export async function signedVariantUrl(
  db: Db,
  publicUrl: string,
  source: VariantSource,
  variant: { width: number; format: VariantFormat },
  options: { expiresInSeconds?: number; now?: Date } = {},
): Promise<string> {
  const url = new URL(variantUrl(publicUrl, source, variant.width, variant.format));
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const expires = String(
    seconds(options.now ?? new Date()) + (options.expiresInSeconds ?? SIGNED_URL_SECONDS),
  );
  url.searchParams.set('expires', expires);
  url.searchParams.set('sig', sign(await imageUrlKey(db), ['IMG', name, expires]));
  return url.toString();
}

/** The signature's expiry in epoch seconds when it is valid for this name now; undefined otherwise. */
export async function verifySignedVariant(
  db: Db,
  name: string,
  query: { expires?: unknown; sig?: unknown },
  now = new Date(),
): Promise<number | undefined> {
  const { expires, sig } = query;
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) return undefined;
  if (!verify(await imageUrlKey(db), ['IMG', name, expires], sig)) return undefined;
  return Number(expires) >= seconds(now) ? Number(expires) : undefined;
}
