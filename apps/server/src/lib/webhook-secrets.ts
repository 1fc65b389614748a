import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDataDir } from './data-dir.js';

/** The key file made in DATA_DIR when WEBHOOK_SECRETS_KEY is not set (decision 042). */
export const WEBHOOK_KEY_FILE = 'webhook-secrets.key';
const FORMAT = 'v1';

/**
 * Encrypts webhook signing secrets with AES-256-GCM under the server's key, each bound to its
 * webhook's id (the additional data), so that a database dump alone cannot sign and a secret
 * copied onto another webhook's row does not decrypt.
 */
export class WebhookSecrets {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The webhook secrets key must be 32 bytes');
  }

  /** A new signing secret in the Standard Webhooks form: whsec_ and 32 random bytes, base64. */
  static newSecret(): string {
    return `whsec_${randomBytes(32).toString('base64')}`;
  }

  encrypt(webhookId: string, secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(webhookId, 'utf8'));
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
    return [FORMAT, ...parts].join(':');
  }

  /** Throws when the text was made with another key or for another webhook. */
  decrypt(webhookId: string, text: string): string {
    const [format, iv, tag, data] = text.split(':');
    if (format !== FORMAT || !iv || !tag || data === undefined) throw new Error('Unknown secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(webhookId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/**
 * The key: WEBHOOK_SECRETS_KEY (32 bytes, base64 or hex) when set, which several servers on one
 * PostgreSQL must share; otherwise 32 random bytes made on first use in DATA_DIR (mode 0600). The
 * exclusive flag makes two processes starting together agree on one key.
 */
export async function loadWebhookSecrets(configured: Buffer | undefined, dataDir: string) {
  if (configured) return new WebhookSecrets(configured);
  const file = path.join(dataDir, WEBHOOK_KEY_FILE);
  makeDataDir(dataDir);
  try {
    await writeFile(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  if (key.length !== 32)
    throw new Error(`${file} holds no valid webhook key; it must hold 32 bytes, base64url`);
  return new WebhookSecrets(key);
}
