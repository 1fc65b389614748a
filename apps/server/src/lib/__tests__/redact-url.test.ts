import { describe, expect, it } from 'vitest';
import { redactUrl } from '../redact-url.js';

describe('redactUrl', () => {
  it.each([
    ['/storage/a/b.png?expires=1&sig=abc', '/storage/a/b.png?expires=1&sig=REDACTED'],
    [
      '/oidc/session/end?id_token_hint=eyJ.x.y&post_logout_redirect_uri=z',
      '/oidc/session/end?id_token_hint=REDACTED&post_logout_redirect_uri=z',
    ],
    [
      '/authentication/callback?code=c&state=s&iss=i',
      '/authentication/callback?code=REDACTED&state=REDACTED&iss=i',
    ],
    ['/api/v1/posts?KEY=k', '/api/v1/posts?KEY=REDACTED'],
    ['/x?%73ig=abc&X-Amz-Signature=s', '/x?%73ig=REDACTED&X-Amz-Signature=REDACTED'],
    ['/x?sig', '/x?sig=REDACTED'],
    ['/x?sig=a&sig=b', '/x?sig=REDACTED&sig=REDACTED'],
  ])('should redact %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    ['/cms/blogs/all?domain=a.example&page=2'],
    ['/healthz'],
    ['/x?'],
    ['/x?%ZZ=1&a=%E0'],
    ['/x?signature_count=1'],
  ])('should leave %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
