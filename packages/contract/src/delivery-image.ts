import { Type, type Static } from '@sinclair/typebox';

/*
 * Images as the delivery API describes them (issue 31, decision 065): an image that is a public
 * asset of the key's domain comes with its size, its text alternative and its variants' addresses
 * (`/img/<asset id>-<hash>-<width>.<ext>`, cacheable for ever), ready for <img srcset> or <picture>.
 */

export const DeliveryImageSource = Type.Object({
  type: Type.Union([Type.Literal('image/avif'), Type.Literal('image/webp')]),
  srcset: Type.String(),
});
export type DeliveryImageSource = Static<typeof DeliveryImageSource>;

const imageExample = {
  url: 'https://cms.example.com/storage/7d1e…/a1b2…/harbour.jpg',
  assetId: '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  width: 1600,
  height: 1067,
  alt: 'The harbour at dawn',
  srcset:
    'https://cms.example.com/img/3c9d…-0f1e2d3c4b5a6978-320.webp 320w, … https://cms.example.com/storage/7d1e…/harbour.jpg 1600w',
  sizes: '(max-width: 1280px) 100vw, 1280px',
  sources: [
    { type: 'image/avif', srcset: 'https://cms.example.com/img/3c9d…-0f1e2d3c4b5a6978-320.avif 320w, …' },
    { type: 'image/webp', srcset: 'https://cms.example.com/img/3c9d…-0f1e2d3c4b5a6978-320.webp 320w, …' },
  ],
};

export const DeliveryImage = Type.Object(
  {
    url: Type.String({ description: 'The image as it was uploaded (or the external address as written)' }),
    assetId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], {
      description: 'The public asset this is (GET /api/v1/assets/{id}); null for an image that is none',
    }),
    width: Type.Union([Type.Integer(), Type.Null()], { description: 'Pixels; null when not an asset' }),
    height: Type.Union([Type.Integer(), Type.Null()], { description: 'Pixels; null when not an asset' }),
    alt: Type.String({
      description: "The <img>'s own alt text, else the asset's description; '' when neither",
    }),
    srcset: Type.String({
      description:
        'WebP variants by width (never wider than the original), then the original at its own width ' +
        "when it is wider than the widest; '' when the image has no variants (not an asset, an asset " +
        'uploaded before variants existed, or a server with IMAGES=off)',
    }),
    sizes: Type.String({ description: "A default sizes for the srcset; '' when srcset is ''" }),
    sources: Type.Array(DeliveryImageSource, {
      description: 'AVIF then WebP, for <picture><source type srcset>; empty when srcset is empty',
    }),
  },
  { title: 'DeliveryImage', examples: [imageExample] },
);
export type DeliveryImage = Static<typeof DeliveryImage>;

export const DeliveryAssetVariant = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  type: Type.String({ description: 'image/avif, image/webp, or the original’s own type' }),
});
export type DeliveryAssetVariant = Static<typeof DeliveryAssetVariant>;

/** GET /api/v1/assets/{id}: one public asset of the key's domain, with every variant it has. */
export const DeliveryAsset = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String({ description: "The original's stable public URL" }),
    width: Type.Integer(),
    height: Type.Integer(),
    alt: Type.String({ description: "The asset's description" }),
    mimeType: Type.String({ description: 'image/png or image/jpeg' }),
    srcset: DeliveryImage.properties.srcset,
    sizes: DeliveryImage.properties.sizes,
    sources: DeliveryImage.properties.sources,
    variants: Type.Array(DeliveryAssetVariant, {
      description:
        "Every variant by width, smallest first; at each width AVIF, WebP, then the original's format. Empty without variants",
    }),
  },
  {
    title: 'DeliveryAsset',
    examples: [
      {
        id: imageExample.assetId,
        url: imageExample.url,
        width: imageExample.width,
        height: imageExample.height,
        alt: imageExample.alt,
        mimeType: 'image/jpeg',
        srcset: imageExample.srcset,
        sizes: imageExample.sizes,
        sources: imageExample.sources,
        variants: [
          {
            url: 'https://cms.example.com/img/3c9d…-0f1e2d3c4b5a6978-320.avif',
            width: 320,
            height: 213,
            type: 'image/avif',
          },
          {
            url: 'https://cms.example.com/img/3c9d…-0f1e2d3c4b5a6978-320.webp',
            width: 320,
            height: 213,
            type: 'image/webp',
          },
          {
            url: 'https://cms.example.com/img/3c9d…-0f1e2d3c4b5a6978-320.jpg',
            width: 320,
            height: 213,
            type: 'image/jpeg',
          },
        ],
      },
    ],
  },
);
export type DeliveryAsset = Static<typeof DeliveryAsset>;
