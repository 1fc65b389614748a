/** Cache tags (spec §4 Cache): asset writes refresh the asset list and the asset's own info. */
export const ASSET_LIST_TAG = { type: 'Asset', id: 'LIST' } as const;
export const assetTag = (id: string) => ({ type: 'Asset', id }) as const;
