import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes for the built-in identity provider: scrypt from node:crypto with a random salt.
 * The parameters are stored with the hash, so they can be raised later without breaking the
 * passwords already stored: `scrypt$<N>$<r>$<p>$<salt>$<hash>` (salt and hash in base64url).
 */
/** OWASP's scrypt recommendation (N=2^17, r=8, p=1): 128 MiB and about half a second per hash. */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** A stored hash may not ask for more than this (a tampered row must not exhaust memory or CPU). */
const LIMITS = { N: 2 ** 20, r: 32, p: 16 };

/** scrypt needs 128·N·r bytes, above Node's default cap of 32 MiB from N=2^15, r=8 on. */
const maxmem = (N: number, r: number) => 128 * N * r + 1024 * 1024;

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  // The async form runs on libuv's thread pool, so a sign-in does not block other requests.
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = PARAMS;
  const hash = await derive(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = Object.entries(params).every(
    ([name, value]) => Number.isInteger(value) && value >= 1 && value <= LIMITS[name as keyof typeof LIMITS],
  );
  // scrypt's cost must be a power of two.
  if (!valid || (params.N & (params.N - 1)) !== 0) return undefined;
  return { ...params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** True when the password matches; false for a wrong password or a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await derive(password, salt, hash.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(candidate, hash);
}

/** True when the hash was made with other parameters than today's: it is made again at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N !== PARAMS.N || parsed.r !== PARAMS.r || parsed.p !== PARAMS.p;
}
