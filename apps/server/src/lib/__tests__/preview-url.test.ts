import { describe, expect, it } from 'vitest';
import { fillPreviewUrl } from '../preview-url.js';

describe('fillPreviewUrl', () => {
  it('should fill the token, slug and id, each encoded, and leave {locale} empty', () => {
    expect(
      fillPreviewUrl('https://example.com/{locale}/p/{slug}?t={token}&id={id}&again={token}', {
        token: 'mhp_a-b_c',
        slug: 'ça/va?',
        id: '0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10',
      }),
    ).toBe(
      'https://example.com//p/%C3%A7a%2Fva%3F?t=mhp_a-b_c&id=0b7e6f0e-2f7c-4a53-9d7e-3f1f2c9c6a10&again=mhp_a-b_c',
    );
  });
});
