import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWebhookSecrets, WEBHOOK_KEY_FILE, WebhookSecrets } from '../webhook-secrets.js';

describe('WebhookSecrets', () => {
  it('should decrypt what it encrypted, for the same webhook and key only', () => {
    const secrets = new WebhookSecrets(randomBytes(32));
    const secret = WebhookSecrets.newSecret();
    const stored = secrets.encrypt('hook-1', secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(secrets.decrypt('hook-1', stored)).toBe(secret);
    expect(() => secrets.decrypt('hook-2', stored)).toThrow();
    expect(() => new WebhookSecrets(randomBytes(32)).decrypt('hook-1', stored)).toThrow();
  });

  it('should make its key file on first use, 0600, and keep it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hooks-'));
    try {
      const first = await loadWebhookSecrets(undefined, dir);
      const file = path.join(dir, WEBHOOK_KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = readFileSync(file, 'utf8');
      const second = await loadWebhookSecrets(undefined, dir);
      expect(readFileSync(file, 'utf8')).toBe(key);
      expect(second.decrypt('h', first.encrypt('h', 'whsec_x'))).toBe('whsec_x');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
