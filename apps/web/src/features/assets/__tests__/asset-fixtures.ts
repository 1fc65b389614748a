import type { AssetInfo, PagedResponse } from '@masthead/contract';

let serial = 0;
export function asset(overrides: Partial<AssetInfo> = {}): AssetInfo {
  serial++;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  return {
    id,
    fileName: `photo-${serial}.png`,
    mimeType: 'image/png',
    fileKey: `d/${id}/photo-${serial}.png`,
    downloadUrl: `https://cdn.test/d/${id}/photo-${serial}.png`,
    description: `Photo number ${serial}`,
    createdDate: '2026-11-20T10:00:00.000Z',
    lastModifiedDate: '2026-11-20T10:00:00.000Z',
    signedUrl: `https://cdn.test/d/${id}/photo-${serial}.png?sig=1`,
    public: true,
    width: 10,
    height: 10,
    size: 100,
    ...overrides,
  };
}

export const assetPage = (
  entries: AssetInfo[],
  totalEntries = entries.length,
  currentPage = 0,
): PagedResponse<AssetInfo> => ({
  entries,
  totalEntries,
  currentPage,
  totalPages: Math.ceil(totalEntries / 10),
});

/** The first bytes of a PNG, enough for the magic-byte check. */
export const pngFile = (name = 'tiny.png', extra = 64) =>
  new File(
    [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(extra).fill(1)])],
    name,
    {
      type: 'image/png',
    },
  );
