import type { DeliveryImage } from '@masthead/client';
import { describe, expect, it } from 'vitest';
import { featureImage, safeSrcset } from '../pages/images.js';

const CMS = 'https://cms.example.com';
const asset: DeliveryImage = {
  url: `${CMS}/storage/d/u/harbour.jpg`,
  assetId: '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  width: 1600,
  height: 1000,
  alt: 'The "harbour" <at> dawn',
  srcset: `${CMS}/img/a-0123456789abcdef-320.webp 320w, ${CMS}/storage/d/u/harbour.jpg 1600w`,
  sizes: '(max-width: 1280px) 100vw, 1280px',
  sources: [
    { type: 'image/avif', srcset: `${CMS}/img/a-0123456789abcdef-320.avif 320w` },
    { type: 'image/webp', srcset: `${CMS}/img/a-0123456789abcdef-320.webp 320w` },
  ],
};

describe('featureImage', () => {
  it('should render a <picture> with the AVIF and WebP sources and a sized, escaped <img>', () => {
    expect(String(featureImage(asset, asset.url))).toBe(
      '<picture>' +
        `<source type="image/avif" srcset="${CMS}/img/a-0123456789abcdef-320.avif 320w" sizes="(max-width: 1280px) 100vw, 1280px" />` +
        `<source type="image/webp" srcset="${CMS}/img/a-0123456789abcdef-320.webp 320w" sizes="(max-width: 1280px) 100vw, 1280px" />` +
        `<img class="feature" src="${asset.url}" alt="The &quot;harbour&quot; &lt;at&gt; dawn" width="1600" height="1000"` +
        ` srcset="${asset.srcset}" sizes="(max-width: 1280px) 100vw, 1280px" fetchpriority="high" />` +
        '</picture>',
    );
  });

  it('should render an external image as a plain <img>, and nothing for an address that is not http(s)', () => {
    const external = {
      ...asset,
      assetId: null,
      width: null,
      height: null,
      alt: '',
      srcset: '',
      sizes: '',
      sources: [],
    };
    expect(String(featureImage({ ...external, url: 'https://x.example/a.png' }, ''))).toBe(
      '<img class="feature" src="https://x.example/a.png" alt="" fetchpriority="high" />',
    );
    expect(String(featureImage({ ...external, url: 'javascript:alert(1)' }, ''))).toBe('');
    expect(String(featureImage(null, ''))).toBe('');
  });

  it('should drop every srcset candidate that is not an http(s) address', () => {
    expect(safeSrcset('javascript:alert(1) 1w, https://a.example/b.webp 320w, data:x 2w')).toBe(
      'https://a.example/b.webp 320w',
    );
  });
});
