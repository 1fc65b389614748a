import type { AuthConfig, EnvConfig } from './config-types.js';

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasStrings(value: unknown, keys: readonly string[]): value is Record<string, string> {
  return isRecord(value) && keys.every((key) => typeof value[key] === 'string');
}

/** Fetches a JSON document from the page's own origin and checks its shape before anyone relies on it. */
async function fetchConfigDocument<T>(path: string, requiredKeys: readonly string[]): Promise<T> {
  const response = await fetch(new URL(path, window.location.origin), {
    headers: JSON_HEADERS,
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!hasStrings(body, requiredKeys)) {
    throw new Error(`${path} lacks one of: ${requiredKeys.join(', ')}`);
  }
  return body as T;
}

export function fetchAuthConfig(path: string): Promise<AuthConfig> {
  return fetchConfigDocument<AuthConfig>(path, ['authority', 'clientId']);
}

export function fetchEnvConfig(path: string): Promise<EnvConfig> {
  return fetchConfigDocument<EnvConfig>(path, ['env', 'apiBaseUri', 'authority', 'clientId']);
}
