import { describe, expect, it } from 'vitest';
import { MIN_RENEW_DELAY_MS, renewDelay } from '../hooks/use-live-preview-link.js';
import { previewSandbox, safePreviewUrl } from '../preview-address.js';

const APP = 'https://cms.example.com';

describe('safePreviewUrl', () => {
  it('should take http(s) addresses, and relative ones against the page', () => {
    expect(safePreviewUrl('https://site.test/p?token=mhp_1', `${APP}/`)).toBe(
      'https://site.test/p?token=mhp_1',
    );
    expect(safePreviewUrl('http://localhost:4000/preview?token=x', `${APP}/`)).toBe(
      'http://localhost:4000/preview?token=x',
    );
    expect(safePreviewUrl('/preview/mhp_1', `${APP}/?post=1`)).toBe(`${APP}/preview/mhp_1`);
  });

  it('should refuse every other scheme', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'ftp://site.test/',
      'blob:x',
    ]) {
      expect(safePreviewUrl(url, `${APP}/`)).toBeNull();
    }
  });
});

describe('previewSandbox', () => {
  it("should let the site's page keep its origin, run and open tabs, but never navigate the editor", () => {
    const flags = previewSandbox('https://site.test/preview?token=x', APP).split(' ');
    expect(flags.sort()).toEqual(
      [
        'allow-forms',
        'allow-popups',
        'allow-popups-to-escape-sandbox',
        'allow-same-origin',
        'allow-scripts',
      ].sort(),
    );
  });

  it("should take Masthead's own origin away from a page of that origin", () => {
    expect(previewSandbox(`${APP}/preview/mhp_1`, APP).split(' ')).not.toContain('allow-same-origin');
    // Another port is another origin.
    expect(previewSandbox('https://cms.example.com:8443/preview/mhp_1', APP)).toContain('allow-same-origin');
  });
});

describe('renewDelay', () => {
  const now = Date.parse('2026-12-10T09:00:00.000Z');
  const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

  it('should renew five minutes before the token expires', () => {
    expect(renewDelay(inMinutes(60), now)).toBe(55 * 60_000);
    expect(renewDelay(inMinutes(20), now)).toBe(15 * 60_000);
  });

  it("should never wait longer than a token's hour, whatever the server's clock says", () => {
    expect(renewDelay(inMinutes(180), now)).toBe(55 * 60_000);
  });

  it('should wait a little at least, even for a token that looks expired', () => {
    expect(renewDelay(inMinutes(2), now)).toBe(MIN_RENEW_DELAY_MS);
    expect(renewDelay(inMinutes(-30), now)).toBe(MIN_RENEW_DELAY_MS);
    expect(renewDelay('not a date', now)).toBe(MIN_RENEW_DELAY_MS);
  });
});
