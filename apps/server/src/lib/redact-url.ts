/**
 * Query parameters whose values let whoever reads them in a log act as someone: signatures of
 * storage addresses (ours and S3's), OpenID codes, states and tokens, and API keys.
 */
const SECRET_PARAMETERS = new Set([
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'code',
  'state',
  'id_token_hint',
  'id_token',
  'access_token',
  'refresh_token',
  'token',
  'client_secret',
  'key',
  'api_key',
  'password',
]);

function decodedName(name: string) {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The request's address as it may be logged: the value of each secret query parameter (by name, in
 * any case, encoded or not) becomes REDACTED; everything else stays exactly as it came.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(decodedName(name)) ? `${name}=REDACTED` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}
